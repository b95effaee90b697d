/**
 * SPEC §2: the addresses of the nine single-question steps, in order. Apart from the texts so
 * the router knows them without loading the questionnaire.
 */
export const visionStepPaths = [
  '/athletic-vision-define-life-purpose',
  '/athletic-vision-define-purpose-in-5',
  '/athletic-vision-dream-accomplishment',
  '/athletic-vision-bucket-list-goals',
  '/athletic-vision-1-year-goals',
  '/athletic-vision-1-month-goals',
  '/athletic-vision-identity',
  '/athletic-vision-identity-sentence',
  '/athletic-vision-perfect-day',
] as const;
