import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type NudgeRequest = components['schemas']['NudgeRequest'];
export type NudgeOutcome = components['schemas']['NudgeOutcome'];

/**
 * The coach's short note by e-mail: to the chosen athletes, or with `userIds: null` to everyone
 * who shares their practice and has not practised today. Answers who got it and who did not.
 */
export async function sendNudge(body: NudgeRequest): Promise<NudgeOutcome> {
  return unwrap(await api.POST('/team/nudge', { body }));
}

/** The outcome (and a refusal's message) shows in the nudge dialog, not in a toast. */
export function useSendNudge() {
  return useMutation({ mutationFn: sendNudge });
}
