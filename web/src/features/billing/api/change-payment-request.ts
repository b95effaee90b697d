import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/errors';
import { toastError } from '@/lib/toast';
import { billingTexts } from '../texts';
import { requestJson } from './http';
import type { ChangePaymentResponse } from './types';

/** Asks for a card-change checkout; its address is in the Location header (SPEC §7), or the body. */
export async function requestPaymentChange(): Promise<string> {
  const { data, headers } = await requestJson<ChangePaymentResponse>('GET', '/stripe/subscription/changepaymentrequest', {
    auth: true,
  });
  const url = headers.get('Location') ?? data?.url;
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
