import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { practiceKeys } from '@/lib/practice-keys';

export type CheckinList = components['schemas']['CheckinList'];

/** The last 28 days of morning check-ins, for the trends card; a check-in save invalidates it. */
export function useRecentCheckins() {
  return useQuery({
    queryKey: [...practiceKeys.checkins, 28],
    queryFn: async (): Promise<CheckinList> =>
      unwrap(await api.GET('/checkin', { params: { query: { days: 28 } } })),
  });
}
