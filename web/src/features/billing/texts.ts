/** Copy of the pricing and payment-return screens (SPEC §2, §9; prices: DESIGN §3 defaults). */
export const billingTexts = {
  choosePlanTitle: 'Choose Your Plan',
  productName: 'SWAZ',
  tagline: 'Mental-performance training for athletes. About 10 minutes a day.',
  monthly: 'Monthly',
  yearly: 'Yearly',
  saveBadge: 'Save 17%',
  select: 'SELECT',
  plans: [
    {
      id: 'solo',
      name: 'Individual',
      monthly: '$29',
      yearly: '$289',
      features: ['Athletic Vision', 'Daily Flow practice', 'Weekly live call', 'Daily logs'],
    },
    {
      id: 'team',
      name: 'Team',
      monthly: '$199',
      yearly: '$1,990',
      features: ['Everything in Individual', 'Up to 25 athletes', 'Team management', 'Invite links'],
    },
  ],
  perMonth: '/month',
  perYear: '/year',
  applying: 'Applying your subscription',
  applyingChanges: 'Applying your subscription changes',
  restarting: 'restarting...',
  subscriptionCancelled: 'subscription cancelled',
  membershipTitle: 'Membership',
  billingTitle: 'Billing',
  cancelMembershipTitle: 'Cancel Membership',
} as const;

/** SPEC §9: cancelled pages redirect after 1500 ms. */
export const CANCELLED_REDIRECT_MS = 1500;
