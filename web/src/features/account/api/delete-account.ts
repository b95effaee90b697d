import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { useAuth } from '@/lib/auth-context';
import { toastSuccess } from '@/lib/toast';
import { accountTexts } from '../texts';

export async function deleteAccount(confirmation: string): Promise<void> {
  const { error, response } = await api.DELETE('/account', { body: { confirmation } });
  if (!response.ok) throw new ApiError(response.status, error);
}

/**
 * Deletes the account; the session ended with it, so this device forgets it too, as a deliberate
 * sign-out: the account guard then sends the former member home, not to the login. Going home
 * first is not enough alone: the router shows the new page as a transition, and the sign-out's
 * urgent update can render before it, still on /account (CI saw the login with that returnUrl).
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { signOut } = useAuth();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      void navigate('/', { replace: true });
      await signOut('local');
      queryClient.clear();
      toastSuccess(accountTexts.data.deleted);
    },
  });
}
