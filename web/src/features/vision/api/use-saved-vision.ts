import { useVision } from '@/lib/queries/vision';

/**
 * The vision for screens that redirect when none is saved: a cached 404 is
 * trusted only once it is fresh, so a vision completed since then is not
 * mistaken for a missing one.
 */
export function useSavedVision() {
  const query = useVision();
  const settling = query.isPending || (query.data === null && query.isFetching);
  return { ...query, settling };
}
