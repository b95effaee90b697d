import { practiceKeys } from '@/lib/practice-keys';

/**
 * Query keys of the planning feature; the recent objectives live under the shared practice key, so a save refreshes them.
 * The vision and the first name are read through lib/queries, under their shared keys.
 */
export const planningKeys = {
  /** Both recent objectives (GET /userinput/weeklymapdailyobjectivesrecent). */
  recentObjectives: [...practiceKeys.recentObjectives, 'daily-and-weekly'] as const,
  /** The latest weekly objectives (GET /userinput/weeklymaprecent). */
  recentWeeklyMap: [...practiceKeys.recentObjectives, 'weekly'] as const,
};
