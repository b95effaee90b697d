import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

type PayInput = components['schemas']['PayRequest'];

export async function payCheckout(sessionId: string, input: PayInput): Promise<components['schemas']['PayResult']> {
  return unwrap(
    await api.POST('/localpay/checkout/{session}/pay', { params: { path: { session: sessionId } }, body: input }),
  );
}

/** Pays the test-mode checkout; on success the browser follows the provider's redirect. */
export function usePayCheckout(sessionId: string) {
  return useMutation({
    mutationFn: (input: PayInput) => payCheckout(sessionId, input),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  });
}
