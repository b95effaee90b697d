/**
 * Query keys shared by the features that read or change an athlete's practice:
 * planning saves invalidate the dashboard and the logs, the bedtime routine
 * invalidates the dashboard. SPEC §3 names the first two.
 */
export const practiceKeys = {
  /** The dashboard state (SPEC §3: GetUserDashboardState). */
  dashboard: ['GetUserDashboardState'] as const,
  /** The latest 100 daily actions (SPEC §3: GetDailyActions100). */
  dailyActions100: ['GetDailyActions100'] as const,
  /** Every page of the daily logs and each log entry. */
  dailyLogs: ['DailyLogs'] as const,
  /** The latest objectives shown on the welcome screens. */
  recentObjectives: ['RecentObjectives'] as const,
  /** The athlete's morning check-ins (today's on the check-in screen, the trends on the dashboard). */
  checkins: ['Checkins'] as const,
};
