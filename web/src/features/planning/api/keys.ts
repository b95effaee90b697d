import { practiceKeys } from '@/lib/practice-keys';

/** Query keys of the planning feature; the recent objectives live under the shared practice key, so a save refreshes them. */
export const planningKeys = {
  /** Both recent objectives (GET /userinput/weeklymapdailyobjectivesrecent). */
  recentObjectives: [...practiceKeys.recentObjectives, 'daily-and-weekly'] as const,
  /** The latest weekly objectives (GET /userinput/weeklymaprecent). */
  recentWeeklyMap: [...practiceKeys.recentObjectives, 'weekly'] as const,
  /** SPEC §3's cache key of the saved vision, shared with the vision screens. */
  vision: ['AthleticVision'] as const,
  /** SPEC §3's profile key, read here for the first name. */
  profile: ['GetSwazProfile'] as const,
};
