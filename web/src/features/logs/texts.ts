import { logEntryTexts } from '@/lib/log-entry';

/** Copy of the daily logs and a log entry (SPEC §2, DESIGN §5); the questions live in lib/log-entry. */
export const logsTexts = {
  ...logEntryTexts,
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

  entryTitle: 'Daily Log',
  back: 'Back to Daily Logs',
  notFound: 'This log entry was not found',
  notFoundBody: 'It may have been removed, or the link is not quite right.',
  entryLoadFailed: 'This log entry could not be loaded.',
  savedAt: (when: string) => `Saved ${when}`,
  share: {
    label: 'Share with my coach',
    help: 'Your team’s coaches see this entry’s answers while this is on.',
    shared: 'Shared with your coach',
    hidden: 'No longer shared with your coach',
    failed: 'The entry’s sharing could not be changed. Please try again.',
  },
  firstMapNote: 'Your first weekly map: it starts with the plan, there was no week to review yet.',
};
