import { useMutation } from '@tanstack/react-query';
import { authClient } from '@/lib/auth';
import { splitName } from '../team';
import { teamTexts } from '../texts';

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
        // own_password: the member chose this password, so the confirmation link asks for none.
        options: { data: { ...splitName(name), own_password: true }, emailRedirectTo: redirectTo },
      });
      if (error) throw inProductWords(error);
      return data;
    },
  });
}

/**
 * The identity API refuses a malformed address in Supabase Auth's words ("Unable to validate
 * email address: invalid format"); the form keeps SPEC §5's.
 */
function inProductWords(error: Error & { code?: string }): Error {
  if (error.code === 'validation_failed' && error.message.startsWith('Unable to validate email address')) {
    return new Error(teamTexts.register.invalidEmail);
  }
  return error;
}
