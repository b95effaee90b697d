import { describe, expect, it } from 'vitest';
import {
  CIRCLE_MAX,
  CIRCLE_MIN,
  PHASE_SECONDS,
  TOTAL_CYCLES,
  TOTAL_SECONDS,
  breathingReducer,
  circleScale,
  elapsedSeconds,
  initialBreathing,
  type BreathingState,
} from './breathing';

function ticks(state: BreathingState, count: number): BreathingState {
  let next = state;
  for (let i = 0; i < count; i += 1) next = breathingReducer(next, { type: 'tick' });
  return next;
}

const started = breathingReducer(initialBreathing, { type: 'start' });

describe('4-7-8 breathing', () => {
  it('has phases of 4, 7 and 8 seconds, four cycles, 76 seconds in all', () => {
    expect(PHASE_SECONDS).toEqual({ inhale: 4, hold: 7, exhale: 8 });
    expect(TOTAL_CYCLES).toBe(4);
    expect(TOTAL_SECONDS).toBe(76);
  });

  it('starts with cycle 1, inhale 4', () => {
    expect(started).toEqual({ status: 'running', cycle: 1, phase: 'inhale', remaining: 4 });
  });

  it('counts each phase down second by second', () => {
    expect(ticks(started, 1)).toMatchObject({ phase: 'inhale', remaining: 3 });
    expect(ticks(started, 4)).toMatchObject({ cycle: 1, phase: 'hold', remaining: 7 });
    expect(ticks(started, 11)).toMatchObject({ cycle: 1, phase: 'exhale', remaining: 8 });
    expect(ticks(started, 18)).toMatchObject({ cycle: 1, phase: 'exhale', remaining: 1 });
    expect(ticks(started, 19)).toMatchObject({ cycle: 2, phase: 'inhale', remaining: 4 });
  });

  it('is done exactly after the last exhale', () => {
    const lastSecond = ticks(started, TOTAL_SECONDS - 1);
    expect(lastSecond).toEqual({ status: 'running', cycle: 4, phase: 'exhale', remaining: 1 });
    expect(ticks(started, TOTAL_SECONDS)).toEqual({ status: 'done' });
    expect(ticks(started, TOTAL_SECONDS + 5)).toEqual({ status: 'done' });
  });

  it('ignores ticks while paused and resumes where it was', () => {
    const paused = breathingReducer(ticks(started, 6), { type: 'pause' });
    expect(paused).toMatchObject({ status: 'paused', phase: 'hold', remaining: 5 });
    expect(ticks(paused, 10)).toEqual(paused);
    expect(breathingReducer(paused, { type: 'resume' })).toMatchObject({ status: 'running', remaining: 5 });
  });

  it('stops back to idle and ignores ticks when idle', () => {
    expect(breathingReducer(ticks(started, 30), { type: 'stop' })).toEqual(initialBreathing);
    expect(ticks(initialBreathing, 3)).toEqual(initialBreathing);
  });

  it('grows the circle on inhale, keeps it on hold and shrinks it on exhale', () => {
    expect(circleScale(initialBreathing)).toBe(CIRCLE_MIN);
    expect(circleScale(ticks(started, 3))).toBe(CIRCLE_MAX);
    expect(circleScale(ticks(started, 1))).toBeLessThan(CIRCLE_MAX);
    expect(circleScale(ticks(started, 8))).toBe(CIRCLE_MAX);
    expect(circleScale(ticks(started, 18))).toBeCloseTo(CIRCLE_MIN);
    expect(circleScale({ status: 'done' })).toBe(CIRCLE_MIN);
  });

  it('counts the whole seconds behind the athlete, wherever the exercise stands', () => {
    expect(elapsedSeconds(initialBreathing)).toBe(0);
    for (const seconds of [0, 1, 4, 5, 11, 18, 19, 30, TOTAL_SECONDS - 1]) {
      expect(elapsedSeconds(ticks(started, seconds))).toBe(seconds);
    }
    expect(elapsedSeconds(breathingReducer(ticks(started, 6), { type: 'pause' }))).toBe(6);
    expect(elapsedSeconds({ status: 'done' })).toBe(TOTAL_SECONDS);
  });
});
