import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { practiceKeys } from '@/lib/practice-keys';
import { toastError, toastSuccess } from '@/lib/toast';
import { logsTexts } from '../texts';
import type { DailyLogs } from './get-daily-logs';

export async function shareEntry({ id, shared }: { id: string; shared: boolean }): Promise<boolean> {
  const answer = unwrap(
    await api.PUT('/dailylogs/{id}/sharing', { params: { path: { id } }, body: { shared } }),
  );
  return answer.shared;
}

/** Shows one entry to the team's coaches, or hides it again; the list and the entry follow. */
export function useShareEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareEntry,
    onSuccess: (shared, { id }) => {
      queryClient.setQueriesData<InfiniteData<DailyLogs>>({ queryKey: [...practiceKeys.dailyLogs, 'pages'] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                entries: page.entries.map((entry) => (entry.id === id ? { ...entry, sharedWithCoach: shared } : entry)),
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: [...practiceKeys.dailyLogs, 'entry', id] });
      toastSuccess(shared ? logsTexts.share.shared : logsTexts.share.hidden);
    },
    onError: () => toastError(logsTexts.share.failed),
  });
}
