import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { paths } from '@/lib/api/schema';
import { practiceKeys } from '@/lib/practice-keys';
import type { SwazProfile } from '@/lib/queries/profile';
import { toastError, toastSuccess } from '@/lib/toast';
import { accountTexts } from '../texts';
import { accountKeys } from './keys';

export type UpdateProfileInput = NonNullable<
  paths['/swazprofile']['put']['requestBody']
>['content']['application/json'];

export async function updateProfile(body: UpdateProfileInput): Promise<SwazProfile> {
  return unwrap(await api.PUT('/swazprofile', { body }));
}

/**
 * Saves the profile; success or failure clears the profile and team-member caches (SPEC §4),
 * and the dashboard, which greets the member by the first name saved here.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => toastSuccess(accountTexts.profile.saved),
    onError: (error) =>
      toastError(error instanceof ApiError && error.detail ? error.detail : accountTexts.profile.saveFailed),
    onSettled: async () => {
      await Promise.all([
        queryClient.resetQueries({ queryKey: accountKeys.profile }),
        queryClient.resetQueries({ queryKey: accountKeys.teamMembers }),
        queryClient.invalidateQueries({ queryKey: practiceKeys.dashboard }),
      ]);
    },
  });
}
