import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { practiceKeys } from '@/lib/practice-keys';
import { toastError } from '@/lib/toast';
import { visionTexts } from '../texts';

export type PracticeKind = 'vision_listened' | 'breathing_done';

export async function recordPracticeEvent(kind: PracticeKind) {
  return unwrap(await api.POST('/practice/events', { body: { kind } }));
}

/** Records a finished bedtime practice (listening to the vision, the breathing exercise). */
export function useRecordPracticeEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPracticeEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: practiceKeys.dashboard }),
    onError: (error) =>
      toastError(error instanceof ApiError && error.detail ? error.detail : visionTexts.recordFailed),
  });
}
