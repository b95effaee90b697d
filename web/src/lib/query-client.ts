import { QueryClient } from '@tanstack/react-query';
import { isNotRetryable } from '@/lib/api/errors';

/** SPEC §9: 3 retries with capped exponential back-off; client errors and time-outs are final. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => !isNotRetryable(error) && failureCount < 3,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      staleTime: 180_000,
      gcTime: 300_000,
    },
  },
});
