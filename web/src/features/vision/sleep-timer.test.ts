import { describe, expect, it } from 'vitest';
import { FADE_MS, fadeGain, formatClock } from './sleep-timer';

describe('the sleep timer fade', () => {
  it('keeps the full volume until the last 30 seconds', () => {
    expect(FADE_MS).toBe(30_000);
    expect(fadeGain(10 * 60_000)).toBe(1);
    expect(fadeGain(30_000)).toBe(1);
  });

  it('falls to silence at the end, halfway at the middle of the fade', () => {
    expect(fadeGain(15_000)).toBeCloseTo(0.5, 10);
    expect(fadeGain(1)).toBeLessThan(0.001);
    expect(fadeGain(0)).toBe(0);
    expect(fadeGain(-500)).toBe(0);
  });

  it('only ever goes down as the time runs out', () => {
    let previous = 1;
    for (let remaining = 30_000; remaining >= 0; remaining -= 250) {
      const gain = fadeGain(remaining);
      expect(gain).toBeLessThanOrEqual(previous);
      previous = gain;
    }
  });

  it('follows a shorter fade when given one', () => {
    expect(fadeGain(5_000, 10_000)).toBeCloseTo(0.5, 10);
    expect(fadeGain(10_000, 10_000)).toBe(1);
  });
});

describe('the clock', () => {
  it('shows minutes and whole seconds', () => {
    expect(formatClock(245)).toBe('4:05');
    expect(formatClock(20 * 60)).toBe('20:00');
    expect(formatClock(1.9)).toBe('0:01');
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(-10)).toBe('0:00');
  });
});
