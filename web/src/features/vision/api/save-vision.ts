import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { AthleticVision } from '@/lib/queries/vision';
import type { VisionAnswers } from '../steps';
import { visionKeys } from './keys';
import { toastSaveError } from './save-error';

/** Saves the vision with the Idempotency-Key of its draft: a repeat stores nothing new. */
export async function saveVision({ answers, key }: { answers: VisionAnswers; key: string }): Promise<AthleticVision> {
  return unwrap(
    await api.POST('/userinput/athleticvision', { body: answers, params: { header: { 'Idempotency-Key': key } } }),
  );
}

/** Saves all nine answers at once (the entry form). */
export function useSaveVision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVision,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: visionKeys.vision });
      queryClient.setQueryData(visionKeys.vision, saved);
    },
    onError: toastSaveError,
  });
}
