import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import type { TeamMembers } from '../team';
import { teamTexts } from '../texts';
import { reportTeamError } from './report-error';
import { useTeamCache } from './use-team-cache';

export type RemoveMemberInput = components['schemas']['RemoveMember'];

/** The admin removes a member; the server e-mails them the reason. */
export async function removeMember(body: RemoveMemberInput): Promise<TeamMembers> {
  return unwrap(await api.POST('/team/remove', { body }));
}

export function useRemoveMember() {
  const applyTeam = useTeamCache();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (team) => applyTeam(team),
    onError: (error) => reportTeamError(error, teamTexts.remove.failed),
  });
}
