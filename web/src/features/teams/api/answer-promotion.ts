import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { QUICK_TOAST, toastSuccess } from '@/lib/toast';
import type { TeamMembers } from '../team';
import { teamTexts } from '../texts';
import { reportTeamError } from './report-error';
import { useTeamCache } from './use-team-cache';

/** A pending_admin accepts (→ admin) or declines (→ member) becoming co-admin. */
export async function answerPromotion(accept: boolean): Promise<TeamMembers> {
  return unwrap(await (accept ? api.POST('/team/promotion/accept') : api.POST('/team/promotion/decline')));
}

export function useAnswerPromotion() {
  const applyTeam = useTeamCache();
  return useMutation({
    mutationFn: answerPromotion,
    onSuccess: async (team, accept) => {
      toastSuccess(accept ? teamTexts.promotion.accepted : teamTexts.promotion.declined, QUICK_TOAST);
      await applyTeam(team);
    },
    onError: (error) => reportTeamError(error, teamTexts.promotion.failed),
  });
}
