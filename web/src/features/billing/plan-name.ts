import type { Plan } from './api/types';
import { DEFAULT_PLANS, billingTexts } from './texts';

/**
 * Name of the subscription's plan, with its period ('Individual · Monthly'). The
 * subscription may carry the plan or only its id, looked up in `plans`.
 */
export function planLabel(plan: Plan | string | null | undefined, plans: readonly Plan[] = DEFAULT_PLANS): string | null {
  if (!plan) return null;
  const resolved =
    typeof plan === 'string'
      ? (plans.find((candidate) => candidate.id === plan) ?? DEFAULT_PLANS.find((candidate) => candidate.id === plan))
      : plan;
  if (!resolved) return typeof plan === 'string' ? plan : null;
  const period = resolved.interval === 'year' ? billingTexts.choosePlan.yearly : billingTexts.choosePlan.monthly;
  return `${resolved.name} · ${period}`;
}
