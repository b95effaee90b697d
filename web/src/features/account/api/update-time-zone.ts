import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { practiceKeys } from '@/lib/practice-keys';
import type { SwazProfile } from '@/lib/queries/profile';
import { toastError, toastSuccess } from '@/lib/toast';
import { accountTexts } from '../texts';
import { accountKeys } from './keys';

export async function updateTimeZone(timeZone: string): Promise<SwazProfile> {
  return unwrap(await api.PUT('/swazprofile/timezone', { body: { timeZone } }));
}

/** Saves the zone the athlete's days are counted in; the dashboard recounts in it. */
export function useUpdateTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTimeZone,
    onSuccess: async (saved) => {
      queryClient.setQueryData(accountKeys.profile, saved);
      toastSuccess(accountTexts.timeZone.saved);
      await queryClient.invalidateQueries({ queryKey: practiceKeys.dashboard });
    },
    onError: (error) =>
      toastError(error instanceof ApiError && error.detail ? error.detail : accountTexts.timeZone.saveFailed),
  });
}
