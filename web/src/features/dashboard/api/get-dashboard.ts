import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { practiceKeys } from '@/lib/practice-keys';

export type Dashboard = components['schemas']['Dashboard'];

export async function getDashboard(): Promise<Dashboard> {
  return unwrap(await api.GET('/dashboard'));
}

/** SPEC §3's GetUserDashboardState; planning saves and the bedtime routine invalidate it. */
export const dashboardQueryOptions = queryOptions({
  queryKey: practiceKeys.dashboard,
  queryFn: getDashboard,
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
