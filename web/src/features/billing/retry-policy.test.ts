import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import {
  SUCCESS_RESULT_KEEP_MS,
  SUCCESS_RESULT_MAX_ATTEMPTS,
  SUCCESS_RESULT_TIMEOUT_MS,
  UnsuccessfulResponseError,
  retryDelay,
  shouldRetry,
} from './retry-policy';

const serverError = new ApiError(503, { code: 'unavailable', message: 'Try later' });
const timeout = new DOMException('signal timed out', 'TimeoutError');

/** Runs the policy the way TanStack Query does: failureCount starts at 0. */
function attemptsUntilGivingUp(error: unknown): { attempts: number; delays: number[] } {
  const delays: number[] = [];
  let failureCount = 0;
  for (;;) {
    if (!shouldRetry(failureCount, error)) return { attempts: failureCount + 1, delays };
    delays.push(retryDelay(failureCount));
    failureCount += 1;
  }
}

describe('subscription success retry policy', () => {
  it('makes 3 attempts in total on server errors, 20 s then 4 s apart', () => {
    expect(SUCCESS_RESULT_MAX_ATTEMPTS).toBe(3);
    expect(attemptsUntilGivingUp(serverError)).toEqual({ attempts: 3, delays: [20_000, 4_000] });
    expect(attemptsUntilGivingUp(new TypeError('Failed to fetch'))).toEqual({ attempts: 3, delays: [20_000, 4_000] });
    expect(attemptsUntilGivingUp(new UnsuccessfulResponseError('not yet')).attempts).toBe(3);
  });

  it('waits 20 s first, then 4 s doubling, capped at 10 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(retryDelay)).toEqual([20_000, 4_000, 8_000, 10_000, 10_000, 10_000]);
  });

  it('never retries client errors', () => {
    for (const status of [400, 401, 404, 409, 422, 499]) {
      expect(shouldRetry(0, new ApiError(status, { code: 'x', message: 'y' }))).toBe(false);
    }
    expect(shouldRetry(0, new ApiError(500, null))).toBe(true);
  });

  it('never retries time-outs', () => {
    expect(shouldRetry(0, timeout)).toBe(false);
    expect(shouldRetry(0, new DOMException('aborted', 'AbortError'))).toBe(false);
  });

  it('uses a 60 s time-out and keeps results 10 minutes', () => {
    expect(SUCCESS_RESULT_TIMEOUT_MS).toBe(60_000);
    expect(SUCCESS_RESULT_KEEP_MS).toBe(600_000);
  });
});
