import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '@/lib/auth';
import { toastSuccess } from '@/lib/toast';
import { accountTexts } from '../texts';
import { accountKeys } from './keys';

/**
 * Checks the first code of a new authenticator app: the factor becomes verified and this session
 * aal2 (auth-js stores it). The form shows a refusal next to itself.
 */
export function useVerifyFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ factorId, code }: { factorId: string; code: string }) => {
      const { error } = await authClient.mfa.challengeAndVerify({ factorId, code });
      if (error) throw error;
    },
    onSuccess: async () => {
      toastSuccess(accountTexts.twoFactor.turnedOn);
      await queryClient.invalidateQueries({ queryKey: accountKeys.factors });
    },
  });
}
