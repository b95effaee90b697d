import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { visionKeys } from './keys';
import { toastSaveError } from './save-error';

export interface SaveStepInput {
  order: number;
  text: string;
}

export async function saveStep({ order, text }: SaveStepInput): Promise<string | null> {
  const result = unwrap(
    await api.POST('/userinput/athleticvision/single/{order}', {
      params: { path: { order } },
      body: { text },
    }),
  );
  return result.data ?? null;
}

/** Saves one step; the caller navigates once the save has succeeded. */
export function useSaveStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStep,
    onSuccess: (saved, { order }) => {
      queryClient.setQueryData(visionKeys.step(order), saved);
      return queryClient.invalidateQueries({ queryKey: visionKeys.vision });
    },
    onError: toastSaveError,
  });
}
