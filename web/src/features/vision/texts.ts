/** Titles of the athletic-vision screens (SPEC §2). */
export const visionTexts = {
  welcomeTitle: 'Athletic Vision',
  completionTitle: 'Congratulations',
  reviewTitle: 'Athletic Vision Review',
  entryTitle: 'PLAY WITH CONFIDENCE',
  sleepWellTitle: 'Sleep Well :)',
} as const;

/** SPEC §2: the nine single-question steps, by order. */
export const visionSteps = [
  { order: 1, path: '/athletic-vision-define-life-purpose', title: 'Definite Life Purpose' },
  { order: 2, path: '/athletic-vision-define-purpose-in-5', title: 'Purpose in 5 Words' },
  { order: 3, path: '/athletic-vision-dream-accomplishment', title: 'Dream Accomplishment' },
  { order: 4, path: '/athletic-vision-bucket-list-goals', title: 'Bucket List Goals' },
  { order: 5, path: '/athletic-vision-1-year-goals', title: '1 Year Goals' },
  { order: 6, path: '/athletic-vision-1-month-goals', title: '1 Month Goals' },
  { order: 7, path: '/athletic-vision-identity', title: 'Identity' },
  { order: 8, path: '/athletic-vision-identity-sentence', title: 'Identity Sentence' },
  { order: 9, path: '/athletic-vision-perfect-day', title: 'Perfect Day' },
] as const;
