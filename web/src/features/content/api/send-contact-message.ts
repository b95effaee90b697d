import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { dismissToast, errorText, toastError, toastInfo, toastSuccess } from '@/lib/toast';
import { contentTexts } from '../texts';

export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export async function sendContactMessage(body: ContactMessage): Promise<{ id: string }> {
  return unwrap(await api.POST('/contact/message', { body }));
}

const t = contentTexts.contact;

/** SPEC §8: 'sending...' while it goes, then the success toast or the error for 5 s. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: sendContactMessage,
    onMutate: () => ({ sendingToast: toastInfo(t.sending, { autoClose: false }) }),
    onSettled: (_data, _error, _vars, context) => {
      if (context?.sendingToast !== undefined) dismissToast(context.sendingToast);
    },
    onSuccess: () => toastSuccess(t.success),
    onError: (error) =>
      toastError(error instanceof ApiError && error.detail ? error.detail : errorText(error, t.failed), {
        autoClose: 5000,
      }),
  });
}
