import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { toastSuccess } from '@/lib/toast';
import { accountTexts } from '../texts';
import type { Sharing } from './get-sharing';
import { accountKeys } from './keys';

export async function updateSharing(body: Sharing): Promise<Sharing> {
  return unwrap(await api.PUT('/sharing', { body }));
}

/** Saves both switches at once and says what the coach now sees; a refusal shows by the switches. */
export function useUpdateSharing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSharing,
    onSuccess: (saved) => {
      queryClient.setQueryData(accountKeys.sharing, saved);
      toastSuccess(accountTexts.coachSharing.saved(saved.practice, saved.checkins));
    },
  });
}
