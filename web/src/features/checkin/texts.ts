/** Copy of the morning check-in (issue 27). */
export const checkinTexts = {
  title: 'Morning check-in',
  lead: 'Five quick taps on how you woke up. About 20 seconds.',
  editing: 'You checked in today. Change anything and save again.',
  loading: 'Loading your check-in...',
  noteLabel: 'Note (optional)',
  noteHint: (left: number) => `Anything on your mind this morning? ${left} characters left.`,
  save: 'Save check-in',
  saving: 'Saving...',
  cancel: 'Back to dashboard',
  saved: 'Check-in saved. Have a great day.',
  updated: "Today's check-in is updated.",
  saveFailed: 'Your check-in could not be saved. Check your connection and try again.',
  renewMembership: 'See membership plans',
  missing: (names: string[]) => `Please rate ${names.join(', ')} before saving.`,
  measures: [
    { key: 'sleep', label: 'Sleep', low: 'Poor', high: 'Great' },
    { key: 'energy', label: 'Energy', low: 'Drained', high: 'Full' },
    { key: 'mood', label: 'Mood', low: 'Low', high: 'Great' },
    { key: 'stress', label: 'Stress', low: 'Calm', high: 'Very stressed' },
    { key: 'confidence', label: 'Confidence', low: 'Shaky', high: 'Confident' },
  ] as const,
};

export type MeasureKey = (typeof checkinTexts.measures)[number]['key'];

/** Longest note the server keeps. */
export const MAX_NOTE_CHARS = 500;
