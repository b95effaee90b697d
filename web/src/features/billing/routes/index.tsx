import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-screen';
import { ChoosePlanRoute } from './ChoosePlanRoute';

const screens = () => import('./screens');

/** The plans page is a landing page (SPEC §2), so it comes with the first download. */
export const billingPublicRoutes: RouteObject[] = [
  { path: 'choose-a-plan', element: <ChoosePlanRoute /> },
  { path: '_checkout/:sessionId', lazy: lazyScreen(screens, (s) => <s.CheckoutRoute />) },
  {
    path: 'swaz-subscription-success-stripe-first-flow',
    lazy: lazyScreen(screens, (s) => <s.FirstFlowSuccessRoute />),
  },
];

export const billingMemberRoutes: RouteObject[] = [
  { path: 'swaz-subscription-success', lazy: lazyScreen(screens, (s) => <s.PaymentReturnRoute />) },
  { path: 'swaz-subscription-checkout-cancelled', lazy: lazyScreen(screens, (s) => <s.CheckoutCancelledRoute />) },
  { path: 'swaz-subscription-change-success', lazy: lazyScreen(screens, (s) => <s.PaymentReturnRoute change />) },
  {
    path: 'swaz-subscription-change-checkout-cancelled',
    lazy: lazyScreen(screens, (s) => <s.CheckoutCancelledRoute change />),
  },
];

/** Children of /account. */
export const billingAccountRoutes: RouteObject[] = [
  { path: 'membership', lazy: lazyScreen(screens, (s) => <s.MembershipRoute />) },
  { path: 'billing', lazy: lazyScreen(screens, (s) => <s.BillingRoute />) },
  { path: 'cancel-membership', lazy: lazyScreen(screens, (s) => <s.CancelMembershipRoute />) },
  { path: 'change-plan', lazy: lazyScreen(screens, (s) => <s.ChangePlanRoute />) },
];
