import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { AthleteVision } from './get-athletes';
import { contentKeys } from './keys';

export async function getAthlete(athlete: string): Promise<AthleteVision> {
  return unwrap(await api.GET('/inspiration/{athlete}', { params: { path: { athlete } } }));
}

export const athleteQueryOptions = (athlete: string) =>
  queryOptions({
    queryKey: contentKeys.athlete(athlete.toLowerCase()),
    queryFn: () => getAthlete(athlete),
    staleTime: Infinity,
  });

export function useAthlete(athlete: string) {
  return useQuery(athleteQueryOptions(athlete));
}
