import type { QueryClient } from '@tanstack/react-query';
import { practiceKeys } from '@/lib/practice-keys';

/**
 * Reads the dashboard and check-ins again after the member's zone changed. A first read may
 * still be on its way, counted in the old zone: an invalidation alone would wait for it and
 * keep its answer, so it is dropped first.
 */
export async function readAgainInNewZone(queryClient: QueryClient): Promise<void> {
  const counted = [practiceKeys.dashboard, practiceKeys.checkins];
  await Promise.all(counted.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(counted.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
