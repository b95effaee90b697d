import { describe, expect, it } from 'vitest';
import {
  COMPLETION_PATH,
  FIRST_STEP_PATH,
  answerKey,
  nextPathAfter,
  previousPathBefore,
  revisePath,
  stepByOrder,
  stepByPath,
  stepExamples,
} from './steps';
import { visionSteps } from './texts';

describe('vision steps', () => {
  it('are nine, ordered 1 to 9, with distinct paths and prompts', () => {
    expect(visionSteps).toHaveLength(9);
    expect(visionSteps.map((step) => step.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(visionSteps.map((step) => step.path)).size).toBe(9);
    for (const step of visionSteps) expect(step.prompt.length).toBeGreaterThan(40);
    expect(FIRST_STEP_PATH).toBe('/athletic-vision-define-life-purpose');
  });

  it('are found by path, trailing slash or not', () => {
    expect(stepByPath('/athletic-vision-1-year-goals')?.order).toBe(5);
    expect(stepByPath('/athletic-vision-perfect-day/')?.order).toBe(9);
    expect(stepByPath('/athletic-vision')).toBeUndefined();
  });

  it('lead to the next order, then to completion after the last', () => {
    expect(nextPathAfter(visionSteps[0])).toBe('/athletic-vision-define-purpose-in-5');
    expect(nextPathAfter(visionSteps[7])).toBe('/athletic-vision-perfect-day');
    expect(nextPathAfter(visionSteps[8])).toBe(COMPLETION_PATH);
  });

  it('go back to the previous order, or the first-time question from step 1', () => {
    expect(previousPathBefore(visionSteps[4])).toBe('/athletic-vision-bucket-list-goals');
    expect(previousPathBefore(visionSteps[0])).toBe('/athletic-vision-first-time-q');
  });

  it('map to answer keys and revise links', () => {
    expect(answerKey(visionSteps[2])).toBe('q3');
    expect(stepByOrder(3)?.path).toBe('/athletic-vision-dream-accomplishment');
    expect(revisePath(visionSteps[2])).toBe('/athletic-vision-dream-accomplishment?revise=1');
  });

  it('give goal examples that end on the coming December 31', () => {
    const yearly = stepByOrder(5);
    const monthly = stepByOrder(6);
    expect(yearly?.examples).toHaveLength(3);
    expect(monthly?.examples).toHaveLength(3);
    const inNovember = stepExamples(yearly ?? {}, new Date(2026, 10, 25));
    for (const example of inNovember) expect(example).toMatch(/^By December 31, 2026, /);
    const onNewYearsDay = stepExamples(yearly ?? {}, new Date(2027, 0, 1));
    for (const example of onNewYearsDay) expect(example).toMatch(/^By December 31, 2027, /);
    expect(stepExamples(monthly ?? {}, new Date(2026, 10, 25))[0]).toBe(
      'This month Maya does her core routine five mornings a week.',
    );
  });
});
