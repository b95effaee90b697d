import { AuthClient } from '@supabase/auth-js';

/** Browser storage key of the session (SPEC §3: sb-{project}-auth-token). */
export const AUTH_STORAGE_KEY = 'sb-swaz-auth-token';

/** Remembers whether the member ticked 'Remember me' at their last sign-in. */
const REMEMBER_KEY = 'swaz.remember-me';
/** A cookie without expiry: the browser drops it when it closes, every tab shares it. */
const BROWSER_SESSION_COOKIE = 'swaz_browser_session';

function markBrowserSession() {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${BROWSER_SESSION_COOKIE}=1; Path=/; SameSite=Lax${secure}`;
}

/**
 * 'Remember me' unticked: the session ends with the browser. The session stays
 * where auth-js keeps it (localStorage, shared by tabs); when the browser has
 * been closed since (the session cookie is gone), it is forgotten before the
 * client reads it.
 */
function forgetSessionAfterBrowserRestart() {
  try {
    const remembered = window.localStorage.getItem(REMEMBER_KEY) !== 'false';
    const sameBrowserSession = document.cookie.split('; ').includes(`${BROWSER_SESSION_COOKIE}=1`);
    if (!remembered && !sameBrowserSession) window.localStorage.removeItem(AUTH_STORAGE_KEY);
    markBrowserSession();
  } catch {
    // Storage blocked: auth-js keeps the session in memory only anyway.
  }
}

/** Called before a password sign-in with the state of 'Remember me'. */
export function rememberSession(remember: boolean) {
  try {
    window.localStorage.setItem(REMEMBER_KEY, String(remember));
    markBrowserSession();
  } catch {
    // Nothing to remember in a blocked storage.
  }
}

forgetSessionAfterBrowserRestart();

/** Passwords the identity service accepts: at least this many characters. */
export const PASSWORD_MIN_LENGTH = 8;

/** The password rules, shown under every new-password field before anything is typed. */
export const PASSWORD_RULES = `At least ${PASSWORD_MIN_LENGTH} characters. A short sentence you will remember works well.`;

/**
 * The kind of e-mailed link this page was opened from (`signup`, `recovery`, …), read before
 * auth-js takes the session out of the address.
 */
export const linkTypeAtStart: string | null = (() => {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return fragment.has('access_token') ? fragment.get('type') : null;
})();

/**
 * The error an e-mailed link came back with (a used or expired link), as the identity service
 * puts it in the address: `error_description` in the hash (implicit flow) or the query (PKCE).
 * Read once at start-up, before auth-js handles the address.
 */
export const emailLinkError: string | null = readEmailLinkError(window.location);

function readEmailLinkError({ hash, search }: Pick<Location, 'hash' | 'search'>): string | null {
  for (const part of [hash.replace(/^#/, ''), search.replace(/^\?/, '')]) {
    const description = new URLSearchParams(part).get('error_description');
    if (description) return description;
  }
  return null;
}

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
