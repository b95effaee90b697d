import createClient, { type Middleware } from 'openapi-fetch';
import { getAccessToken } from '@/lib/auth';
import { reportSessionRejected } from '@/lib/session-expiry';
import { ApiError } from './errors';
import type { paths } from './schema';

/** SPEC §7/§9: the backend client's time-out. */
export const HTTP_TIMEOUT_MS = 1_200_000;

const authAndCaching: Middleware = {
  async onRequest({ request }) {
    request.headers.set('Cache-Control', 'no-cache');
    const token = await getAccessToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
  onResponse({ request, response }) {
    // The token was sent and refused: the session ended elsewhere.
    if (response.status === 401 && request.headers.has('Authorization')) reportSessionRejected();
    return response;
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
