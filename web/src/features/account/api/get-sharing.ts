import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { accountKeys } from './keys';

export type Sharing = components['schemas']['Sharing'];

export async function getSharing(): Promise<Sharing> {
  return unwrap(await api.GET('/sharing'));
}

export const sharingQueryOptions = queryOptions({
  queryKey: accountKeys.sharing,
  queryFn: getSharing,
});

export function useSharing() {
  return useQuery(sharingQueryOptions);
}
