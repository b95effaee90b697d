import { useMutation } from '@tanstack/react-query';
import { authClient } from '@/lib/auth';

/**
 * Finishes a password sign-in with the code of the member's authenticator app (challenge, then
 * verify, on their verified TOTP factor). The aal2 session arrives with MFA_CHALLENGE_VERIFIED
 * and the login page then continues as after any sign-in.
 */
export function useVerifySecondFactor() {
  return useMutation({
    mutationFn: async (code: string) => {
      const factors = await authClient.mfa.listFactors();
      if (factors.error) throw factors.error;
      const factor = factors.data.totp[0];
      if (!factor) {
        // Turned off meanwhile (another window, or the operator's reset for a lost phone): a
        // fresh session no longer asks for a code.
        const { error } = await authClient.refreshSession();
        if (error) throw error;
        return;
      }
      const { error } = await authClient.mfa.challengeAndVerify({ factorId: factor.id, code });
      if (error) throw error;
    },
  });
}

/** 'Use a different account': ends the half-finished sign-in, here and on the server. */
export function useAbandonSignIn() {
  return useMutation({
    mutationFn: async () => {
      const { error } = await authClient.signOut({ scope: 'local' });
      if (error) throw error;
    },
  });
}
