import { describe, expect, it } from 'vitest';
import { TOTAL_CYCLES, TOTAL_SECONDS } from './breathing';
import { CUE_TONES, VIBRATION_PATTERNS, cueSchedule, cuesFrom } from './breathing-cues';

describe('the breathing cue schedule', () => {
  const schedule = cueSchedule();

  it('has one cue per phase: three per cycle, twelve for the four cycles', () => {
    expect(schedule).toHaveLength(3 * TOTAL_CYCLES);
    expect(cueSchedule(1)).toHaveLength(3);
    expect(cueSchedule(7)).toHaveLength(21);
    expect(cueSchedule(0)).toEqual([]);
  });

  it('goes inhale, hold, exhale in every cycle', () => {
    expect(schedule.map((cue) => cue.phase)).toEqual(
      Array.from({ length: TOTAL_CYCLES }, () => ['inhale', 'hold', 'exhale']).flat(),
    );
    expect(schedule.map((cue) => cue.cycle)).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]);
  });

  it('starts each cue as its phase starts: 0, 4, 11, 19, 23, 30… seconds', () => {
    expect(schedule.map((cue) => cue.atSeconds)).toEqual([0, 4, 11, 19, 23, 30, 38, 42, 49, 57, 61, 68]);
    const last = schedule[schedule.length - 1];
    expect(last.atSeconds + 8).toBe(TOTAL_SECONDS);
  });

  it('rises for inhale, stays level for hold and falls for exhale', () => {
    const [inhale, hold, exhale] = schedule;
    expect(inhale.frequencies[1]).toBeGreaterThan(inhale.frequencies[0]);
    expect(hold.frequencies[1]).toBe(hold.frequencies[0]);
    expect(exhale.frequencies[1]).toBeLessThan(exhale.frequencies[0]);
    expect(hold.frequencies[0]).toBeGreaterThan(inhale.frequencies[0]);
    expect(hold.frequencies[0]).toBeLessThan(inhale.frequencies[1]);
  });

  it('ends every tone well inside its phase, so tones never overlap', () => {
    expect(CUE_TONES.inhale.duration).toBeLessThan(4);
    expect(CUE_TONES.hold.duration).toBeLessThan(7);
    expect(CUE_TONES.exhale.duration).toBeLessThan(8);
    for (const [index, cue] of schedule.slice(1).entries()) {
      expect(schedule[index].atSeconds + schedule[index].duration).toBeLessThan(cue.atSeconds);
    }
  });

  it('tells the phases apart by the number of vibration pulses', () => {
    const pulses = (pattern: readonly number[]) => Math.ceil(pattern.length / 2);
    expect(pulses(VIBRATION_PATTERNS.inhale)).toBe(1);
    expect(pulses(VIBRATION_PATTERNS.hold)).toBe(2);
    expect(pulses(VIBRATION_PATTERNS.exhale)).toBe(3);
  });
});

describe('cues from a point of the exercise', () => {
  const schedule = cueSchedule();

  it('keeps the whole schedule from the start', () => {
    expect(cuesFrom(schedule, 0)).toEqual(schedule);
  });

  it('times the cues still ahead from the resume point', () => {
    const resumed = cuesFrom(schedule, 5);
    expect(resumed.map((cue) => cue.atSeconds)).toEqual([6, 14, 18, 25, 33, 37, 44, 52, 56, 63]);
    expect(resumed[0]).toMatchObject({ cycle: 1, phase: 'exhale' });
  });

  it('sounds the phase again when resumed right at its start', () => {
    expect(cuesFrom(schedule, 19)[0]).toMatchObject({ atSeconds: 0, cycle: 2, phase: 'inhale' });
  });

  it('handles a point within a second and the very end', () => {
    expect(cuesFrom(schedule, 3.4)[0]).toMatchObject({ phase: 'hold' });
    expect(cuesFrom(schedule, 3.4)[0].atSeconds).toBeCloseTo(0.6);
    expect(cuesFrom(schedule, TOTAL_SECONDS)).toEqual([]);
  });
});
