import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogEntry } from './api/get-daily-logs';
import {
  answerSections,
  formatLogDate,
  formatLogDateTime,
  formatLogDay,
  kindLabel,
  previewOf,
  resolveTimeZone,
} from './format';

const daily: LogEntry = {
  id: 'd1',
  kind: 'dailyAction',
  createdAt: '2026-11-25T04:30:00Z',
  sharedWithCoach: false,
  dailyAction: {
    id: 'd1',
    createdAt: '2026-11-25T04:30:00Z',
    r1: '  Made\n 8 of 10   free throws ',
    r2: 'Breathe before the shot',
    r3: 7,
    towardFocus: false,
    q1: 'Shoot 100 free throws',
    q2: 'Watch film',
    q3: 'Stretch',
    q4: 'Visualise',
    q5: 'Sleep by 10',
    q6: 'Call grandma',
  },
  weeklyMap: null,
};

const weekly = (first: boolean): LogEntry => ({
  id: 'w1',
  kind: 'weeklyMap',
  createdAt: '2026-11-22T18:00:00Z',
  sharedWithCoach: false,
  dailyAction: null,
  weeklyMap: {
    id: 'w1',
    createdAt: '2026-11-22T18:00:00Z',
    first,
    q1: first ? null : 'Won the derby',
    q2: first ? null : 'Trust the team',
    q3: first ? null : 'Rest more',
    q4: first ? null : 8,
    q5: first ? null : 'My coach',
    q6: 'Objective one',
    q7: 'Objective two',
    q8: 'Objective three',
    q9: 'Read',
    q10: 'Run',
    q11: 'Family dinner',
  },
});

describe('dates', () => {
  it("shows the day in the athlete's zone", () => {
    expect(formatLogDate(daily.createdAt, 'America/Los_Angeles')).toBe('Tuesday, November 24, 2026');
    expect(formatLogDate(daily.createdAt, 'Europe/Berlin')).toBe('Wednesday, November 25, 2026');
    expect(formatLogDay(daily.createdAt, 'America/Los_Angeles')).toBe('Tue, Nov 24, 2026');
    expect(formatLogDateTime(daily.createdAt, 'America/Los_Angeles')).toBe('Tuesday, November 24, 2026 at 8:30 PM');
  });

  it('falls back to the browser zone for an unknown or missing name', () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(resolveTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(resolveTimeZone('Not/AZone')).toBe(browser);
    expect(resolveTimeZone(null)).toBe(browser);
  });

  describe('on a device that reports no zone', () => {
    afterEach(() => vi.restoreAllMocks());

    it('shows dates in UTC, a zone it can name', () => {
      const real = Intl.DateTimeFormat.prototype.resolvedOptions;
      vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
        this: Intl.DateTimeFormat,
      ) {
        return { ...real.call(this), timeZone: undefined as unknown as string };
      });
      const zone = resolveTimeZone(null);
      expect(zone).toBe('UTC');
      expect(formatLogDate(daily.createdAt, zone)).toBe('Wednesday, November 25, 2026');
    });
  });
});

describe('rows', () => {
  it('labels both kinds', () => {
    expect(kindLabel('dailyAction')).toBe('Daily action');
    expect(kindLabel('weeklyMap')).toBe('Weekly map');
  });

  it('previews one line of the wins, or the first objective of a first map', () => {
    expect(previewOf(daily)).toBe('Made 8 of 10 free throws');
    expect(previewOf(weekly(false))).toBe('Won the derby');
    expect(previewOf(weekly(true))).toBe('Objective one');
    const long = { ...daily, dailyAction: { ...daily.dailyAction!, r1: 'x'.repeat(300) } };
    expect(previewOf(long)).toHaveLength(140);
    expect(previewOf(long).endsWith('…')).toBe(true);
  });
});

describe('answerSections', () => {
  it('lists all nine answers of a daily action with their questions', () => {
    const sections = answerSections(daily);
    expect(sections.map((s) => s.heading)).toEqual(['Review', 'Plan']);
    const answers = sections.flatMap((s) => s.answers);
    expect(answers).toHaveLength(9);
    expect(answers[2]).toEqual({ key: 'r3', label: 'How present I was today (1-10)', value: '7 / 10' });
    expect(answers[8]).toEqual({ key: 'q6', label: 'Soul', value: 'Call grandma' });
  });

  it('lists all eleven answers of a weekly map, and only the plan of a first map', () => {
    const full = answerSections(weekly(false)).flatMap((s) => s.answers);
    expect(full.map((a) => a.key)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8', 'q9', 'q10', 'q11']);
    expect(full[3].value).toBe('8 / 10');
    const first = answerSections(weekly(true));
    expect(first.map((s) => s.heading)).toEqual(['Plan']);
    expect(first[0].answers).toHaveLength(6);
  });
});
