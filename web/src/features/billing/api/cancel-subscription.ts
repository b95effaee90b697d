import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { billingTexts } from '../texts';
import { billingKeys } from './keys';
import type { Subscription } from './types';

/** Cancels at the end of the paid period. */
export async function cancelSubscription(reason: string): Promise<Subscription> {
  return unwrap(await api.POST('/stripe/cancelsubscription', { body: { reason } }));
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async (subscription) => {
      queryClient.setQueryData(billingKeys.subscription, subscription);
      await queryClient.invalidateQueries({ queryKey: billingKeys.subscription });
      await queryClient.invalidateQueries({ queryKey: billingKeys.billingHistory });
      toastSuccess(billingTexts.cancelMembership.success);
    },
    onError: (error) =>
      toastError(error instanceof ApiError && error.detail ? error.detail : billingTexts.cancelMembership.failed),
  });
}
