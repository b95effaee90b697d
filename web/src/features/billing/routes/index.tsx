import type { RouteObject } from 'react-router';
import { PageTitle } from '@/components/ui/PageTitle';
import { billingTexts as t } from '../texts';
import { CheckoutCancelledRoute } from './CheckoutCancelledRoute';
import { ChoosePlanRoute } from './ChoosePlanRoute';

export const billingPublicRoutes: RouteObject[] = [
  { path: 'choose-a-plan', element: <ChoosePlanRoute /> },
  { path: 'swaz-subscription-success-stripe-first-flow', element: <PageTitle title={t.applying} /> },
];

export const billingMemberRoutes: RouteObject[] = [
  { path: 'swaz-subscription-success', element: <PageTitle title={t.applying} /> },
  { path: 'swaz-subscription-checkout-cancelled', element: <CheckoutCancelledRoute /> },
  { path: 'swaz-subscription-change-success', element: <PageTitle title={t.applyingChanges} /> },
  { path: 'swaz-subscription-change-checkout-cancelled', element: <CheckoutCancelledRoute change /> },
];

/** Children of /account. */
export const billingAccountRoutes: RouteObject[] = [
  { path: 'membership', element: <h2 className="h4">{t.membershipTitle}</h2> },
  { path: 'billing', element: <h2 className="h4">{t.billingTitle}</h2> },
  { path: 'cancel-membership', element: <h2 className="h4">{t.cancelMembershipTitle}</h2> },
];
