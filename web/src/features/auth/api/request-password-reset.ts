import { useMutation } from '@tanstack/react-query';
import { authClient } from '@/lib/auth';

/** POST /auth/v1/recover; the e-mailed link lands on /auth/reset-password. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (email: string) => {
      const { error } = await authClient.resetPasswordForEmail(email, {
        redirectTo: `${window.location.origin}/auth/reset-password`,
      });
      if (error) throw error;
    },
  });
}
