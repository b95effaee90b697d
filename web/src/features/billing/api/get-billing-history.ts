import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { billingKeys } from './keys';

export async function getBillingHistory(): Promise<components['schemas']['BillingHistory']> {
  return unwrap(await api.GET('/stripe/getcustomerbillinghistory'));
}

export const billingHistoryQueryOptions = queryOptions({
  queryKey: billingKeys.billingHistory,
  queryFn: getBillingHistory,
  staleTime: 0,
});

export function useBillingHistory() {
  return useQuery(billingHistoryQueryOptions);
}
