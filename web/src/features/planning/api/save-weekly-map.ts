import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { WeeklyMapBody, WeeklyMapEntry } from '../wizard';
import { invalidateAfterSave } from './invalidate';

/** Saves a weekly map with the Idempotency-Key of its draft: a repeat stores nothing new. */
export async function saveWeeklyMap({ body, key }: { body: WeeklyMapBody; key: string }): Promise<WeeklyMapEntry> {
  return unwrap(await api.POST('/userinput/weeklymap', { body, params: { header: { 'Idempotency-Key': key } } }));
}

/** Saves this week's map; the wizard shows a failure inline and keeps the answers. */
export function useSaveWeeklyMap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWeeklyMap,
    onSuccess: () => invalidateAfterSave(queryClient),
  });
}
