import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { TeamMembers } from '../team';
import { teamKeys } from './keys';

/** The caller's team, or null when they are not part of one (404). */
export async function getTeamMembers(): Promise<TeamMembers | null> {
  try {
    return unwrap(await api.GET('/team/members'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Members join and leave from other browsers: read afresh on every visit. */
export const teamMembersQueryOptions = queryOptions({
  queryKey: teamKeys.members,
  queryFn: getTeamMembers,
  staleTime: 0,
});

export function useTeamMembers() {
  return useQuery(teamMembersQueryOptions);
}
