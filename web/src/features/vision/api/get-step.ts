import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { visionKeys } from './keys';

/** One step's saved text; null before it is written. */
export async function getStep(order: number): Promise<string | null> {
  const result = unwrap(
    await api.GET('/userinput/athleticvision/single/{order}', { params: { path: { order } } }),
  );
  return result.data ?? null;
}

export const stepQueryOptions = (order: number) =>
  queryOptions({
    queryKey: visionKeys.step(order),
    queryFn: () => getStep(order),
    // The screen edits what it loaded: always start from the server's copy.
    staleTime: 0,
  });

export function useStep(order: number) {
  return useQuery(stepQueryOptions(order));
}
