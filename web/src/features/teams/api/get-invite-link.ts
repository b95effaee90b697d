import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { InviteLink } from './create-invite-link';
import { teamKeys } from './keys';

/** The team's live invite link (admins), or null when there is none to show. */
export async function getInviteLink(): Promise<InviteLink | null> {
  const { data, error, response } = await api.GET('/team/invitelink');
  if (response.status === 404) return null;
  if (!response.ok || !data) throw new ApiError(response.status, error);
  return data;
}

/** Shown until an admin replaces or revokes it, so it can be copied and shared again. */
export function useInviteLink() {
  return useQuery({ queryKey: teamKeys.inviteLink, queryFn: getInviteLink, staleTime: 0 });
}
