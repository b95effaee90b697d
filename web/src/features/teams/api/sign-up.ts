import { useMutation } from '@tanstack/react-query';
import { authClient } from '@/lib/auth';
import { splitName } from '../team';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  /** Where the confirmation link lands, signed in: back on the invite page. */
  redirectTo: string;
}

/**
 * POST /auth/v1/signup through auth-js. The account stays unconfirmed (no
 * session) until the e-mailed link is opened.
 */
export function useSignUp() {
  return useMutation({
    mutationFn: async ({ name, email, password, redirectTo }: SignUpInput) => {
      const { data, error } = await authClient.signUp({
        email: email.trim(),
        password,
        options: { data: splitName(name), emailRedirectTo: redirectTo },
      });
      if (error) throw error;
      return data;
    },
  });
}
