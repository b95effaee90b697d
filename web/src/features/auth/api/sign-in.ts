import { useMutation } from '@tanstack/react-query';
import { authClient, rememberSession } from '@/lib/auth';
import { authTexts } from '../texts';

export interface Credentials {
  email: string;
  password: string;
  /** 'Remember me': keep the session after the browser closes. */
  rememberMe: boolean;
}

/** GoTrue's code for a password sign-in before the e-mail is confirmed. */
const EMAIL_NOT_CONFIRMED = 'email_not_confirmed';

export type SignInOutcome = { ok: true } | { ok: false; message: string; unconfirmed: boolean };

/**
 * Password sign-in. An auth error shows the provider's message, an exception
 * 'Email or Password Incorrect' (SPEC §8), as the outcome the form shows in
 * its error box (once: no toast besides it). Success needs no handling here: the SIGNED_IN event
 * updates the session and the auth screen redirects.
 */
export function useSignIn() {
  return useMutation({
    mutationFn: async ({ email, password, rememberMe }: Credentials): Promise<SignInOutcome> => {
      rememberSession(rememberMe);
      let result;
      try {
        result = await authClient.signInWithPassword({ email, password });
      } catch {
        return { ok: false, message: authTexts.loginFailed, unconfirmed: false };
      }
      if (result.error) {
        const message = result.error.message || authTexts.loginFailed;
        const unconfirmed = result.error.code === EMAIL_NOT_CONFIRMED || message === 'Email not confirmed';
        return { ok: false, message, unconfirmed };
      }
      return { ok: true };
    },
  });
}

/** Sends the sign-up confirmation link again. */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: async (email: string) => {
      const { error } = await authClient.resend({
        type: 'signup',
        email,
        options: { emailRedirectTo: `${window.location.origin}/user-dashboard` },
      });
      if (error) throw error;
    },
  });
}
