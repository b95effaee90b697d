import { useQueryClient } from '@tanstack/react-query';
import { practiceKeys } from '@/lib/practice-keys';
import { resolveTimeZone } from '../format';

/**
 * The zone the athlete's days are counted in: the one the dashboard answer named, when
 * it is in the cache, else the browser's (the app stores the browser's zone on sign-in).
 */
export function useAthleteTimeZone(): string {
  const cached = useQueryClient().getQueryData<{ timeZone?: string }>(practiceKeys.dashboard);
  return resolveTimeZone(cached?.timeZone);
}
