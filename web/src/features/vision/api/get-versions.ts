import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { visionKeys } from './keys';

export type VisionVersion = components['schemas']['VisionVersion'];

/** Every kept vision, newest first. */
export async function getVersions(): Promise<VisionVersion[]> {
  return unwrap(await api.GET('/userinput/athleticvision/versions')).versions;
}

export const versionsQueryOptions = queryOptions({
  queryKey: visionKeys.versions,
  queryFn: getVersions,
});

export function useVersions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...versionsQueryOptions, enabled });
}
