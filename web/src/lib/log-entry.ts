import type { components } from '@/lib/api/schema';

/**
 * How a daily action or weekly map reads, question by question: the daily logs show the
 * athlete their own entries this way and the team screens show a coach the ones shared.
 */
type LogEntry = components['schemas']['LogEntry'];

export const logEntryTexts = {
  kinds: {
    dailyAction: 'Daily action',
    weeklyMap: 'Weekly map',
  } as Record<string, string>,
  review: 'Review',
  plan: 'Plan',
  rating: (value: number) => `${value} / 10`,
  blank: '—',

  dailyAction: {
    r1: "Today's wins",
    r2: 'What I learned today',
    r3: 'How present I was today (1-10)',
    q1: 'Vision objective 1',
    q2: 'Vision objective 2',
    q3: 'Vision objective 3',
    q4: 'Mind',
    q5: 'Body',
    q6: 'Soul',
  },

  weeklyMap: {
    q1: "This week's biggest win",
    q2: "This week's lesson",
    q3: "What I'll do differently",
    q4: 'How closely I lived my vision (1-10)',
    q5: 'What I am grateful for',
    q6: 'Vision objective 1',
    q7: 'Vision objective 2',
    q8: 'Vision objective 3',
    q9: 'Mind',
    q10: 'Body',
    q11: 'Soul',
  },
};

const t = logEntryTexts;

/** 'Daily action' or 'Weekly map'; an unknown kind shows as it came. */
export function kindLabel(kind: string): string {
  return t.kinds[kind] ?? kind;
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
