import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** SPEC §3's cache key of the saved vision; the vision screens keep their steps and versions under it. */
export const visionKey = ['AthleticVision'] as const;

export type AthleticVision = components['schemas']['AthleticVision'];

/** The saved vision, or null when the server answers 404 (none saved, or a step still unanswered). */
export async function getVision(): Promise<AthleticVision | null> {
  const { data, error, response } = await api.GET('/userinput/athleticvision');
  if (response.status === 404) return null;
  if (error !== undefined || !data) throw new ApiError(response.status, error);
  return data;
}

export const visionQueryOptions = queryOptions({
  queryKey: visionKey,
  queryFn: getVision,
});

export function useVision() {
  return useQuery(visionQueryOptions);
}
