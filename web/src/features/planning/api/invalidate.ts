import type { QueryClient } from '@tanstack/react-query';
import { practiceKeys } from '@/lib/practice-keys';

/** A saved plan changes the dashboard, the logs and the latest objectives. */
export function invalidateAfterSave(queryClient: QueryClient) {
  return Promise.all(
    [practiceKeys.dashboard, practiceKeys.dailyLogs, practiceKeys.dailyActions100, practiceKeys.recentObjectives].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
