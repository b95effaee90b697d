/** Query keys of the vision feature; everything under ['AthleticVision'] is invalidated by a save. */
export const visionKeys = {
  /** SPEC §3's cache key of the saved vision. */
  vision: ['AthleticVision'] as const,
  step: (order: number) => ['AthleticVision', 'single', order] as const,
  versions: ['AthleticVision', 'versions'] as const,
  /** SPEC §3's profile key, read here for the first name. */
  profile: ['GetSwazProfile'] as const,
};
