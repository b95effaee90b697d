import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

export type TeamFocus = components['schemas']['TeamFocus'];

/** Shared by the coach's focus editor (teams) and the athlete's plan step (planning). */
export const teamFocusKey = ['TeamFocus'] as const;

/** The week's focus of the caller's team; `null` outside a team (404). */
export async function getTeamFocus(): Promise<TeamFocus | null> {
  try {
    return unwrap(await api.GET('/team/focus'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const teamFocusQueryOptions = queryOptions({
  queryKey: teamFocusKey,
  queryFn: getTeamFocus,
});

export function useTeamFocus() {
  return useQuery(teamFocusQueryOptions);
}
