import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { TeamMembers } from '../team';
import { teamTexts } from '../texts';
import { reportTeamError } from './report-error';
import { useTeamCache } from './use-team-cache';

/** The admin asks a member to become co-admin (member → pending_admin). */
export async function promoteMember(userId: string): Promise<TeamMembers> {
  return unwrap(await api.POST('/team/promote', { body: { user_id: userId } }));
}

export function usePromoteMember() {
  const applyTeam = useTeamCache();
  return useMutation({
    mutationFn: promoteMember,
    onSuccess: (team) => applyTeam(team),
    onError: (error) => reportTeamError(error, teamTexts.members.promoteFailed),
  });
}
