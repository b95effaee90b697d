import { useAuth } from '@/lib/auth-context';
import { useProfile } from './profile';

/**
 * The member's first name: the profile's when loaded, else the one the server
 * put in the session's user metadata, else the fallback.
 */
export function useFirstName(fallback: string): string {
  const { user } = useAuth();
  const profile = useProfile();
  const fromSession = user?.user_metadata?.first_name;
  return (
    profile.data?.firstName?.trim() ||
    (typeof fromSession === 'string' && fromSession.trim()) ||
    fallback
  );
}
