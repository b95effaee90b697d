import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { DailyActionBody, DailyActionEntry } from '../wizard';
import { invalidateAfterSave } from './invalidate';

export async function saveDailyAction(body: DailyActionBody): Promise<DailyActionEntry> {
  return unwrap(await api.POST('/userinput/dailyaction', { body }));
}

/** Saves today's daily action; the wizard shows a failure inline and keeps the answers. */
export function useSaveDailyAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDailyAction,
    onSuccess: () => invalidateAfterSave(queryClient),
  });
}
