import { describe, expect, it } from 'vitest';
import {
  addDays,
  countedInSettledZone,
  dashboardOccasion,
  dueCelebration,
  noteCelebrated,
  streakStart,
  visionOccasion,
  wasCelebrated,
  type DashboardFigures,
} from './celebrations';

const NONE = { visionListened: false, breathingDone: false, dailyActionSaved: false };
const ALL = { visionListened: true, breathingDone: true, dailyActionSaved: true };
const ONE = { visionListened: false, breathingDone: true, dailyActionSaved: false };

/** The dashboard's figures on `today` with a streak of `streakDays` (practice on each of its days). */
function figures(today: string, streakDays: number, checklist = ALL): DashboardFigures {
  const practised = checklist.visionListened || checklist.breathingDone || checklist.dailyActionSaved;
  return {
    checklist,
    streakDays,
    today,
    heatmap: [
      { date: addDays(today, -1), count: streakDays > (practised ? 1 : 0) ? 2 : 0, rest: false },
      { date: today, count: practised ? 2 : 0, rest: false },
    ],
  };
}

function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe('addDays', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('the dashboard occasion', () => {
  it('is none before all three are done on a day that is no milestone', () => {
    expect(dashboardOccasion(figures('2026-11-26', 1, ONE))).toBeNull();
    expect(dashboardOccasion(figures('2026-11-26', 2, NONE))).toBeNull();
  });

  it('is 3 of 3 once all three of today are done, keyed by the day', () => {
    expect(dashboardOccasion(figures('2026-11-26', 2))).toEqual({ kind: 'allDone', key: 'all-done:2026-11-26' });
  });

  it('is the milestone on each of 3, 7, 21, 50 and 100 days, keyed by the streak’s first day', () => {
    for (const days of [3, 7, 21, 50, 100]) {
      expect(dashboardOccasion(figures('2026-11-26', days, ONE))).toEqual({
        kind: 'milestone',
        days,
        key: `streak-${days}:${addDays('2026-11-26', 1 - days)}`,
      });
    }
    for (const days of [4, 6, 8, 20, 22, 99, 101]) expect(dashboardOccasion(figures('2026-11-26', days, ONE))).toBeNull();
  });

  it('is the milestone, not 3 of 3, when both fall on the same day', () => {
    expect(dashboardOccasion(figures('2026-11-26', 7))).toMatchObject({ kind: 'milestone', days: 7 });
  });

  it('leaves the milestone out when the athlete hid the streak, 3 of 3 still counts', () => {
    expect(dashboardOccasion(figures('2026-11-26', 7, ONE), { streakHidden: true })).toBeNull();
    expect(dashboardOccasion(figures('2026-11-26', 7), { streakHidden: true })).toMatchObject({ kind: 'allDone' });
  });

  it('keys a streak that ended yesterday by the same first day as on the day it was reached', () => {
    const reached = dashboardOccasion(figures('2026-11-26', 3, ONE));
    // The next morning, before any practice: the server still counts yesterday's 3 days.
    const nextMorning = dashboardOccasion(figures('2026-11-27', 3, NONE));
    expect(nextMorning).toEqual(reached);
    expect(streakStart(figures('2026-11-27', 3, NONE))).toBe('2026-11-24');
  });
});

describe('once per occasion', () => {
  it('is due until shown, then never again for that member on this device', () => {
    const store = memoryStore();
    const occasion = dashboardOccasion(figures('2026-11-26', 2));
    expect(dueCelebration('member-a', occasion, store)).toEqual(occasion);
    noteCelebrated('member-a', occasion!.key, store);
    expect(dueCelebration('member-a', occasion, store)).toBeNull();
    expect(wasCelebrated('member-a', occasion!.key, store)).toBe(true);
    // Another member on the same device still gets theirs.
    expect(dueCelebration('member-b', occasion, store)).toEqual(occasion);
    // And the same member tomorrow.
    expect(dueCelebration('member-a', dashboardOccasion(figures('2026-11-27', 2)), store)).not.toBeNull();
  });

  it('keeps the milestone shown, so 3 of 3 later that day does not follow it', () => {
    const store = memoryStore();
    const morning = dashboardOccasion(figures('2026-11-26', 3, ONE));
    noteCelebrated('m', morning!.key, store);
    const evening = dashboardOccasion(figures('2026-11-26', 3));
    expect(evening).toEqual(morning);
    expect(dueCelebration('m', evening, store)).toBeNull();
  });

  it('celebrates 3 days again when a broken streak reaches 3 again', () => {
    const store = memoryStore();
    const first = dashboardOccasion(figures('2026-11-26', 3, ONE));
    noteCelebrated('m', first!.key, store);
    // The streak broke; ten days later a new one reaches 3 days.
    const again = dashboardOccasion(figures('2026-12-06', 3, ONE));
    expect(again?.key).not.toBe(first?.key);
    expect(dueCelebration('m', again, store)).toEqual(again);
  });

  it('celebrates each completion of the vision once', () => {
    const store = memoryStore();
    const first = visionOccasion('2026-11-26T10:00:00Z');
    noteCelebrated('m', first.key, store);
    expect(dueCelebration('m', first, store)).toBeNull();
    expect(dueCelebration('m', visionOccasion('2027-02-01T10:00:00Z'), store)).not.toBeNull();
  });

  it('has nothing due without a member or an occasion, and survives a damaged memory', () => {
    const store = memoryStore();
    expect(dueCelebration('', visionOccasion('x'), store)).toBeNull();
    expect(dueCelebration('m', null, store)).toBeNull();
    store.items.set('swaz.celebrated.m', '{not json');
    expect(dueCelebration('m', visionOccasion('x'), store)).not.toBeNull();
  });

  it('remembers a bounded number of occasions', () => {
    const store = memoryStore();
    for (let day = 0; day < 100; day += 1) noteCelebrated('m', `all-done:${addDays('2026-01-01', day)}`, store);
    expect((JSON.parse(store.items.get('swaz.celebrated.m')!) as string[]).length).toBe(60);
    expect(wasCelebrated('m', `all-done:${addDays('2026-01-01', 99)}`, store)).toBe(true);
  });
});

describe('the zone a celebration waits for', () => {
  it('waits while the dashboard is still counted in UTC and the device has a zone to store', () => {
    expect(countedInSettledZone('UTC', null, 'America/Los_Angeles')).toBe(false);
    expect(countedInSettledZone('UTC', undefined, 'America/Los_Angeles')).toBe(false);
  });

  it('waits for the dashboard read again after the zone was stored', () => {
    expect(countedInSettledZone('UTC', 'America/Los_Angeles', 'America/Los_Angeles')).toBe(false);
    expect(countedInSettledZone('America/Los_Angeles', 'America/Los_Angeles', 'America/Los_Angeles')).toBe(true);
  });

  it('follows a zone the athlete chose over the device’s', () => {
    expect(countedInSettledZone('Europe/Paris', 'Europe/Paris', 'America/Los_Angeles')).toBe(true);
  });

  it('takes UTC as settled on a device that cannot tell its zone', () => {
    expect(countedInSettledZone('UTC', null, undefined)).toBe(true);
  });
});
