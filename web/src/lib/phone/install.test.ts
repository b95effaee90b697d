import { describe, expect, it } from 'vitest';
import { DISMISS_FOR_MS, dismissInstall, installDismissed, isAppleMobile } from './install';

describe('installing SWAZ', () => {
  it('knows iPhone and iPad, including iPadOS that says Macintosh', () => {
    expect(isAppleMobile('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1', 5)).toBe(true);
    expect(isAppleMobile('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 5)).toBe(true);
    expect(isAppleMobile('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/18.1 Safari/605.1.15', 5)).toBe(true);
    expect(isAppleMobile('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/18.1 Safari/605.1.15', 0)).toBe(false);
    expect(isAppleMobile('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile', 5)).toBe(false);
  });

  it('"Not now" hides the offer for a month, then it may come back', () => {
    const map = new Map<string, string>();
    const store = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    const t0 = Date.parse('2026-11-26T20:00:00Z');
    expect(installDismissed(t0, store)).toBe(false);
    dismissInstall(t0, store);
    expect(installDismissed(t0 + 1000, store)).toBe(true);
    expect(installDismissed(t0 + DISMISS_FOR_MS + 1, store)).toBe(false);
  });
});
