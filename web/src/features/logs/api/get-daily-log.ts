import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { practiceKeys } from '@/lib/practice-keys';
import type { LogEntry } from './get-daily-logs';

/** One entry of the logs, or null when the server answers 404 (unknown, or someone else's). */
export async function getDailyLog(id: string): Promise<LogEntry | null> {
  const { data, error, response } = await api.GET('/dailylogs/{id}', { params: { path: { id } } });
  if (response.status === 404) return null;
  if (error !== undefined || !data) throw new ApiError(response.status, error);
  return data;
}

export const dailyLogQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...practiceKeys.dailyLogs, 'entry', id],
    queryFn: () => getDailyLog(id),
  });

export function useDailyLog(id: string) {
  return useQuery(dailyLogQueryOptions(id));
}
