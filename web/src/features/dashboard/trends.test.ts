import { describe, expect, it } from 'vitest';
import { average, series, sparklinePath, windowDates, type CheckinScores } from './trends';

function checkin(date: string, n: number): CheckinScores {
  return { date, sleep: n, energy: n, mood: n, stress: 6 - n, confidence: n };
}

describe('check-in trends', () => {
  it('lists the days of the window ending today, oldest first', () => {
    expect(windowDates('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(windowDates('2026-11-24', 28)).toHaveLength(28);
  });

  it('puts each check-in on its day and leaves the other days empty', () => {
    const list = [checkin('2026-11-24', 4), checkin('2026-11-22', 2), checkin('2026-10-01', 5)];
    expect(series(list, 'sleep', '2026-11-24', 4)).toEqual([null, 2, null, 4]);
    expect(series(list, 'stress', '2026-11-24', 1)).toEqual([2]);
  });

  it('averages the days with a check-in to one decimal', () => {
    expect(average([null, 2, null, 4, 5])).toBe(3.7);
    expect(average([null, null])).toBeNull();
  });

  it('draws a line from 1 at the bottom to 5 at the top, broken by missing days', () => {
    expect(sparklinePath([1, 5], 100, 20, 0)).toBe('M0.0 20.0 L100.0 0.0');
    expect(sparklinePath([3, null, 3, 3], 30, 20, 0)).toBe('M0.0 10.0 L1.5 10.0 M20.0 10.0 L30.0 10.0');
    expect(sparklinePath([null, null], 10, 10)).toBe('');
  });
});
