import type { RouteObject } from 'react-router';
import { BillingRoute } from './BillingRoute';
import { CancelMembershipRoute } from './CancelMembershipRoute';
import { CheckoutCancelledRoute } from './CheckoutCancelledRoute';
import { CheckoutRoute } from './CheckoutRoute';
import { ChoosePlanRoute } from './ChoosePlanRoute';
import { FirstFlowSuccessRoute } from './FirstFlowSuccessRoute';
import { MembershipRoute } from './MembershipRoute';
import { PaymentReturnRoute } from './PaymentReturnRoute';

export const billingPublicRoutes: RouteObject[] = [
  { path: 'choose-a-plan', element: <ChoosePlanRoute /> },
  { path: '_checkout/:sessionId', element: <CheckoutRoute /> },
  { path: 'swaz-subscription-success-stripe-first-flow', element: <FirstFlowSuccessRoute /> },
];

export const billingMemberRoutes: RouteObject[] = [
  { path: 'swaz-subscription-success', element: <PaymentReturnRoute /> },
  { path: 'swaz-subscription-checkout-cancelled', element: <CheckoutCancelledRoute /> },
  { path: 'swaz-subscription-change-success', element: <PaymentReturnRoute change /> },
  { path: 'swaz-subscription-change-checkout-cancelled', element: <CheckoutCancelledRoute change /> },
];

/** Children of /account. */
export const billingAccountRoutes: RouteObject[] = [
  { path: 'membership', element: <MembershipRoute /> },
  { path: 'billing', element: <BillingRoute /> },
  { path: 'cancel-membership', element: <CancelMembershipRoute /> },
];
