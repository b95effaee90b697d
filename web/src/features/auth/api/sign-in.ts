import { useMutation } from '@tanstack/react-query';
import { authClient } from '@/lib/auth';
import { QUICK_TOAST, toastError } from '@/lib/toast';
import { authTexts } from '../texts';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * Password sign-in. An auth error shows the provider's message, an exception
 * 'Email or Password Incorrect' (SPEC §8). Success needs no handling here: the
 * SIGNED_IN event updates the session and the auth screen redirects.
 */
export function useSignIn() {
  return useMutation({
    mutationFn: async ({ email, password }: Credentials) => {
      let result;
      try {
        result = await authClient.signInWithPassword({ email, password });
      } catch {
        toastError(authTexts.loginFailed, QUICK_TOAST);
        return false;
      }
      if (result.error) {
        toastError(result.error.message || authTexts.loginFailed, QUICK_TOAST);
        return false;
      }
      return true;
    },
  });
}
