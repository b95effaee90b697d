/** Query keys of the payment screens, one factory for the feature. */
export const billingKeys = {
  plans: ['Plans'] as const,
  checkoutSession: (sessionId: string) => ['CheckoutSession', sessionId] as const,
  successResult: (sessionId: string, team: string) => ['SubscriptionSuccessResult', sessionId, team] as const,
  subscription: ['CustomerSubscription'] as const,
  billingHistory: ['CustomerBillingHistory'] as const,
  planChangePreview: (plan: string) => ['PlanChangePreview', plan] as const,
};
