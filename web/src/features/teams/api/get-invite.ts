import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { teamKeys } from './keys';

export type InvitePreview = components['schemas']['InvitePreview'];

/** Who invites to which team, or null for an unknown, expired or revoked link (404). */
export async function getInvite(hash: string): Promise<InvitePreview | null> {
  try {
    return unwrap(await api.GET('/team/invite/{hash}', { params: { path: { hash } } }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The seats left change as athletes join: read afresh on every visit. */
export function inviteQueryOptions(hash: string) {
  return queryOptions({ queryKey: teamKeys.invite(hash), queryFn: () => getInvite(hash), staleTime: 0 });
}

export function useInvite(hash: string) {
  return useQuery(inviteQueryOptions(hash));
}
