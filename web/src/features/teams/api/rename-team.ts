import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { QUICK_TOAST, toastSuccess } from '@/lib/toast';
import type { TeamMembers } from '../team';
import { teamTexts } from '../texts';
import { reportTeamError } from './report-error';
import { useTeamCache } from './use-team-cache';

export async function renameTeam(name: string): Promise<TeamMembers> {
  return unwrap(await api.PUT('/team/name', { body: { name } }));
}

/** The admin renames the team; the profile and the members are read again (SPEC §4). */
export function useRenameTeam() {
  const applyTeam = useTeamCache();
  return useMutation({
    mutationFn: renameTeam,
    onSuccess: async (team) => {
      toastSuccess(teamTexts.name.saved, QUICK_TOAST);
      await applyTeam(team);
    },
    onError: (error) => reportTeamError(error, teamTexts.name.saveFailed),
  });
}
