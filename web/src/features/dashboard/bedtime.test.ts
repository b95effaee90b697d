import { describe, expect, it } from 'vitest';
import { hourIn, isEvening } from './bedtime';

describe('the evening invitation', () => {
  it('starts at 6 pm in the athlete’s zone, not the browser’s', () => {
    const at = new Date('2026-11-24T17:30:00Z');
    expect(hourIn(at, 'Europe/Berlin')).toBe(18);
    expect(isEvening(at, 'Europe/Berlin')).toBe(true);
    expect(isEvening(at, 'America/Los_Angeles')).toBe(false);
    expect(isEvening(at, 'UTC')).toBe(false);
  });

  it('ends at midnight', () => {
    expect(isEvening(new Date('2026-11-24T23:59:00Z'), 'UTC')).toBe(true);
    expect(isEvening(new Date('2026-11-25T00:00:00Z'), 'UTC')).toBe(false);
  });

  it('falls back to the browser’s zone for a zone it does not know', () => {
    expect(() => hourIn(new Date(), 'Not/AZone')).not.toThrow();
  });
});
