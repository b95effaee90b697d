import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { planningKeys } from './keys';

export type RecentObjectives = components['schemas']['RecentObjectives'];

/** The newest daily and weekly objectives; null on 404 (nothing saved yet). */
export async function getRecentObjectives(): Promise<RecentObjectives | null> {
  const { data, error, response } = await api.GET('/userinput/weeklymapdailyobjectivesrecent');
  if (response.status === 404) return null;
  if (error !== undefined || !data) throw new ApiError(response.status, error);
  return data;
}

export const recentObjectivesQueryOptions = queryOptions({
  queryKey: planningKeys.recentObjectives,
  queryFn: getRecentObjectives,
  // SPEC §8: a failure only hides the section; asking again would not help.
  retry: false,
});

export function useRecentObjectives() {
  return useQuery(recentObjectivesQueryOptions);
}
