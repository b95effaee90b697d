import type { Session, User } from '@supabase/auth-js';
import { createContext, useContext } from 'react';

/** Shared context of SPEC §3: user, session and a subscribed flag (true by default). */
export interface AuthState {
  /** The signed-in member; null until the session is complete (see `secondFactorPending`). */
  user: User | null;
  /** The session the API accepts; null while a second factor is still owed. */
  session: Session | null;
  /**
   * The password was right, but the member has two-factor sign-in on and has not entered a
   * code yet: they are not signed in until they do (the login page asks for it).
   */
  secondFactorPending: boolean;
  /** True until the profile says otherwise (profile roles include PAID). */
  subscribed: boolean;
  /** True from a deliberate sign-out on: guards then send the visitor home, not to login. */
  signingOut: boolean;
  /**
   * Signs out on purpose (Logout, leaving a team, deleting the account); answers auth-js's error,
   * if any. `local` forgets the session on this device only: for one the server already ended.
   */
  signOut: (scope?: 'global' | 'local') => Promise<{ error: Error | null }>;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}

/** A returnUrl is followed only when it is a same-origin path. */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
