import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { profileKey } from '@/lib/queries/profile';
import { toastError, toastSuccess } from '@/lib/toast';
import { planLabel } from '../plan-name';
import { billingTexts } from '../texts';
import { billingKeys } from './keys';
import type { Plan, PlanChangePreview, Subscription } from './types';

const t = billingTexts.changePlan;

/** What changing to `plan` costs now: shown before the member confirms. */
export async function getPlanChangePreview(plan: Plan['id']): Promise<PlanChangePreview> {
  return unwrap(await api.GET('/stripe/changeplan/preview', { params: { query: { plan } } }));
}

export function usePlanChangePreview(plan: Plan['id'] | null) {
  return useQuery({
    queryKey: billingKeys.planChangePreview(plan ?? ''),
    queryFn: () => getPlanChangePreview(plan!),
    enabled: plan !== null,
    staleTime: 0,
    retry: false,
    // The amount of the last plan stays while the next one loads, so the screen does not jump.
    placeholderData: keepPreviousData,
  });
}

export interface PlanChoice {
  plan: Plan['id'];
  /** The preview's moment: the member is charged what they were shown. */
  previewAt: number;
}

export async function changePlan(choice: PlanChoice): Promise<Subscription> {
  return unwrap(await api.POST('/stripe/changeplan', { body: choice }));
}

export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: (subscription) => {
      queryClient.setQueryData(billingKeys.subscription, subscription);
      toastSuccess(t.changed(planLabel(subscription.plan) ?? subscription.plan));
    },
    onError: (error) => toastError(error instanceof ApiError && error.detail ? error.detail : t.changeFailed),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: billingKeys.subscription });
      await queryClient.invalidateQueries({ queryKey: billingKeys.billingHistory });
      // Individual ↔ Team makes or ends the member's team.
      await queryClient.invalidateQueries({ queryKey: profileKey });
    },
  });
}
