import { useEffect } from 'react';
import { toReminder, useVision } from '../api/get-vision';
import type { VisionReminder } from '../wizard';

/** Keeps the wizard's copy of the vision (SPEC §3: athleticVision) in step with the saved one. */
export function useVisionReminder(dispatch: (action: { type: 'setVision'; vision: VisionReminder | null }) => void) {
  const vision = useVision();
  useEffect(() => {
    if (vision.isSuccess) dispatch({ type: 'setVision', vision: toReminder(vision.data) });
  }, [vision.isSuccess, vision.data, dispatch]);
}
