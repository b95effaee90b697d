import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { retryDelay, shouldRetry } from './retry-policy';

/**
 * The SPEC §9 policy driven through TanStack Query's real retry loop on a fake
 * clock: when each attempt happens, and when it stops.
 */
describe('subscription success retries on a fake clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function run(fail: () => Error) {
    const client = new QueryClient();
    const start = Date.now();
    const calls: number[] = [];
    const result = client.fetchQuery({
      queryKey: ['success-result'],
      queryFn: () => {
        calls.push(Date.now() - start);
        return Promise.reject(fail());
      },
      retry: shouldRetry,
      retryDelay,
    });
    result.catch(() => undefined);
    return { calls, result };
  }

  it('tries at 0 s, 20 s and 24 s, then gives up with the last error', async () => {
    const { calls, result } = run(() => new ApiError(503, { message: 'busy' }));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(calls).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([0, 20_000]);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(calls).toEqual([0, 20_000, 24_000]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(3);
    await expect(result).rejects.toBeInstanceOf(ApiError);
  });

  it('does not try again after a 409 or a time-out', async () => {
    const conflict = run(() => new ApiError(409, { message: 'exists|a@b.co' }));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(conflict.calls).toEqual([0]);
    const timeout = run(() => new DOMException('The operation timed out.', 'TimeoutError'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(timeout.calls).toEqual([0]);
  });
});
