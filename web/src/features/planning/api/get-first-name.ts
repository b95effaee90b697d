import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { useAuth } from '@/lib/auth-context';
import { planningKeys } from './keys';

async function getProfile() {
  return unwrap(await api.GET('/swazprofile'));
}

/** The profile under SPEC §3's shared key; SPEC §7/§9: cached 7 s, not refetched on mount. */
const profileQueryOptions = queryOptions({
  queryKey: planningKeys.profile,
  queryFn: getProfile,
  staleTime: 7000,
  refetchOnMount: false,
});

/** The member's first name: the profile's, else the session's user metadata, else the fallback. */
export function useFirstName(fallback: string): string {
  const { user } = useAuth();
  const profile = useQuery(profileQueryOptions);
  const fromSession = user?.user_metadata?.first_name;
  return (
    profile.data?.firstName?.trim() ||
    (typeof fromSession === 'string' && fromSession.trim()) ||
    fallback
  );
}
