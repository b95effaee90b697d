import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrapSuccessResult } from '../first-flow';
import { SUCCESS_RESULT_KEEP_MS, SUCCESS_RESULT_TIMEOUT_MS, retryDelay, shouldRetry } from '../retry-policy';
import { sendJson } from './http';
import { billingKeys } from './keys';
import type { SubscriptionSuccessResult } from './types';

/** First flow: the server checks the session is paid and creates or finds the account. */
export async function getSubscriptionSuccessResult(sessionId: string, team: string): Promise<SubscriptionSuccessResult> {
  const query = new URLSearchParams({ sessionid: sessionId, t: team });
  const body = await sendJson<unknown>('POST', `/stripe/subscriptionsuccess-result?${query}`, {
    credentials: 'include',
    timeoutMs: SUCCESS_RESULT_TIMEOUT_MS,
  });
  return unwrapSuccessResult(body);
}

/**
 * A query, so the call runs once per session id even under strict-mode double
 * effects, and its answer is kept 10 minutes (SPEC §9).
 */
export const successResultQueryOptions = (sessionId: string, team: string) =>
  queryOptions({
    queryKey: billingKeys.successResult(sessionId, team),
    queryFn: () => getSubscriptionSuccessResult(sessionId, team),
    retry: shouldRetry,
    retryDelay,
    staleTime: SUCCESS_RESULT_KEEP_MS,
    gcTime: SUCCESS_RESULT_KEEP_MS,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useSubscriptionSuccessResult(sessionId: string, team: string, enabled: boolean) {
  return useQuery({ ...successResultQueryOptions(sessionId, team), enabled });
}
