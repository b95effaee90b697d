import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { AthleteDetail } from '../board';
import { teamKeys } from './keys';

/** One athlete of the caller's team, or null when there is no such athlete (404). */
export async function getAthlete(userId: string): Promise<AthleteDetail | null> {
  try {
    return unwrap(await api.GET('/team/athletes/{userId}', { params: { path: { userId } } }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const athleteQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: teamKeys.athlete(userId),
    queryFn: () => getAthlete(userId),
    staleTime: 0,
  });

export function useAthlete(userId: string) {
  return useQuery(athleteQueryOptions(userId));
}
