import { visionSteps, type VisionStep } from './texts';

export const FIRST_STEP_PATH = visionSteps[0].path;
export const COMPLETION_PATH = '/athletic-vision-completion';
export const REVIEW_PATH = '/athletic-vision-review';
export const EDIT_PATH = '/athletic-vision-edit';
export const PLAY_PATH = '/athletic-vision';

/** Answer keys q1..q9, in step order. */
export const answerKeys = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8', 'q9'] as const;
export type AnswerKey = (typeof answerKeys)[number];
export type VisionAnswers = Record<AnswerKey, string>;

export function answerKey(step: Pick<VisionStep, 'order'>): AnswerKey {
  return `q${step.order}` as AnswerKey;
}

export function stepByPath(pathname: string): VisionStep | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return visionSteps.find((step) => step.path === path);
}

export function stepByOrder(order: number): VisionStep | undefined {
  return visionSteps.find((step) => step.order === order);
}

/** Where a saved step leads: the next order's path, or the completion screen after the last. */
export function nextPathAfter(step: Pick<VisionStep, 'order'>): string {
  return stepByOrder(step.order + 1)?.path ?? COMPLETION_PATH;
}

/** The Back link's target: the previous order's path, or the first-time question before step 1. */
export function previousPathBefore(step: Pick<VisionStep, 'order'>): string {
  return stepByOrder(step.order - 1)?.path ?? '/athletic-vision-first-time-q';
}

/** Link that revises one step and comes back to the review. */
export function revisePath(step: Pick<VisionStep, 'path'>): string {
  return `${step.path}?revise=1`;
}

/** The coming December 31 (today's, on New Year's Eve) in words, e.g. 'December 31, 2026'. */
export function comingDecember31(today: Date): string {
  return `December 31, ${today.getFullYear()}`;
}

/** A step's examples with their end date filled in, so no example points at a past year. */
export function stepExamples(step: Pick<VisionStep, 'examples'>, today: Date): string[] {
  const deadline = comingDecember31(today);
  return (step.examples ?? []).map((example) => example.replaceAll('{deadline}', deadline));
}
