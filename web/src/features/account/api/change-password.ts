import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { errorText, toastError, toastSuccess } from '@/lib/toast';
import { accountTexts } from '../texts';

export async function changePassword(password: string): Promise<{ message: string }> {
  return unwrap(await api.POST('/supabase/changepassword', { body: { password } }));
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => toastSuccess(accountTexts.password.success),
    onError: (error) =>
      toastError(error instanceof ApiError && error.detail ? error.detail : errorText(error, 'Password change failed')),
  });
}
