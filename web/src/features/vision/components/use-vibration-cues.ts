import { useEffect } from 'react';
import { PHASE_SECONDS, type BreathingState } from '../breathing';
import { VIBRATION_PATTERNS } from '../breathing-cues';

export function vibrationAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function';
}

/**
 * Vibrates each phase's pattern as the phase begins, while the exercise runs
 * and `enabled` is on. Vibration is not schedulable ahead, so it follows the
 * screen's one-second ticks; anything still vibrating stops with the exercise.
 */
export function useVibrationCues(state: BreathingState, enabled: boolean) {
  const starting = state.status === 'running' && state.remaining === PHASE_SECONDS[state.phase] ? state.phase : null;

  useEffect(() => {
    if (!enabled || !starting || !vibrationAvailable()) return;
    navigator.vibrate([...VIBRATION_PATTERNS[starting]]);
    return () => {
      navigator.vibrate(0);
    };
  }, [starting, enabled]);
}
