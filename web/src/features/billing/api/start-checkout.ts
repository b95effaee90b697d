import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import type { Plan } from './types';

export interface CheckoutChoice {
  plan: Plan['id'];
  /** The e-mail the membership is for; only a signed-out visitor gives it. */
  email?: string;
}

/** Starts a checkout for the plan; the token goes along when signed in. */
export async function startCheckout({ plan, email }: CheckoutChoice): Promise<components['schemas']['CheckoutUrl']> {
  return unwrap(await api.POST('/stripe/checkout', { body: { plan, email } }));
}

/** Starts the checkout and leaves the app for its page; the caller shows a refusal. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: startCheckout,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
