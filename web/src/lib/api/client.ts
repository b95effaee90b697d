import createClient, { type Middleware } from 'openapi-fetch';
import { isAuthSessionMissingError } from '@supabase/auth-js';
import { authClient, getAccessToken } from '@/lib/auth';
import { reportSessionRejected, type SessionEndReason } from '@/lib/session-expiry';
import { ApiError } from './errors';
import type { paths } from './schema';

/** SPEC §7/§9: the backend client's time-out. */
export const HTTP_TIMEOUT_MS = 1_200_000;

/** Codes of the identity service for a session it no longer knows (revoked or signed out). */
const REVOKED_CODES = new Set(['refresh_token_not_found', 'session_not_found']);

/** Copies of the requests sent with a token, to send once more after a refresh. */
const spares = new WeakMap<Request, Request>();

/** One refresh for all the requests refused together. */
let refreshing: Promise<string | SessionEndReason | null> | null = null;

/**
 * A new access token, or why there is none: `null` when this browser holds no session (signed
 * out meanwhile), the reason when the identity service refused the refresh.
 */
function refreshAccessToken(): Promise<string | SessionEndReason | null> {
  refreshing ??= authClient
    .refreshSession()
    .then(({ data, error }): string | SessionEndReason | null => {
      if (data.session) return data.session.access_token;
      if (isAuthSessionMissingError(error)) return null;
      return error?.code && REVOKED_CODES.has(error.code) ? 'revoked' : 'expired';
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

const authAndCaching: Middleware = {
  async onRequest({ request }) {
    request.headers.set('Cache-Control', 'no-cache');
    const token = await getAccessToken();
    if (token) {
      request.headers.set('Authorization', `Bearer ${token}`);
      spares.set(request, request.clone());
    }
    return request;
  },
  async onResponse({ request, response }) {
    const spare = spares.get(request);
    if (response.status !== 401 || !spare) return response;
    // The token was refused: expired by the server's clock, whatever this device's clock says,
    // or its session ended. A refreshed token tells which; the identity service's answer is the
    // only one that says the session was revoked.
    const sent = request.headers.get('Authorization');
    const current = await getAccessToken();
    const token = current && `Bearer ${current}` !== sent ? current : await refreshAccessToken();
    if (token === null) return response;
    if (token === 'revoked' || token === 'expired') {
      reportSessionRejected(token);
      return response;
    }
    spare.headers.set('Authorization', `Bearer ${token}`);
    const retried = await globalThis.fetch(spare, { signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
    if (retried.status === 401) reportSessionRejected('expired');
    return retried;
  },
};

/**
 * Typed client of the product API, same origin as the app. Paths are those of
 * the OpenAPI document, relative to its server URL /_api/v1.
 */
export const api = createClient<paths>({
  baseUrl: `${window.location.origin}/_api/v1`,
  fetch: (request) => globalThis.fetch(request, { signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) }),
});
api.use(authAndCaching);

/** Returns the data of an openapi-fetch answer or throws an {@link ApiError}. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || !result.response.ok) {
    throw new ApiError(result.response.status, result.error);
  }
  return result.data as T;
}
