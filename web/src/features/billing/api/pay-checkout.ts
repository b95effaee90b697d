import { useMutation } from '@tanstack/react-query';
import { sendJson } from './http';
import type { PayInput, PayResponse } from './types';

export async function payCheckout(sessionId: string, input: PayInput): Promise<PayResponse> {
  return sendJson<PayResponse>('POST', `/localpay/checkout/${encodeURIComponent(sessionId)}/pay`, { body: input });
}

/** Pays the test-mode checkout; on success the browser follows the provider's redirect. */
export function usePayCheckout(sessionId: string) {
  return useMutation({
    mutationFn: (input: PayInput) => payCheckout(sessionId, input),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  });
}
