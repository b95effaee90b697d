import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { toastSuccess } from '@/lib/toast';
import { accountTexts } from '../texts';
import type { Sharing } from './get-sharing';
import { accountKeys } from './keys';

export async function updateSharing(body: Sharing): Promise<Sharing> {
  return unwrap(await api.PUT('/sharing', { body }));
}

const t = accountTexts.coachSharing;

/** Saves the switches at once and says what changed; a refusal shows by the switches. */
export function useUpdateSharing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSharing,
    onSuccess: (saved) => {
      const before = queryClient.getQueryData<Sharing>(accountKeys.sharing);
      queryClient.setQueryData(accountKeys.sharing, saved);
      const notesChanged = before !== undefined && before.nudges !== saved.nudges;
      toastSuccess(notesChanged ? t.savedNudges(saved.nudges) : t.saved(saved.practice, saved.checkins));
    },
  });
}
