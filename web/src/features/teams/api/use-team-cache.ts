import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { TeamMembers } from '../team';
import { teamKeys } from './keys';

/**
 * After a team change: show the team the server answered at once, then refresh
 * the members and the profile (its team name, role and PAID role follow the team).
 */
export function useTeamCache() {
  const queryClient = useQueryClient();
  return useCallback(
    async (team: TeamMembers | null) => {
      queryClient.setQueryData(teamKeys.members, team);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.members }),
        queryClient.invalidateQueries({ queryKey: teamKeys.profile }),
      ]);
    },
    [queryClient],
  );
}
