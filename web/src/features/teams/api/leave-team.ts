import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { teamTexts } from '../texts';
import { reportTeamError } from './report-error';

/**
 * The member leaves their team (their own user id); team access ends at once.
 * The caller then signs out, which clears every cached query.
 */
export async function leaveTeam(userId: string): Promise<void> {
  unwrap(await api.POST('/team/leave/{userId}', { params: { path: { userId } } }));
}

export function useLeaveTeam() {
  return useMutation({
    mutationFn: leaveTeam,
    onError: (error) => reportTeamError(error, teamTexts.leave.failed),
  });
}
