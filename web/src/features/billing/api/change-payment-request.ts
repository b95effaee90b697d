import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { toastError } from '@/lib/toast';
import { billingTexts } from '../texts';

/** Asks for a card-change checkout; its address is in the Location header (SPEC §7), or the body. */
export async function requestPaymentChange(): Promise<string> {
  const result = await api.GET('/stripe/subscription/changepaymentrequest');
  const body = unwrap(result);
  const url = result.response.headers.get('Location') ?? body?.url;
  if (!url) throw new Error(billingTexts.membership.changeFailed);
  return url;
}

export function useChangePaymentRequest() {
  return useMutation({
    mutationFn: requestPaymentChange,
    onSuccess: (url) => window.location.assign(url),
    onError: (error) =>
      toastError(error instanceof ApiError && error.detail ? error.detail : billingTexts.membership.changeFailed),
  });
}
