/**
 * What the 4-7-8 exercise sounds and feels like with the eyes closed: one soft
 * tone and one vibration pattern at the start of every phase. Pure data; the
 * cue player and the screen turn it into sound and vibration.
 */
import { PHASES, PHASE_SECONDS, TOTAL_CYCLES, type BreathPhase } from './breathing';

/** One tone: a sine that glides from the first frequency to the second (Hz) over `duration` seconds. */
export interface CueTone {
  frequencies: readonly [start: number, end: number];
  duration: number;
}

/** A tone placed in the exercise: `atSeconds` after the exercise (or the resumed part of it) starts. */
export interface BreathCue extends CueTone {
  atSeconds: number;
  cycle: number;
  phase: BreathPhase;
}

/**
 * Low notes of a G major chord: breathing in rises a fifth, holding rests on
 * the third in between, breathing out falls back. Short enough to end well
 * inside the 4-second inhale.
 */
export const CUE_TONES: Record<BreathPhase, CueTone> = {
  inhale: { frequencies: [196, 294], duration: 2 },
  hold: { frequencies: [247, 247], duration: 1.2 },
  exhale: { frequencies: [294, 196], duration: 2.8 },
};

/** Milliseconds on, off, on…: one pulse to breathe in, two to hold, three to breathe out. */
export const VIBRATION_PATTERNS: Record<BreathPhase, readonly number[]> = {
  inhale: [220],
  hold: [90, 110, 90],
  exhale: [90, 110, 90, 110, 90],
};

/** Every cue of the exercise in order: at 0, 4, 11, 19, 23, 30… seconds for 4-7-8. */
export function cueSchedule(cycles: number = TOTAL_CYCLES): BreathCue[] {
  const cues: BreathCue[] = [];
  let atSeconds = 0;
  for (let cycle = 1; cycle <= cycles; cycle += 1) {
    for (const phase of PHASES) {
      cues.push({ atSeconds, cycle, phase, ...CUE_TONES[phase] });
      atSeconds += PHASE_SECONDS[phase];
    }
  }
  return cues;
}

/**
 * The cues still ahead once `elapsedSeconds` of the exercise are behind,
 * timed from that moment. A cue due exactly then is kept: resuming at the
 * start of a phase sounds that phase again.
 */
export function cuesFrom(cues: readonly BreathCue[], elapsedSeconds: number): BreathCue[] {
  return cues
    .filter((cue) => cue.atSeconds >= elapsedSeconds)
    .map((cue) => ({ ...cue, atSeconds: cue.atSeconds - elapsedSeconds }));
}
