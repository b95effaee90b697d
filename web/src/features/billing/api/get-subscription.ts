import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { billingKeys } from './keys';
import type { Subscription } from './types';

/** The member's subscription, or null when they have none (404). */
export async function getSubscription(): Promise<Subscription | null> {
  try {
    return unwrap(await api.GET('/stripe/getcustomersubscription'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const subscriptionQueryOptions = queryOptions({
  queryKey: billingKeys.subscription,
  queryFn: getSubscription,
  staleTime: 0,
});

export function useSubscription() {
  return useQuery(subscriptionQueryOptions);
}
