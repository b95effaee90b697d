/**
 * The 4-7-8 breathing exercise of SPEC §9 as a pure state machine: the screen
 * sends one `tick` per second and renders whatever state comes back.
 */

export type BreathPhase = 'inhale' | 'hold' | 'exhale';

/** SPEC §9: inhale 4, hold 7, exhale 8 seconds. */
export const PHASE_SECONDS: Record<BreathPhase, number> = { inhale: 4, hold: 7, exhale: 8 };
export const PHASES: readonly BreathPhase[] = ['inhale', 'hold', 'exhale'];
/** SPEC §9: four cycles. */
export const TOTAL_CYCLES = 4;
/** 4 + 7 + 8 = 19 seconds. */
export const CYCLE_SECONDS = PHASES.reduce((sum, phase) => sum + PHASE_SECONDS[phase], 0);
/** 4 × 19 = 76 seconds. */
export const TOTAL_SECONDS = TOTAL_CYCLES * CYCLE_SECONDS;

/** Seconds from the start of a cycle to the start of `phase`: 0, 4 and 11. */
export function phaseOffset(phase: BreathPhase): number {
  return PHASES.slice(0, PHASES.indexOf(phase)).reduce((sum, earlier) => sum + PHASE_SECONDS[earlier], 0);
}

/** A cycle in progress: `remaining` seconds of `phase` are left, counting the current one. */
export interface ActiveBreathing {
  status: 'running' | 'paused';
  cycle: number;
  phase: BreathPhase;
  remaining: number;
}

export type BreathingState = { status: 'idle' } | ActiveBreathing | { status: 'done' };

export type BreathingAction = { type: 'start' } | { type: 'tick' } | { type: 'pause' } | { type: 'resume' } | { type: 'stop' };

export const initialBreathing: BreathingState = { status: 'idle' };

function begin(): BreathingState {
  return { status: 'running', cycle: 1, phase: 'inhale', remaining: PHASE_SECONDS.inhale };
}

function advance(state: ActiveBreathing): BreathingState {
  if (state.remaining > 1) return { ...state, remaining: state.remaining - 1 };
  const index = PHASES.indexOf(state.phase);
  if (index < PHASES.length - 1) {
    const phase = PHASES[index + 1];
    return { ...state, phase, remaining: PHASE_SECONDS[phase] };
  }
  if (state.cycle >= TOTAL_CYCLES) return { status: 'done' };
  return { status: 'running', cycle: state.cycle + 1, phase: 'inhale', remaining: PHASE_SECONDS.inhale };
}

export function breathingReducer(state: BreathingState, action: BreathingAction): BreathingState {
  switch (action.type) {
    case 'start':
      return begin();
    case 'stop':
      return initialBreathing;
    case 'tick':
      return state.status === 'running' ? advance(state) : state;
    case 'pause':
      return state.status === 'running' ? { ...state, status: 'paused' } : state;
    case 'resume':
      return state.status === 'paused' ? { ...state, status: 'running' } : state;
  }
}

/** Circle size at rest (before, between and after the exercise) and when full. */
export const CIRCLE_MIN = 0.45;
export const CIRCLE_MAX = 1;

/**
 * The circle's scale at the end of the current second: it grows through the
 * inhale, stays full on hold and shrinks through the exhale. The screen eases
 * to it over one second, so pausing freezes the circle too.
 */
export function circleScale(state: BreathingState): number {
  if (state.status !== 'running' && state.status !== 'paused') return CIRCLE_MIN;
  const duration = PHASE_SECONDS[state.phase];
  const progress = (duration - state.remaining + 1) / duration;
  const span = CIRCLE_MAX - CIRCLE_MIN;
  if (state.phase === 'inhale') return CIRCLE_MIN + span * progress;
  if (state.phase === 'hold') return CIRCLE_MAX;
  return CIRCLE_MAX - span * progress;
}

/**
 * Whole seconds of the exercise already behind the athlete: where sound cues
 * pick up again after a pause (a running state is at the start of its second).
 */
export function elapsedSeconds(state: BreathingState): number {
  if (state.status === 'idle') return 0;
  if (state.status === 'done') return TOTAL_SECONDS;
  return (state.cycle - 1) * CYCLE_SECONDS + phaseOffset(state.phase) + PHASE_SECONDS[state.phase] - state.remaining;
}
