import type { Session, User } from '@supabase/auth-js';
import { createContext, useContext } from 'react';

/** Shared context of SPEC §3: user, session and a subscribed flag (true by default). */
export interface AuthState {
  user: User | null;
  session: Session | null;
  /** True until the profile says otherwise (profile roles include PAID). */
  subscribed: boolean;
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
