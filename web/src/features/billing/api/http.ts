import { HTTP_TIMEOUT_MS } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { getAccessToken } from '@/lib/auth';

const BASE = '/_api/v1';

interface RequestOptions {
  body?: unknown;
  /** Sends the bearer token of the session when there is one. */
  auth?: boolean;
  credentials?: RequestCredentials;
  timeoutMs?: number;
}

/** Body and headers of a successful answer. */
export interface HttpAnswer<T> {
  data: T;
  headers: Headers;
}

/**
 * JSON call to the product API for the payment endpoints, which the generated
 * schema does not list yet. Throws {@link ApiError} on 4xx/5xx and a
 * DOMException named TimeoutError when the time-out passes.
 */
export async function requestJson<T>(method: string, path: string, options: RequestOptions = {}): Promise<HttpAnswer<T>> {
  const headers = new Headers({ Accept: 'application/json', 'Cache-Control': 'no-cache' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (options.auth) {
    const token = await getAccessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: options.credentials ?? 'same-origin',
    signal: AbortSignal.timeout(options.timeoutMs ?? HTTP_TIMEOUT_MS),
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!response.ok) throw new ApiError(response.status, parsed);
  return { data: parsed as T, headers: response.headers };
}

export async function getJson<T>(path: string, options?: RequestOptions): Promise<T> {
  return (await requestJson<T>('GET', path, options)).data;
}

export async function sendJson<T>(method: 'POST' | 'PUT', path: string, options?: RequestOptions): Promise<T> {
  return (await requestJson<T>(method, path, options)).data;
}
