import { parseDay } from '@/components/ui/practice-calendar';
import type { components } from '@/lib/api/schema';

export type Board = components['schemas']['Board'];
export type BoardAthlete = components['schemas']['BoardAthlete'];
export type AthleteDetail = components['schemas']['AthleteDetail'];
export type Flag = components['schemas']['Flag'];
export type CheckinFigures = components['schemas']['CheckinFigures'];
export type Share = components['schemas']['Share'];

/** Longest note or focus the server takes (NudgeMessage, FocusText). */
export const NUDGE_MAX = 280;
export const FOCUS_MAX = 280;

const DAY_MS = 86_400_000;

/**
 * When the athlete last practised, in words: 'Today', 'Yesterday', '3 days ago', counted in
 * whole days between the two instants (the coach reads it, in the coach's own time).
 */
export function sinceText(lastPracticeAt: string | null | undefined, now: Date): string {
  if (!lastPracticeAt) return 'Never';
  const days = Math.floor((now.getTime() - new Date(lastPracticeAt).getTime()) / DAY_MS);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return `${days} days ago`;
}

/** The sparkline's points: one per day, oldest left, 0 at the bottom, the highest count at the top. */
export function sparklinePoints(counts: number[], width: number, height: number, pad = 2): string {
  if (counts.length === 0) return '';
  const max = Math.max(1, ...counts);
  const step = counts.length > 1 ? (width - 2 * pad) / (counts.length - 1) : 0;
  return counts
    .map((count, i) => {
      const x = pad + i * step;
      const y = height - pad - (Math.max(0, count) / max) * (height - 2 * pad);
      return `${round(x)},${round(y)}`;
    })
    .join(' ');
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Days with any practice among the counts. */
export function daysPractised(counts: number[]): number {
  return counts.filter((count) => count > 0).length;
}

const shortDayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '24 Nov' for '2026-11-24' (a calendar day, so no zone can shift it). */
export function shortDay(date: string): string {
  return shortDayFormat.format(parseDay(date));
}

/** An average to one decimal ('3.5'); whole numbers stay plain ('4'). */
export function averageText(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
