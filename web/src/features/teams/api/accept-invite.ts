import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { QUICK_TOAST, toastSuccess } from '@/lib/toast';
import type { TeamMembers } from '../team';
import { teamTexts } from '../texts';
import { teamKeys } from './keys';
import { useTeamCache } from './use-team-cache';

/** Joins the signed-in athlete to the link's team. */
export async function acceptInvite(hash: string): Promise<TeamMembers> {
  return unwrap(await api.POST('/team/invite/{hash}/accept', { params: { path: { hash } } }));
}

/**
 * Joining makes the athlete PAID through the team: the profile is read again.
 * A refusal (409: already in a team, team full; 404: dead link) is shown on
 * the page with the server's message, not in a passing toast.
 */
export function useAcceptInvite(hash: string) {
  const queryClient = useQueryClient();
  const applyTeam = useTeamCache();
  return useMutation({
    mutationFn: () => acceptInvite(hash),
    onSuccess: async (team) => {
      toastSuccess(teamTexts.invitePage.joined(team.teamName), QUICK_TOAST);
      await applyTeam(team);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: teamKeys.invite(hash) }),
  });
}
