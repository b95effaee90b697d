import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import type { VisionReminder } from '../wizard';
import { planningKeys } from './keys';

export type AthleticVision = components['schemas']['AthleticVision'];

/** The saved vision, or null when the server answers 404 (none saved). */
export async function getVision(): Promise<AthleticVision | null> {
  const { data, error, response } = await api.GET('/userinput/athleticvision');
  if (response.status === 404) return null;
  if (error !== undefined || !data) throw new ApiError(response.status, error);
  return data;
}

export const visionQueryOptions = queryOptions({
  queryKey: planningKeys.vision,
  queryFn: getVision,
});

/** The two answers planning shows as a reminder: q3 (athletic vision) and q5 (1-year goal). */
export function toReminder(vision: AthleticVision | null | undefined): VisionReminder | null {
  if (!vision) return null;
  const athletic = vision.q3.trim();
  const yearGoal = vision.q5.trim();
  return athletic || yearGoal ? { athletic, yearGoal } : null;
}

export function useVision() {
  return useQuery(visionQueryOptions);
}
