import { visionKey } from '@/lib/queries/vision';

/** Query keys of the vision feature; everything under the shared ['AthleticVision'] key is invalidated by a save. */
export const visionKeys = {
  /** SPEC §3's cache key of the saved vision (lib/queries/vision). */
  vision: visionKey,
  step: (order: number) => [...visionKey, 'single', order] as const,
  versions: [...visionKey, 'versions'] as const,
  /** Apart from the vision's key: saving the text must not download the audio again. */
  recording: ['AthleticVisionRecording'] as const,
};
