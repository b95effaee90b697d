import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/errors';
import { errorText, toastError } from '@/lib/toast';
import { billingTexts } from '../texts';
import { sendJson } from './http';
import type { CheckoutStartResponse, PlanId } from './types';

/** Starts a checkout for the plan; the token goes along when signed in. */
export async function startCheckout(plan: PlanId): Promise<CheckoutStartResponse> {
  return sendJson<CheckoutStartResponse>('POST', '/stripe/checkout', { body: { plan }, auth: true });
}

/** Starts the checkout and leaves the app for its page. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: startCheckout,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) =>
      toastError(
        error instanceof ApiError && error.detail ? error.detail : errorText(error, billingTexts.choosePlan.startFailed),
      ),
  });
}
