import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { unwrapSuccessResult } from '../first-flow';
import { SUCCESS_RESULT_KEEP_MS, SUCCESS_RESULT_TIMEOUT_MS, retryDelay, shouldRetry } from '../retry-policy';
import { billingKeys } from './keys';
import type { SubscriptionSuccessResult } from './types';

/**
 * The answer may come wrapped (SPEC §7), which the document does not describe,
 * so the body is read as text and parsed here; a body that is not JSON stays a
 * string and fails in {@link unwrapSuccessResult} as "no data".
 */
function parseBody(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** First flow: the server checks the session is paid and creates or finds the account. */
export async function getSubscriptionSuccessResult(sessionId: string, team: string): Promise<SubscriptionSuccessResult> {
  const text = unwrap(
    await api.POST('/stripe/subscriptionsuccess-result', {
      params: { query: { sessionid: sessionId, t: team } },
      credentials: 'include',
      parseAs: 'text',
      // SPEC §9: 60 s per attempt. The client's own fetch would replace this signal with its longer time-out.
      fetch: (request) => globalThis.fetch(request, { signal: AbortSignal.timeout(SUCCESS_RESULT_TIMEOUT_MS) }),
    }),
  );
  return unwrapSuccessResult(parseBody(text));
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
