import { describe, expect, it } from 'vitest';
import { dailyQuestions, weeklyQuestions } from './texts';
import {
  clampOrder,
  dailyActionBody,
  dailyReducer,
  dailySteps,
  furthestReachable,
  initialDailyState,
  initialWeeklyState,
  isSummary,
  parseRating,
  questionAt,
  reviveDaily,
  reviveWeekly,
  totalSteps,
  weeklyMapBody,
  weeklyReducer,
  weeklySteps,
  type Answers,
  type DailyActionEntry,
  type DailyKey,
  type DailyWizardAction,
  type DailyWizardState,
  type WeeklyKey,
} from './wizard';

const fullDaily: Answers<DailyKey> = {
  r1: ' Won every sprint ',
  r2: 'Rest matters',
  r3: '8',
  q1: 'Shoot 100 free throws',
  q2: 'Watch film',
  q3: 'Lead warm-up',
  q4: 'Visualise',
  q5: 'Sleep by 10',
  q6: 'Call grandma',
};

const fullWeekly: Answers<WeeklyKey> = {
  q1: 'Win',
  q2: 'Lesson',
  q3: 'Differently',
  q4: '6',
  q5: 'Grateful',
  q6: 'O1',
  q7: 'O2',
  q8: 'O3',
  q9: 'Mind',
  q10: 'Body',
  q11: 'Soul',
};

function run(state: DailyWizardState, ...actions: DailyWizardAction[]) {
  return actions.reduce(dailyReducer, state);
}

describe('planning questions', () => {
  it('follow DESIGN §5: nine daily, eleven weekly, review before plan', () => {
    expect(dailyQuestions.map((q) => q.key)).toEqual(['r1', 'r2', 'r3', 'q1', 'q2', 'q3', 'q4', 'q5', 'q6']);
    expect(weeklyQuestions.map((q) => q.key)).toEqual([
      'q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8', 'q9', 'q10', 'q11',
    ]);
    expect(dailyQuestions.filter((q) => q.kind === 'rating').map((q) => q.key)).toEqual(['r3']);
    expect(weeklyQuestions.filter((q) => q.kind === 'rating').map((q) => q.key)).toEqual(['q4']);
  });

  it('count a summary step after the questions', () => {
    expect(totalSteps(dailySteps())).toBe(10);
    expect(isSummary(10, dailySteps())).toBe(true);
    expect(questionAt(10, dailySteps())).toBeUndefined();
    expect(questionAt(3, dailySteps())?.key).toBe('r3');
  });
});

describe('ratings', () => {
  it('are whole numbers from 1 to 10', () => {
    expect(parseRating('1')).toBe(1);
    expect(parseRating(' 10 ')).toBe(10);
    for (const bad of [undefined, '', '0', '11', '7.5', 'seven', '-3']) expect(parseRating(bad)).toBeNull();
  });
});

describe('daily wizard', () => {
  it('moves forward only past answered questions', () => {
    let state = run(initialDailyState, { type: 'next' });
    expect(state.order).toBe(1);
    state = run(state, { type: 'answer', key: 'r1', value: '   ' }, { type: 'next' });
    expect(state.order).toBe(1);
    state = run(state, { type: 'answer', key: 'r1', value: 'Wins' }, { type: 'next' });
    expect(state.order).toBe(2);
    state = run(state, { type: 'answer', key: 'r2', value: 'Learned' }, { type: 'next' });
    expect(state.order).toBe(3);
    state = run(state, { type: 'answer', key: 'r3', value: '0' }, { type: 'next' });
    expect(state.order).toBe(3);
  });

  it('goes back without losing answers and never below step 1', () => {
    const state = run({ ...initialDailyState, dailyAction: fullDaily, order: 4 }, { type: 'back' }, { type: 'back' });
    expect(state.order).toBe(2);
    expect(state.dailyAction).toEqual(fullDaily);
    expect(run(state, { type: 'back' }, { type: 'back' }, { type: 'back' }).order).toBe(1);
  });

  it('jumps by an amount or to a step, within the answered steps and the summary', () => {
    const full = { ...initialDailyState, dailyAction: fullDaily };
    expect(run(full, { type: 'jump', by: 4 }).order).toBe(5);
    expect(run(full, { type: 'jump', by: 40 }).order).toBe(10);
    expect(run({ ...full, order: 5 }, { type: 'jump', by: -9 }).order).toBe(1);
    expect(run({ ...full, order: 10 }, { type: 'goTo', order: 4 }).order).toBe(4);
    const partial = { ...initialDailyState, dailyAction: { r1: 'a', r2: 'b' } };
    expect(furthestReachable(dailySteps(), partial.dailyAction)).toBe(3);
    expect(run(partial, { type: 'goTo', order: 9 }).order).toBe(3);
    expect(run(partial, { type: 'goTo', order: Number.NaN }).order).toBe(1);
  });

  it('steps back when an earlier answer is cleared', () => {
    const state = run({ ...initialDailyState, dailyAction: fullDaily, order: 10 }, { type: 'answer', key: 'r2', value: '' });
    expect(state.order).toBe(2);
  });

  it('resets to order 1, empty answers and no finished response, keeping the vision', () => {
    const vision = { athletic: 'Win state', yearGoal: '85% free throws' };
    const done: DailyWizardState = {
      order: 10,
      dailyAction: fullDaily,
      athleticVision: vision,
      dailyActionFinishedResponse: { id: 'x' } as DailyActionEntry,
      draftKey: 'draft-1',
      towardFocus: true,
    };
    expect(run(done, { type: 'reset' })).toEqual({ ...initialDailyState, athleticVision: vision });
  });

  it('keeps the first Save key of a draft, so a second Save sends the same one', () => {
    const first = run(initialDailyState, { type: 'draftKey', key: 'draft-1' });
    expect(first.draftKey).toBe('draft-1');
    expect(run(first, { type: 'draftKey', key: 'draft-2' }).draftKey).toBe('draft-1');
    expect(reviveDaily(JSON.parse(JSON.stringify(first))).draftKey).toBe('draft-1');
  });

  it('keeps the team-focus tick across a reload until the next draft', () => {
    const ticked = run(initialDailyState, { type: 'towardFocus', on: true });
    expect(reviveDaily(JSON.parse(JSON.stringify(ticked))).towardFocus).toBe(true);
    expect(run(ticked, { type: 'towardFocus', on: false }).towardFocus).toBe(false);
    expect(run(ticked, { type: 'reset' }).towardFocus).toBe(false);
  });

  it('keeps the same state when the vision did not change', () => {
    const vision = { athletic: 'a', yearGoal: 'b' };
    const state = run(initialDailyState, { type: 'setVision', vision });
    expect(run(state, { type: 'setVision', vision: { ...vision } })).toBe(state);
  });

  it('builds the POST body with trimmed texts and a numeric rating', () => {
    expect(dailyActionBody(fullDaily)).toEqual({
      r1: 'Won every sprint',
      r2: 'Rest matters',
      r3: 8,
      q1: 'Shoot 100 free throws',
      q2: 'Watch film',
      q3: 'Lead warm-up',
      q4: 'Visualise',
      q5: 'Sleep by 10',
      q6: 'Call grandma',
    });
  });

  it('says the plan works on the team focus only when the athlete ticked it', () => {
    expect(dailyActionBody(fullDaily, true)).toMatchObject({ towardFocus: true, q1: 'Shoot 100 free throws' });
    expect(dailyActionBody(fullDaily, false)).not.toHaveProperty('towardFocus');
  });
});

