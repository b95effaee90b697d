import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { planningKeys } from './keys';

export type WeeklyObjectives = components['schemas']['WeeklyObjectives'];

/** The newest weekly objectives; null on 404 (no weekly map yet). */
export async function getRecentWeeklyMap(): Promise<WeeklyObjectives | null> {
  const { data, error, response } = await api.GET('/userinput/weeklymaprecent');
  if (response.status === 404) return null;
  if (error !== undefined || !data) throw new ApiError(response.status, error);
  return data;
}

export const recentWeeklyMapQueryOptions = queryOptions({
  queryKey: planningKeys.recentWeeklyMap,
  queryFn: getRecentWeeklyMap,
  retry: false,
});

export function useRecentWeeklyMap() {
  return useQuery(recentWeeklyMapQueryOptions);
}
