import type { AuthenticatorAssuranceLevels, Session } from '@supabase/auth-js';

/** How strongly a session's member proved who they are, and how strongly they can. */
export interface Assurance {
  /** `aal` of the access token: aal1 after a password, aal2 after an authenticator code too. */
  currentLevel: AuthenticatorAssuranceLevels | null;
  /** aal2 when the member has a verified second factor, else the current level. */
  nextLevel: AuthenticatorAssuranceLevels | null;
}

/** The payload of a JWT, or null when the token is not one. */
function jwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * What auth-js's `mfa.getAuthenticatorAssuranceLevel()` answers for the stored session, computed
 * from the session alone: the app decides synchronously, while rendering and inside auth-js's
 * state-change events, where awaiting another auth-js call would wait on its own lock.
 */
export function assuranceOf(session: Session | null): Assurance {
  if (!session) return { currentLevel: null, nextLevel: null };
  const aal = jwtPayload(session.access_token)?.aal;
  const currentLevel = typeof aal === 'string' && aal ? aal : null;
  const verified = (session.user.factors ?? []).some((factor) => factor.status === 'verified');
  return { currentLevel, nextLevel: verified ? 'aal2' : currentLevel };
}

/**
 * True when the password was right but the member has turned on two-factor sign-in and has not
 * yet entered a code: the API refuses this session until they do.
 */
export function needsSecondFactor(session: Session | null): boolean {
  const { currentLevel, nextLevel } = assuranceOf(session);
  return currentLevel === 'aal1' && nextLevel === 'aal2';
}
