import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { formatLongDate } from '../format';
import { billingTexts } from '../texts';
import { billingKeys } from './keys';
import type { Subscription } from './types';

/** Keeps a membership that is set to end at period end: it renews again. */
export async function resumeSubscription(): Promise<Subscription> {
  return unwrap(await api.POST('/stripe/resumesubscription'));
}

export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeSubscription,
    onSuccess: (subscription) => {
      queryClient.setQueryData(billingKeys.subscription, subscription);
      toastSuccess(billingTexts.membership.resumed(formatLongDate(subscription.currentPeriodEnd)));
    },
    onError: (error) =>
      toastError(error instanceof ApiError && error.detail ? error.detail : billingTexts.membership.resumeFailed),
    // A refusal means the screen was out of date (e.g. the period has just ended): reload it too.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: billingKeys.subscription });
      await queryClient.invalidateQueries({ queryKey: billingKeys.billingHistory });
    },
  });
}
