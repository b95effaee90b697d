import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { billingKeys } from './keys';
import type { CheckoutSession } from './types';

export async function getCheckoutSession(sessionId: string): Promise<CheckoutSession> {
  return unwrap(await api.GET('/localpay/checkout/{session}', { params: { path: { session: sessionId } } }));
}

export const checkoutSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: billingKeys.checkoutSession(sessionId),
    queryFn: () => getCheckoutSession(sessionId),
    staleTime: 0,
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
  });

export function useCheckoutSession(sessionId: string) {
  return useQuery(checkoutSessionQueryOptions(sessionId));
}
