import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { practiceKeys } from '@/lib/practice-keys';

export type StreakSettings = components['schemas']['StreakSettings'];
export type RestReason = 'rest' | 'injury' | 'travel';

const streakKey = ['StreakSettings'] as const;

/** Whether the streak is hidden, the rest days and how many are left (GET /streak). */
export function useStreakSettings(enabled = true) {
  return useQuery({
    queryKey: streakKey,
    queryFn: async (): Promise<StreakSettings> => unwrap(await api.GET('/streak')),
    enabled,
  });
}

/** Each change answers the settings after it; the dashboard's streak and calendar are read again. */
function useStreakChange<T>(change: (input: T) => Promise<StreakSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (settings) => {
      queryClient.setQueryData(streakKey, settings);
      void queryClient.invalidateQueries({ queryKey: practiceKeys.dashboard });
    },
  });
}

export function useChooseRestDay() {
  return useStreakChange(async ({ date, reason }: { date: string; reason: RestReason }) =>
    unwrap(await api.PUT('/streak/restdays/{date}', { params: { path: { date } }, body: { reason } })),
  );
}

export function useRemoveRestDay() {
  return useStreakChange(async (date: string) =>
    unwrap(await api.DELETE('/streak/restdays/{date}', { params: { path: { date } } })),
  );
}

export function useHideStreak() {
  return useStreakChange(async (hidden: boolean) => unwrap(await api.PUT('/streak/hidden', { body: { hidden } })));
}
