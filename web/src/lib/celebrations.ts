import type { components } from '@/lib/api/schema';

/**
 * Which moment of the athlete's practice gets a celebration (issue 29), and the memory that
 * shows each one once. Finishing the vision, 3 of 3 today and the streak's milestones each
 * have a key; a key shown once on this device is not shown again there.
 *
 * The memory is kept per member under `swaz.celebrated.<member id>`. Sign-out leaves it (unlike
 * the vision drafts): it holds only which occasions were shown, nothing the next person on the
 * browser could read about the athlete, and forgetting it would celebrate the same day again
 * after every sign-in.
 */

/** Streak lengths, in days, that are celebrated. */
export const STREAK_MILESTONES = [3, 7, 21, 50, 100] as const;
export type Milestone = (typeof STREAK_MILESTONES)[number];

export type Occasion =
  | { kind: 'vision'; key: string }
  | { kind: 'allDone'; key: string }
  | { kind: 'milestone'; days: Milestone; key: string };

type Dashboard = components['schemas']['Dashboard'];
export type DashboardFigures = Pick<Dashboard, 'checklist' | 'streakDays' | 'today' | 'heatmap'>;

export function isMilestone(days: number): days is Milestone {
  return (STREAK_MILESTONES as readonly number[]).includes(days);
}

/** `YYYY-MM-DD` moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

function allDone({ checklist }: Pick<DashboardFigures, 'checklist'>): boolean {
  return checklist.visionListened && checklist.breathingDone && checklist.dailyActionSaved;
}

/** Whether today already counts in the streak: any practice today. */
export function practisedToday({ checklist, heatmap, today }: Omit<DashboardFigures, 'streakDays'>): boolean {
  const last = heatmap.at(-1);
  return (
    checklist.visionListened ||
    checklist.breathingDone ||
    checklist.dailyActionSaved ||
    (last?.date === today && last.count > 0)
  );
}

/**
 * The first day of the current streak. The server counts a streak that ended yesterday until
 * today ends, so before today's first practice the streak ends yesterday.
 */
export function streakStart(figures: DashboardFigures): string {
  const lastDay = practisedToday(figures) ? figures.today : addDays(figures.today, -1);
  return addDays(lastDay, 1 - figures.streakDays);
}

/**
 * The dashboard's occasion, if any: a streak milestone (unless the athlete hid the streak)
 * outranks 3 of 3 today, so a day shows one celebration, never two.
 */
export function dashboardOccasion(
  figures: DashboardFigures,
  { streakHidden = false }: { streakHidden?: boolean } = {},
): Occasion | null {
  if (!streakHidden && isMilestone(figures.streakDays)) {
    const days = figures.streakDays;
    return { kind: 'milestone', days, key: `streak-${days}:${streakStart(figures)}` };
  }
  if (allDone(figures)) return { kind: 'allDone', key: `all-done:${figures.today}` };
  return null;
}

/**
 * Whether the dashboard's days are counted in the athlete's settled zone, so its "today" is
 * the one to key a celebration by. Before the app has stored a zone the server counts in UTC,
 * and the first visit stores the device's zone and reads the dashboard again: celebrating the
 * first read would key 3 of 3 (or a milestone) by the UTC date, which in the evening of the
 * Americas or the morning of Asia is another day, and the real one would not be celebrated.
 * `storedZone` is the profile's; `deviceZone` the browser's (none when it cannot tell, and
 * then UTC is all there will be).
 */
export function countedInSettledZone(
  dashboardZone: string,
  storedZone: string | null | undefined,
  deviceZone: string | undefined,
): boolean {
  if (storedZone) return dashboardZone === storedZone;
  return !deviceZone;
}

/** Finishing the vision; `savedAt` (the vision's `updatedAt`) tells one completion from the next. */
export function visionOccasion(savedAt: string): Occasion {
  return { kind: 'vision', key: `vision:${savedAt}` };
}

// ---- Memory of the occasions shown on this device ----

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** Enough for months of days; older keys can never apply again. */
const REMEMBERED = 60;

const storageKey = (memberId: string) => `swaz.celebrated.${memberId}`;

function shown(memberId: string, store: KeyValueStore): string[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(storageKey(memberId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether this occasion was already celebrated for this member on this device. */
export function wasCelebrated(memberId: string, key: string, store: KeyValueStore = localStorage): boolean {
  return shown(memberId, store).includes(key);
}

/** Remembers that this occasion has been celebrated. */
export function noteCelebrated(memberId: string, key: string, store: KeyValueStore = localStorage) {
  const keys = shown(memberId, store).filter((known) => known !== key);
  keys.push(key);
  try {
    store.setItem(storageKey(memberId), JSON.stringify(keys.slice(-REMEMBERED)));
  } catch {
    // Private mode or a full quota: at worst the moment is celebrated once more.
  }
}

/** The occasion to celebrate now: the one that applies, unless it was celebrated before. */
export function dueCelebration(
  memberId: string,
  occasion: Occasion | null,
  store: KeyValueStore = localStorage,
): Occasion | null {
  if (!memberId || !occasion) return null;
  try {
    return wasCelebrated(memberId, occasion.key, store) ? null : occasion;
  } catch {
    return null;
  }
}
