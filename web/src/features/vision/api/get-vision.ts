import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { visionKeys } from './keys';

export type AthleticVision = components['schemas']['AthleticVision'];

/** The saved vision, or null when the server answers 404 (none saved, or a step still unanswered). */
export async function getVision(): Promise<AthleticVision | null> {
  const { data, error, response } = await api.GET('/userinput/athleticvision');
  if (response.status === 404) return null;
  if (error !== undefined || !data) throw new ApiError(response.status, error);
  return data;
}

export const visionQueryOptions = queryOptions({
  queryKey: visionKeys.vision,
  queryFn: getVision,
});

export function useVision() {
  return useQuery(visionQueryOptions);
}

/**
 * The vision for screens that redirect when none is saved: a cached 404 is
 * trusted only once it is fresh, so a vision completed since then is not
 * mistaken for a missing one.
 */
export function useSavedVision() {
  const query = useVision();
  const settling = query.isPending || (query.data === null && query.isFetching);
  return { ...query, settling };
}
