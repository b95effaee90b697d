import { useMutation } from '@tanstack/react-query';
import { authClient } from '@/lib/auth';

/** PUT /auth/v1/user with the recovery session from the e-mailed link. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: async (password: string) => {
      const { error } = await authClient.updateUser({ password });
      if (error) throw error;
    },
  });
}
