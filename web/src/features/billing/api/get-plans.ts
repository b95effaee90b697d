import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './http';
import { billingKeys } from './keys';
import type { Plan, PlansResponse } from './types';

export async function getPlans(): Promise<Plan[]> {
  return (await getJson<PlansResponse>('/plans')).plans;
}

export const plansQueryOptions = queryOptions({
  queryKey: billingKeys.plans,
  queryFn: getPlans,
  retry: 1,
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}
