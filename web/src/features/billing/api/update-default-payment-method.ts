import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

/** Change flow return: makes the card of the setup session the default one. */
export async function updateDefaultPaymentMethod(sessionId: string): Promise<components['schemas']['PaymentMethod']> {
  return unwrap(
    await api.PUT('/stripe/updatedefaultpaymentmethod/{sessionid}', { params: { path: { sessionid: sessionId } } }),
  );
}
