import { useMutation } from '@tanstack/react-query';
import { authClient } from '@/lib/auth';

/**
 * PUT /auth/v1/user through auth-js: the member's own password, and the account stops asking
 * for one (`own_password` removed from `user_metadata` in the same call).
 */
export async function chooseOwnPassword(password: string): Promise<void> {
  const { error } = await authClient.updateUser({ password, data: { own_password: null } });
  if (error) throw error;
}

export function useChooseOwnPassword() {
  return useMutation({ mutationFn: chooseOwnPassword });
}
