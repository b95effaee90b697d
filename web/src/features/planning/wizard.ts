import type { components } from '@/lib/api/schema';
import { dailyQuestions, weeklyQuestions, type PlanningQuestion } from './texts';

export type DailyActionEntry = components['schemas']['DailyActionEntry'];
export type WeeklyMapEntry = components['schemas']['WeeklyMapEntry'];
export type DailyActionBody = components['schemas']['DailyActionBody'];
export type WeeklyMapBody = components['schemas']['WeeklyMapBody'];

export type DailyKey = (typeof dailyQuestions)[number]['key'];
export type WeeklyKey = (typeof weeklyQuestions)[number]['key'];

/** Answers as typed; a rating is kept as its digits until the body is built. */
export type Answers<K extends string> = Partial<Record<K, string>>;

/** The two parts of the athlete's vision shown as a reminder: q3 (athletic vision) and q5 (1-year goal). */
export interface VisionReminder {
  athletic: string;
  yearGoal: string;
}

/** SPEC §3: daily-action wizard state. */
export interface DailyWizardState {
  order: number;
  dailyAction: Answers<DailyKey>;
  athleticVision: VisionReminder | null;
  dailyActionFinishedResponse: DailyActionEntry | null;
  /** The save's Idempotency-Key, made at the first Save and kept until the next draft. */
  draftKey: string | null;
  /** "My plan today works on the team focus", ticked (kept across a reload like the answers). */
  towardFocus: boolean;
}

/**
 * SPEC §3: weekly-map wizard state. `first` is null until known (a wizard opened
 * without Start asks the server); the finished response mirrors the daily one.
 */
export interface WeeklyWizardState {
  order: number;
  weeklyMap: Answers<WeeklyKey>;
  first: boolean | null;
  athleticVision: VisionReminder | null;
  weeklyMapFinishedResponse: WeeklyMapEntry | null;
  /** The save's Idempotency-Key, made at the first Save and kept until the next draft. */
  draftKey: string | null;
}

/** SPEC §4: go forward, go back, jump by an amount, or go to a step (an Edit link). */
export type WizardMove =
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'jump'; by: number }
  | { type: 'goTo'; order: number };

type CommonAction<K extends string, R> =
  | WizardMove
  | { type: 'answer'; key: K; value: string }
  | { type: 'setVision'; vision: VisionReminder | null }
  | { type: 'finished'; response: R }
  /** Keeps the key of the first Save: a second Save of this draft (a retry) sends the same. */
  | { type: 'draftKey'; key: string };

export type DailyWizardAction =
  | CommonAction<DailyKey, DailyActionEntry>
  | { type: 'reset' }
  | { type: 'towardFocus'; on: boolean };
export type WeeklyWizardAction =
  | CommonAction<WeeklyKey, WeeklyMapEntry>
  | { type: 'reset'; first: boolean }
  /** Fills in `first` for a wizard opened without Start; ignored once known. */
  | { type: 'resolveFirst'; first: boolean };

export const initialDailyState: DailyWizardState = {
  order: 1,
  dailyAction: {},
  athleticVision: null,
  dailyActionFinishedResponse: null,
  draftKey: null,
  towardFocus: false,
};

export const initialWeeklyState: WeeklyWizardState = {
  order: 1,
  weeklyMap: {},
  first: null,
  athleticVision: null,
  weeklyMapFinishedResponse: null,
  draftKey: null,
};

