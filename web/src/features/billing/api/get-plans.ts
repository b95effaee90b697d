import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { billingKeys } from './keys';
import type { Plan } from './types';

export async function getPlans(): Promise<Plan[]> {
  return unwrap(await api.GET('/plans')).plans;
}

export const plansQueryOptions = queryOptions({
  queryKey: billingKeys.plans,
  queryFn: getPlans,
  retry: 1,
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}
