import type { LogEntry } from './api/get-daily-logs';
import { logsTexts as t } from './texts';

/** The zone to show dates in: the athlete's stored one when Intl knows it, else the browser's. */
export function resolveTimeZone(candidate: string | null | undefined): string {
  if (candidate) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: candidate });
      return candidate;
    } catch {
      // An unknown name: fall through to the browser's zone.
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
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

/** 'Daily action' or 'Weekly map'; an unknown kind shows as it came. */
export function kindLabel(kind: string): string {
  return t.kinds[kind] ?? kind;
}

const PREVIEW_MAX = 140;

/** One line of the entry: the wins of a daily action, the biggest win (or first objective) of a map. */
export function previewOf(entry: LogEntry): string {
  let text = '';
  if (entry.dailyAction) text = entry.dailyAction.r1 || entry.dailyAction.q1;
  else if (entry.weeklyMap) text = entry.weeklyMap.q1 || entry.weeklyMap.q6;
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_MAX ? `${line.slice(0, PREVIEW_MAX - 1).trimEnd()}…` : line;
}

export interface Answer {
  key: string;
  label: string;
  value: string;
}

export interface AnswerSection {
  heading: string;
  answers: Answer[];
}

function text(value: string | null | undefined): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : t.blank;
}

function rating(value: number | null | undefined): string {
  return typeof value === 'number' ? t.rating(value) : t.blank;
}

/**
 * Every answer of the entry with its question, review first, then plan. A first weekly map
 * has no review (DESIGN §5), so its review section is left out.
 */
export function answerSections(entry: LogEntry): AnswerSection[] {
  const d = entry.dailyAction;
  if (d) {
    const l = t.dailyAction;
    return [
      {
        heading: t.review,
        answers: [
          { key: 'r1', label: l.r1, value: text(d.r1) },
          { key: 'r2', label: l.r2, value: text(d.r2) },
          { key: 'r3', label: l.r3, value: rating(d.r3) },
        ],
      },
      {
        heading: t.plan,
        answers: (['q1', 'q2', 'q3', 'q4', 'q5', 'q6'] as const).map((key) => ({
          key,
          label: l[key],
          value: text(d[key]),
        })),
      },
    ];
  }
  const w = entry.weeklyMap;
  if (w) {
    const l = t.weeklyMap;
    const plan: AnswerSection = {
      heading: t.plan,
      answers: (['q6', 'q7', 'q8', 'q9', 'q10', 'q11'] as const).map((key) => ({
        key,
        label: l[key],
        value: text(w[key]),
      })),
    };
    if (w.first) return [plan];
    return [
      {
        heading: t.review,
        answers: [
          { key: 'q1', label: l.q1, value: text(w.q1) },
          { key: 'q2', label: l.q2, value: text(w.q2) },
          { key: 'q3', label: l.q3, value: text(w.q3) },
          { key: 'q4', label: l.q4, value: rating(w.q4) },
          { key: 'q5', label: l.q5, value: text(w.q5) },
        ],
      },
      plan,
    ];
  }
  return [];
}

/** True for a weekly map saved as the athlete's first (no review). */
export function isFirstMap(entry: LogEntry): boolean {
  return Boolean(entry.weeklyMap?.first);
}
