import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { paths } from '@/lib/api/schema';

/** SPEC §3's cache key of the member's profile: every read, save and refresh of it goes through this one. */
export const profileKey = ['GetSwazProfile'] as const;

export type SwazProfile =
  paths['/swazprofile']['get']['responses'][200]['content']['application/json'];

export async function getProfile(): Promise<SwazProfile> {
  return unwrap(await api.GET('/swazprofile'));
}

/** SPEC §7/§9: the profile is cached 7 s and not refetched on mount. */
export const profileQueryOptions = queryOptions({
  queryKey: profileKey,
  queryFn: getProfile,
  staleTime: 7000,
  refetchOnMount: false,
});

export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQueryOptions, enabled });
}

/** SPEC §6: paid status comes from the PAID role. */
export function isPaid(profile: SwazProfile): boolean {
  return profile.roles.includes('PAID');
}
