import { describe, expect, it } from 'vitest';
import { countdownText, formatCallTime, isLive } from './live-call';

const start = new Date('2026-11-25T04:00:00Z'); // Tuesday 24 November, 8pm in Los Angeles
const before = (ms: number) => new Date(start.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('countdownText', () => {
  it('shows days and hours when a day or more is left', () => {
    expect(countdownText(start, 60, before(2 * DAY + 3 * HOUR + 20 * MIN))).toBe('in 2 days 3 hours');
    expect(countdownText(start, 60, before(DAY + 30 * MIN))).toBe('in 1 day');
    expect(countdownText(start, 60, before(6 * DAY + HOUR))).toBe('in 6 days 1 hour');
  });

  it('shows hours and minutes within a day, minutes within an hour', () => {
    expect(countdownText(start, 60, before(3 * HOUR + 12 * MIN + 30_000))).toBe('in 3 hours 12 minutes');
    expect(countdownText(start, 60, before(HOUR))).toBe('in 1 hour');
    expect(countdownText(start, 60, before(MIN))).toBe('in 1 minute');
    expect(countdownText(start, 60, before(59 * MIN + 59_000))).toBe('in 59 minutes');
    expect(countdownText(start, 60, before(30_000))).toBe('in less than a minute');
  });

  it('says live while the call runs and just ended afterwards', () => {
    expect(countdownText(start, 60, start)).toBe('live now');
    expect(countdownText(start, 60, new Date(start.getTime() + 59 * MIN))).toBe('live now');
    expect(countdownText(start, 60, new Date(start.getTime() + 60 * MIN))).toBe('just ended');
    expect(isLive(start, 60, new Date(start.getTime() + 10 * MIN))).toBe(true);
    expect(isLive(start, 60, before(MIN))).toBe(false);
  });
});

describe('formatCallTime', () => {
  it("shows the call in the viewer's zone with its abbreviation", () => {
    expect(formatCallTime(start, 'America/Los_Angeles')).toBe('Tuesday, November 24 at 8:00 PM PST');
    expect(formatCallTime(start, 'America/New_York')).toBe('Tuesday, November 24 at 11:00 PM EST');
    expect(formatCallTime(start, 'UTC')).toBe('Wednesday, November 25 at 4:00 AM UTC');
  });

  it('follows daylight saving time', () => {
    expect(formatCallTime(new Date('2026-07-08T03:00:00Z'), 'America/Los_Angeles')).toBe(
      'Tuesday, July 7 at 8:00 PM PDT',
    );
  });
});
