/** Copy of the planning screens (SPEC §2). */
export const planningTexts = {
  dashboardTitle: 'Dashboard',
  planningTitle: 'Planning my:',
  week: 'Week',
  day: 'Day',
  weeklyMapTitle: 'Weekly Map',
  weeklyMapVisionTitle: 'Weekly Map: Athletic Vision',
  dailyActionTitle: 'Daily Action',
  dailyLogsTitle: 'Daily Logs',
  dailyLogTitle: 'Daily Log',
} as const;
