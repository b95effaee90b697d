/** The membership and checkout screens, loaded on first visit (see lib/lazy-screen). */
export { BillingRoute } from './BillingRoute';
export { CancelMembershipRoute } from './CancelMembershipRoute';
export { ChangePlanRoute } from './ChangePlanRoute';
export { CheckoutCancelledRoute } from './CheckoutCancelledRoute';
export { CheckoutRoute } from './CheckoutRoute';
export { FirstFlowSuccessRoute } from './FirstFlowSuccessRoute';
export { MembershipRoute } from './MembershipRoute';
export { PaymentReturnRoute } from './PaymentReturnRoute';
