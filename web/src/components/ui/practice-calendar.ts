/** One day of the practice calendar as the API sends it. */
export interface HeatmapDay {
  date: string;
  count: number;
  /** A rest day the athlete chose: it pauses the streak instead of breaking it. */
  rest?: boolean;
}

/** A day placed in the 12 × 7 grid. */
export interface HeatmapCell extends HeatmapDay {
  /** Week column, 0 (oldest) to 11 (the week ending today). */
  column: number;
  /** Row within the week, 0 to 6; a row is always the same weekday. */
  row: number;
  /** Colour step, 0 (no practice) to {@link MAX_LEVEL}. */
  level: number;
}

export const WEEKS = 12;
export const DAYS_PER_WEEK = 7;
export const MAX_LEVEL = 4;

/** Colour step of a day's count: 0 none, then 1, 2, 3 and 4 or more practices. */
export function levelOf(count: number): number {
  if (count <= 0) return 0;
  return Math.min(count, MAX_LEVEL);
}

/**
 * Lays the days (oldest first, ending today) out in week columns: day i goes to column
 * ⌊i / 7⌋, row i mod 7. With 84 days today lands in the bottom-right cell and each row
 * holds one weekday. Extra days at the start are dropped so that today stays last.
 */
export function heatmapCells(days: HeatmapDay[]): HeatmapCell[] {
  const recent = days.slice(-WEEKS * DAYS_PER_WEEK);
  const offset = WEEKS * DAYS_PER_WEEK - recent.length;
  return recent.map((day, index) => {
    const slot = index + offset;
    return {
      ...day,
      column: Math.floor(slot / DAYS_PER_WEEK),
      row: slot % DAYS_PER_WEEK,
      level: levelOf(day.count),
    };
  });
}

/** A `YYYY-MM-DD` calendar date as a UTC midnight, so no zone can shift its day. */
export function parseDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, (m ?? 1) - 1, d ?? 1));
}

// A formatter is slow to build and quick to use: each is built once, not once per day drawn
// (84 builds made it the heaviest JavaScript function of the dashboard's load in a throttled profile).
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const weekdayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

/** '24 November 2026' for '2026-11-24'. */
export function formatDay(date: string): string {
  return dayFormat.format(parseDay(date));
}

/** The short weekday of each row ('Mon'...), read from the first column. */
export function rowWeekdays(cells: HeatmapCell[]): string[] {
  const labels: string[] = [];
  for (const cell of cells) {
    if (labels[cell.row] === undefined) labels[cell.row] = weekdayFormat.format(parseDay(cell.date));
  }
  return labels;
}

/** Days with at least one practice. */
export function activeDays(days: HeatmapDay[]): number {
  return days.filter((day) => day.count > 0).length;
}

/** Month names above the columns where a new month begins ('Sep', 'Oct'...). */
export function columnMonths(cells: HeatmapCell[]): { column: number; label: string }[] {
  const labels: { column: number; label: string }[] = [];
  let previous = '';
  for (const cell of cells) {
    if (cell.row !== 0) continue;
    const month = monthFormat.format(parseDay(cell.date));
    if (month !== previous) labels.push({ column: cell.column, label: month });
    previous = month;
  }
  return labels;
}
