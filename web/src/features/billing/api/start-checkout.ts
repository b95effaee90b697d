import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { errorText, toastError } from '@/lib/toast';
import { billingTexts } from '../texts';
import type { Plan } from './types';

/** Starts a checkout for the plan; the token goes along when signed in. */
export async function startCheckout(plan: Plan['id']): Promise<components['schemas']['CheckoutUrl']> {
  return unwrap(await api.POST('/stripe/checkout', { body: { plan } }));
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
