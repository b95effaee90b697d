import { sendJson } from './http';
import type { UpdatePaymentMethodResponse } from './types';

/** Change flow return: makes the card of the setup session the default one. */
export async function updateDefaultPaymentMethod(sessionId: string): Promise<UpdatePaymentMethodResponse> {
  return sendJson<UpdatePaymentMethodResponse>('PUT', `/stripe/updatedefaultpaymentmethod/${encodeURIComponent(sessionId)}`, {
    auth: true,
  });
}
