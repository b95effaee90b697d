import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { practiceKeys } from '@/lib/practice-keys';

export type Checkin = components['schemas']['Checkin'];
export type CheckinBody = components['schemas']['CheckinBody'];

/** Today's check-in, or `null` before the first of the day. */
export async function getTodayCheckin(): Promise<Checkin | null> {
  const list = unwrap(await api.GET('/checkin', { params: { query: { days: 1 } } }));
  return list.checkins.find((c) => c.date === list.today) ?? null;
}

export function useTodayCheckin() {
  return useQuery({ queryKey: [...practiceKeys.checkins, 'today'], queryFn: getTodayCheckin });
}

export async function saveCheckin(body: CheckinBody): Promise<Checkin> {
  return unwrap(await api.POST('/checkin', { body }));
}

/** Saves today's check-in; it changes the dashboard (streak, calendar, trends). */
export function useSaveCheckin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCheckin,
    onSuccess: () =>
      Promise.all(
        [practiceKeys.checkins, practiceKeys.dashboard].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