/** A rating is a whole number from 1 to 10. */
export function parseRating(value: string | undefined): number | null {
  if (value === undefined || !/^\s*\d{1,2}\s*$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 10 ? n : null;
}

export function isAnswered(question: PlanningQuestion, answers: Partial<Record<string, string>>): boolean {
  const value = answers[question.key];
  return question.kind === 'rating' ? parseRating(value) !== null : (value ?? '').trim() !== '';
}

/** The daily wizard's questions, in order. */
export function dailySteps(): readonly PlanningQuestion<DailyKey>[] {
  return dailyQuestions;
}

/** The weekly wizard's questions: a first map has no week to review (SPEC §4, DESIGN §5). */
export function weeklySteps(first: boolean | null): readonly PlanningQuestion<WeeklyKey>[] {
  return first ? weeklyQuestions.filter((question) => question.section === 'plan') : weeklyQuestions;
}

/** Question steps plus the summary step. */
export function totalSteps(steps: readonly PlanningQuestion[]): number {
  return steps.length + 1;
}

export function isSummary(order: number, steps: readonly PlanningQuestion[]): boolean {
  return order === totalSteps(steps);
}

/** The question at a step; undefined on the summary. */
export function questionAt<K extends string>(
  order: number,
  steps: readonly PlanningQuestion<K>[],
): PlanningQuestion<K> | undefined {
  return steps[order - 1];
}

/** The furthest step one may be on: the first unanswered question, or the summary when all are answered. */
export function furthestReachable(steps: readonly PlanningQuestion[], answers: Partial<Record<string, string>>): number {
  const firstOpen = steps.findIndex((question) => !isAnswered(question, answers));
  return firstOpen === -1 ? totalSteps(steps) : firstOpen + 1;
}

/** Keeps an order within 1 and the furthest reachable step. */
export function clampOrder(
  order: number,
  steps: readonly PlanningQuestion[],
  answers: Partial<Record<string, string>>,
): number {
  const whole = Number.isFinite(order) ? Math.trunc(order) : 1;
  return Math.max(1, Math.min(whole, furthestReachable(steps, answers)));
}

/** Where a move leads; forward never passes an unanswered question. */
export function move(
  order: number,
  action: WizardMove,
  steps: readonly PlanningQuestion[],
  answers: Partial<Record<string, string>>,
): number {
  switch (action.type) {
    case 'next':
      return clampOrder(order + 1, steps, answers);
    case 'back':
      return clampOrder(order - 1, steps, answers);
    case 'jump':
      return clampOrder(order + action.by, steps, answers);
    case 'goTo':
      return clampOrder(action.order, steps, answers);
  }
}

function sameVision(a: VisionReminder | null, b: VisionReminder | null): boolean {
  return a === b || (a !== null && b !== null && a.athletic === b.athletic && a.yearGoal === b.yearGoal);
}

function isMove(action: { type: string }): action is WizardMove {
  return action.type === 'next' || action.type === 'back' || action.type === 'jump' || action.type === 'goTo';
}

export function dailyReducer(state: DailyWizardState, action: DailyWizardAction): DailyWizardState {
  const steps = dailySteps();
  if (isMove(action)) return { ...state, order: move(state.order, action, steps, state.dailyAction) };
  switch (action.type) {
    case 'reset':
      // SPEC §4: order 1, an empty dailyAction and no finished response; the vision stays.
      return { ...initialDailyState, athleticVision: state.athleticVision };
    case 'answer': {
      const dailyAction = { ...state.dailyAction, [action.key]: action.value };
      // Clearing an earlier answer must not leave the wizard past it.
      return { ...state, dailyAction, order: clampOrder(state.order, steps, dailyAction) };
    }
    case 'setVision':
      return sameVision(state.athleticVision, action.vision) ? state : { ...state, athleticVision: action.vision };
    case 'finished':
      return { ...state, dailyActionFinishedResponse: action.response };
    case 'draftKey':
      return state.draftKey ? state : { ...state, draftKey: action.key };
    case 'towardFocus':
      return { ...state, towardFocus: action.on };
  }
}

export function weeklyReducer(state: WeeklyWizardState, action: WeeklyWizardAction): WeeklyWizardState {
  const steps = weeklySteps(state.first);
  if (isMove(action)) return { ...state, order: move(state.order, action, steps, state.weeklyMap) };
  switch (action.type) {
    case 'reset':
      return { ...initialWeeklyState, first: action.first, athleticVision: state.athleticVision };
    case 'resolveFirst':
      return state.first === null ? { ...state, first: action.first, order: 1 } : state;
    case 'answer': {
      const weeklyMap = { ...state.weeklyMap, [action.key]: action.value };
      return { ...state, weeklyMap, order: clampOrder(state.order, steps, weeklyMap) };
    }
    case 'setVision':
      return sameVision(state.athleticVision, action.vision) ? state : { ...state, athleticVision: action.vision };
    case 'finished':
      return { ...state, weeklyMapFinishedResponse: action.response };
    case 'draftKey':
      return state.draftKey ? state : { ...state, draftKey: action.key };
  }
}

const text = (value: string | undefined) => (value ?? '').trim();

/** The POST /userinput/dailyaction body: trimmed texts, the rating as a number (0 when unset, which the server refuses). */
export function dailyActionBody(answers: Answers<DailyKey>, towardFocus = false): DailyActionBody {
  return {
    ...(towardFocus ? { towardFocus: true } : {}),
    r1: text(answers.r1),
    r2: text(answers.r2),
    r3: parseRating(answers.r3) ?? 0,
    q1: text(answers.q1),
    q2: text(answers.q2),
    q3: text(answers.q3),
    q4: text(answers.q4),
    q5: text(answers.q5),
    q6: text(answers.q6),
  };
}

/** The POST /userinput/weeklymap body; a first map sends no review. */
export function weeklyMapBody(answers: Answers<WeeklyKey>, first: boolean): WeeklyMapBody {
  const plan = {
    q6: text(answers.q6),
    q7: text(answers.q7),
    q8: text(answers.q8),
    q9: text(answers.q9),
    q10: text(answers.q10),
    q11: text(answers.q11),
  };
  if (first) return { first: true, ...plan };
  return {
    first: false,
    q1: text(answers.q1),
    q2: text(answers.q2),
    q3: text(answers.q3),
    q4: parseRating(answers.q4),
    q5: text(answers.q5),
    ...plan,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function reviveAnswers<K extends string>(raw: unknown, keys: readonly K[]): Answers<K> {
  const answers: Answers<K> = {};
  if (!isRecord(raw)) return answers;
  for (const key of keys) {
    const value = raw[key];
    if (typeof value === 'string') answers[key] = value;
  }
  return answers;
}

function reviveVision(raw: unknown): VisionReminder | null {
  if (!isRecord(raw) || typeof raw.athletic !== 'string' || typeof raw.yearGoal !== 'string') return null;
  return { athletic: raw.athletic, yearGoal: raw.yearGoal };
}

function reviveEntry<T>(raw: unknown): T | null {
  return isRecord(raw) && typeof raw.id === 'string' ? (raw as T) : null;
}

/** A daily wizard read back from storage, or the initial state when it does not look like one. */
export function reviveDaily(raw: unknown): DailyWizardState {
  if (!isRecord(raw)) return initialDailyState;
  const dailyAction = reviveAnswers(
    raw.dailyAction,
    dailyQuestions.map((question) => question.key),
  );
  return {
    order: clampOrder(typeof raw.order === 'number' ? raw.order : 1, dailySteps(), dailyAction),
    dailyAction,
    athleticVision: reviveVision(raw.athleticVision),
    dailyActionFinishedResponse: reviveEntry<DailyActionEntry>(raw.dailyActionFinishedResponse),
    draftKey: typeof raw.draftKey === 'string' ? raw.draftKey : null,
    towardFocus: raw.towardFocus === true,
  };
}

/** A weekly wizard read back from storage, or the initial state when it does not look like one. */
export function reviveWeekly(raw: unknown): WeeklyWizardState {
  if (!isRecord(raw)) return initialWeeklyState;
  const first = typeof raw.first === 'boolean' ? raw.first : null;
  const weeklyMap = reviveAnswers(
    raw.weeklyMap,
    weeklyQuestions.map((question) => question.key),
  );
  return {
    order: clampOrder(typeof raw.order === 'number' ? raw.order : 1, weeklySteps(first), weeklyMap),
    weeklyMap,
    first,
    athleticVision: reviveVision(raw.athleticVision),
    weeklyMapFinishedResponse: reviveEntry<WeeklyMapEntry>(raw.weeklyMapFinishedResponse),
    draftKey: typeof raw.draftKey === 'string' ? raw.draftKey : null,
  };
}
