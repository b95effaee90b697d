import { useEffect } from 'react';
import { useVision, type AthleticVision } from '@/lib/queries/vision';
import type { VisionReminder } from '../wizard';

/** The two answers planning shows as a reminder: q3 (athletic vision) and q5 (1-year goal). */
export function toReminder(vision: AthleticVision | null | undefined): VisionReminder | null {
  if (!vision) return null;
  const athletic = vision.q3.trim();
  const yearGoal = vision.q5.trim();
  return athletic || yearGoal ? { athletic, yearGoal } : null;
}

/** Keeps the wizard's copy of the vision (SPEC §3: athleticVision) in step with the saved one. */
export function useVisionReminder(dispatch: (action: { type: 'setVision'; vision: VisionReminder | null }) => void) {
  const vision = useVision();
  useEffect(() => {
    if (vision.isSuccess) dispatch({ type: 'setVision', vision: toReminder(vision.data) });
  }, [vision.isSuccess, vision.data, dispatch]);
}
