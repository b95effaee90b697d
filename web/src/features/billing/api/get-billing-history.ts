import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './http';
import { billingKeys } from './keys';
import type { BillingHistory } from './types';

export async function getBillingHistory(): Promise<BillingHistory> {
  return getJson<BillingHistory>('/stripe/getcustomerbillinghistory', { auth: true });
}

export const billingHistoryQueryOptions = queryOptions({
  queryKey: billingKeys.billingHistory,
  queryFn: getBillingHistory,
  staleTime: 0,
});

export function useBillingHistory() {
  return useQuery(billingHistoryQueryOptions);
}
