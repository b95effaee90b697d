/** Copy of the daily logs and a log entry (SPEC §2, DESIGN §5). */
export const logsTexts = {
  title: 'Daily Logs',
  lead: 'Every daily action and weekly map you have saved, newest first.',
  loading: 'Loading your logs...',
  loadFailed: 'Your logs could not be loaded.',
  retry: 'Retry',
  loadMore: 'Load more',
  loadingMore: 'Loading...',
  end: "That's everything so far.",

  empty: {
    heading: 'No logs yet',
    body: 'Each daily action and weekly map you save shows up here, so you can see how far you have come.',
    planDay: 'Plan your day',
    planWeek: 'Plan your week',
  },

  kinds: {
    dailyAction: 'Daily action',
    weeklyMap: 'Weekly map',
  } as Record<string, string>,

  entryTitle: 'Daily Log',
  back: 'Back to Daily Logs',
  notFound: 'This log entry was not found',
  notFoundBody: 'It may have been removed, or the link is not quite right.',
  entryLoadFailed: 'This log entry could not be loaded.',
  savedAt: (when: string) => `Saved ${when}`,
  review: 'Review',
  plan: 'Plan',
  firstMapNote: 'Your first weekly map: it starts with the plan, there was no week to review yet.',
  rating: (value: number) => `${value} / 10`,
  blank: '—',

  dailyAction: {
    r1: "Today's wins",
    r2: 'What I learned today',
    r3: 'How present I was today (1-10)',
    q1: 'Vision objective 1',
    q2: 'Vision objective 2',
    q3: 'Vision objective 3',
    q4: 'Mind',
    q5: 'Body',
    q6: 'Soul',
  },

  weeklyMap: {
    q1: "This week's biggest win",
    q2: "This week's lesson",
    q3: "What I'll do differently",
    q4: 'How closely I lived my vision (1-10)',
    q5: 'What I am grateful for',
    q6: 'Vision objective 1',
    q7: 'Vision objective 2',
    q8: 'Vision objective 3',
    q9: 'Mind',
    q10: 'Body',
    q11: 'Soul',
  },
};
