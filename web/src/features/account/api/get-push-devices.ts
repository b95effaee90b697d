import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { accountKeys } from './keys';

/** A device the member turned notifications on for. */
export type PushDevice = components['schemas']['Subscription'];

export async function getPushDevices(): Promise<PushDevice[]> {
  return unwrap(await api.GET('/push/subscriptions')).subscriptions;
}

export const pushDevicesQueryOptions = queryOptions({
  queryKey: accountKeys.pushDevices,
  queryFn: getPushDevices,
});

export function usePushDevices() {
  return useQuery(pushDevicesQueryOptions);
}
