import { ApiError } from '@/lib/api/errors';

/**
 * SPEC §9 policy of the subscription-success call: 60 s per attempt, 3 attempts
 * in total, the first retry after 20 s, later ones after 4 s doubling up to
 * 10 s; client errors (400–499) and time-outs are final (SPEC §8). Results are
 * kept 10 minutes.
 */
export const SUCCESS_RESULT_TIMEOUT_MS = 60_000;
export const SUCCESS_RESULT_MAX_ATTEMPTS = 3;
export const SUCCESS_RESULT_FIRST_RETRY_MS = 20_000;
export const SUCCESS_RESULT_BACKOFF_BASE_MS = 4_000;
export const SUCCESS_RESULT_BACKOFF_CAP_MS = 10_000;
export const SUCCESS_RESULT_KEEP_MS = 10 * 60_000;

/** Thrown for an answer shaped {success: false, error}. */
export class UnsuccessfulResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsuccessfulResponseError';
  }
}

export function isTimeout(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    (error.name === 'TimeoutError' || error.name === 'AbortError')
  );
}

export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * TanStack Query's `retry`: `failureCount` is the number of failures before
 * this one (0 after the first attempt failed).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isClientError(error) || isTimeout(error)) return false;
  return failureCount + 1 < SUCCESS_RESULT_MAX_ATTEMPTS;
}

/** TanStack Query's `retryDelay`: 0 before the first retry, 1 before the second, … */
export function retryDelay(attemptIndex: number): number {
  if (attemptIndex <= 0) return SUCCESS_RESULT_FIRST_RETRY_MS;
  return Math.min(SUCCESS_RESULT_BACKOFF_BASE_MS * 2 ** (attemptIndex - 1), SUCCESS_RESULT_BACKOFF_CAP_MS);
}
