import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { teamTexts } from '../texts';
import { reportTeamError } from './report-error';

export type InviteLink = components['schemas']['InviteLink'];

/** A new invite link for the admin's team; it replaces the previous one. */
export async function createInviteLink(): Promise<InviteLink> {
  return unwrap(await api.POST('/team/invitelink'));
}

export function useCreateInviteLink() {
  return useMutation({
    mutationFn: createInviteLink,
    onError: (error) => reportTeamError(error, teamTexts.invite.failed),
  });
}