describe('weekly wizard', () => {
  it('skips the review on a first map', () => {
    expect(weeklySteps(true).map((q) => q.key)).toEqual(['q6', 'q7', 'q8', 'q9', 'q10', 'q11']);
    expect(totalSteps(weeklySteps(true))).toBe(7);
    expect(totalSteps(weeklySteps(false))).toBe(12);
    const first = weeklyReducer(initialWeeklyState, { type: 'reset', first: true });
    expect(first.first).toBe(true);
    expect(questionAt(first.order, weeklySteps(first.first))?.key).toBe('q6');
  });

  it('asks for the review on a later map', () => {
    const later = weeklyReducer(initialWeeklyState, { type: 'reset', first: false });
    expect(questionAt(later.order, weeklySteps(later.first))?.key).toBe('q1');
    expect(weeklyReducer({ ...later, weeklyMap: fullWeekly }, { type: 'jump', by: 20 }).order).toBe(12);
  });

  it('resolves an unknown first once, and only while unknown', () => {
    const resolved = weeklyReducer(initialWeeklyState, { type: 'resolveFirst', first: true });
    expect(resolved.first).toBe(true);
    expect(weeklyReducer(resolved, { type: 'resolveFirst', first: false }).first).toBe(true);
  });

  it('sends no review on a first map, and the full review otherwise', () => {
    expect(weeklyMapBody(fullWeekly, true)).toEqual({
      first: true,
      q6: 'O1',
      q7: 'O2',
      q8: 'O3',
      q9: 'Mind',
      q10: 'Body',
      q11: 'Soul',
    });
    expect(weeklyMapBody(fullWeekly, false)).toMatchObject({ first: false, q1: 'Win', q4: 6, q5: 'Grateful', q11: 'Soul' });
  });
});

describe('stored wizards', () => {
  it('come back with their answers and a step within bounds', () => {
    const stored = JSON.parse(JSON.stringify({ ...initialDailyState, dailyAction: fullDaily, order: 6 })) as unknown;
    expect(reviveDaily(stored)).toEqual({ ...initialDailyState, dailyAction: fullDaily, order: 6 });
    expect(reviveDaily({ order: 7, dailyAction: { r1: 'a' } }).order).toBe(2);
  });

  it('drop what does not look like a wizard', () => {
    expect(reviveDaily('nonsense')).toEqual(initialDailyState);
    expect(reviveDaily({ dailyAction: { r1: 5, bogus: 'x' } }).dailyAction).toEqual({});
    expect(reviveWeekly(null)).toEqual(initialWeeklyState);
    expect(reviveWeekly({ first: 'yes', weeklyMap: { q6: 'a' } })).toMatchObject({ first: null, weeklyMap: { q6: 'a' } });
  });

  it('clamp an order the answers do not allow', () => {
    expect(clampOrder(99, weeklySteps(true), {})).toBe(1);
  });
});
