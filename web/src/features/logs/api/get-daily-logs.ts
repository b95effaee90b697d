import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { practiceKeys } from '@/lib/practice-keys';

export type DailyLogs = components['schemas']['DailyLogs'];
export type LogEntry = components['schemas']['LogEntry'];

/** One page of the logs, newest first; `before` is the previous page's `nextBefore`. */
export async function getDailyLogs(before: string | null): Promise<DailyLogs> {
  return unwrap(await api.GET('/dailylogs', { params: { query: before ? { before } : {} } }));
}

/** Every page lives under practiceKeys.dailyLogs, which planning saves invalidate. */
export const dailyLogsQueryOptions = infiniteQueryOptions({
  queryKey: [...practiceKeys.dailyLogs, 'pages'],
  queryFn: ({ pageParam }) => getDailyLogs(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextBefore ?? undefined,
});

export function useDailyLogs() {
  return useInfiniteQuery(dailyLogsQueryOptions);
}
