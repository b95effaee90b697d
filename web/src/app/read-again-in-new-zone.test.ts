import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { practiceKeys } from '@/lib/practice-keys';
import { readAgainInNewZone } from './read-again-in-new-zone';

describe('readAgainInNewZone', () => {
  it('does not keep a first dashboard read that was counted in the old zone', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 180_000, retry: false } } });
    let zone = 'UTC';
    let release: () => void = () => {};
    const slowFirstRead = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reads = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: practiceKeys.dashboard,
      queryFn: async () => {
        reads += 1;
        const countedIn = zone;
        if (reads === 1) await slowFirstRead;
        return { timeZone: countedIn };
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    // The first read left before the zone was saved; the zone is saved while it is on its way.
    zone = 'America/Los_Angeles';
    const refreshed = readAgainInNewZone(queryClient);
    release();
    await refreshed;
    await expect.poll(() => queryClient.getQueryData(practiceKeys.dashboard)).toEqual({
      timeZone: 'America/Los_Angeles',
    });
    unsubscribe();
  });
});
