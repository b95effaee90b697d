import { AuthClient } from '@supabase/auth-js';

/** Browser storage key of the session (SPEC §3: sb-{project}-auth-token). */
export const AUTH_STORAGE_KEY = 'sb-swaz-auth-token';

/**
 * The one identity client of the app, pointed at the server's GoTrue-compatible
 * /auth/v1. Implicit flow, so the e-mailed recovery link (tokens in the hash)
 * signs the user in and fires PASSWORD_RECOVERY.
 */
export const authClient = new AuthClient({
  url: `${window.location.origin}/auth/v1`,
  storageKey: AUTH_STORAGE_KEY,
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: true,
  flowType: 'implicit',
});

/** The access token of the current session, if any. */
export async function getAccessToken(): Promise<string | undefined> {
  const { data } = await authClient.getSession();
  return data.session?.access_token;
}
