import { deviceTimeZoneOrUtc } from '@/lib/device-time-zone';
import type { LogEntry } from './api/get-daily-logs';

/**
 * The zone to show dates in: the athlete's stored one when Intl knows it, else the device's, else
 * UTC (a device that reports none).
 */
export function resolveTimeZone(candidate: string | null | undefined): string {
  if (candidate) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: candidate });
      return candidate;
    } catch {
      // An unknown name: fall through to the browser's zone.
    }
  }
  return deviceTimeZoneOrUtc();
}

/** 'Tuesday, November 24, 2026' in the given zone. */
export function formatLogDate(createdAt: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(createdAt));
}

/** 'Tue, Nov 24, 2026' in the given zone: the list's shorter form. */
export function formatLogDay(createdAt: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(createdAt));
}

/** 'Tuesday, November 24, 2026 at 8:05 PM' in the given zone. */
export function formatLogDateTime(createdAt: string, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(new Date(createdAt));
  return `${formatLogDate(createdAt, timeZone)} at ${time}`;
}

export { answerSections, isFirstMap, kindLabel, type Answer, type AnswerSection } from '@/lib/log-entry';

const PREVIEW_MAX = 140;

/** One line of the entry: the wins of a daily action, the biggest win (or first objective) of a map. */
export function previewOf(entry: LogEntry): string {
  let text = '';
  if (entry.dailyAction) text = entry.dailyAction.r1 || entry.dailyAction.q1;
  else if (entry.weeklyMap) text = entry.weeklyMap.q1 || entry.weeklyMap.q6;
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_MAX ? `${line.slice(0, PREVIEW_MAX - 1).trimEnd()}…` : line;
}
