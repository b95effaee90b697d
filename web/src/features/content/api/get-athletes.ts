import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { paths } from '@/lib/api/schema';
import { contentKeys } from './keys';

export type AthleteVision = paths['/inspiration']['get']['responses'][200]['content']['application/json'][number];

export async function getAthletes(): Promise<AthleteVision[]> {
  return unwrap(await api.GET('/inspiration'));
}

export const athletesQueryOptions = queryOptions({
  queryKey: contentKeys.athletes,
  queryFn: getAthletes,
  staleTime: Infinity,
});

export function useAthletes() {
  return useQuery(athletesQueryOptions);
}

/** The address of an athlete's page: their name as a slug, which the API matches. */
export function athleteSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}
