import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '@/lib/auth';
import { accountKeys } from './keys';

/**
 * Removes a factor: turns two-factor sign-in off (the server wants an aal2 session for a verified
 * factor) or cancels an enrollment not yet verified.
 */
export function useUnenrollFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (factorId: string) => {
      const { error } = await authClient.mfa.unenroll({ factorId });
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.factors }),
  });
}
