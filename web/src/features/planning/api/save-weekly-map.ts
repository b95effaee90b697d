import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { WeeklyMapBody, WeeklyMapEntry } from '../wizard';
import { invalidateAfterSave } from './invalidate';

export async function saveWeeklyMap(body: WeeklyMapBody): Promise<WeeklyMapEntry> {
  return unwrap(await api.POST('/userinput/weeklymap', { body }));
}

/** Saves this week's map; the wizard shows a failure inline and keeps the answers. */
export function useSaveWeeklyMap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWeeklyMap,
    onSuccess: () => invalidateAfterSave(queryClient),
  });
}
