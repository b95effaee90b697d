import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { QUICK_TOAST, toastSuccess } from '@/lib/toast';
import { teamTexts } from '../texts';
import { reportTeamError } from './report-error';

/** Revokes the team's invite link; it stops working at once. */
export async function revokeInviteLink(): Promise<void> {
  unwrap(await api.DELETE('/team/invitelink'));
}

export function useRevokeInviteLink() {
  return useMutation({
    mutationFn: revokeInviteLink,
    onSuccess: () => toastSuccess(teamTexts.invite.revoked, QUICK_TOAST),
    onError: (error) => reportTeamError(error, teamTexts.invite.revokeFailed),
  });
}
