import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { authClient } from '@/lib/auth';
import { toastSuccess } from '@/lib/toast';
import { accountTexts } from '../texts';

export async function deleteAccount(confirmation: string): Promise<void> {
  const { error, response } = await api.DELETE('/account', { body: { confirmation } });
  if (!response.ok) throw new ApiError(response.status, error);
}

/**
 * Deletes the account; the session ended with it, so this device forgets it too. The home page
 * comes first, so the account guard does not send the former member to the login.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      await navigate('/', { replace: true });
      await authClient.signOut({ scope: 'local' });
      queryClient.clear();
      toastSuccess(accountTexts.data.deleted);
    },
  });
}
