/**
 * Answers of the payment endpoints (DESIGN §3, SPEC §3 and §7). Written by hand
 * until lib/api/schema.d.ts carries them; the field names are the server's.
 */

export type PlanId = 'solo' | 'solo_yearly' | 'team' | 'team_yearly';
export type PlanInterval = 'month' | 'year';

export interface Plan {
  id: PlanId;
  name: string;
  interval: PlanInterval;
  /** Minor units (cents). */
  amount: number;
  currency: string;
  seats: number;
}

export interface PlansResponse {
  plans: Plan[];
}

export interface CheckoutStartResponse {
  url: string;
}

export interface Card {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface PaymentMethod {
  card: Card | null;
}

export type CheckoutMode = 'subscription' | 'setup';
export type CheckoutStatus = 'open' | 'complete' | 'expired';

/** A session of the local test-mode provider. */
export interface CheckoutSession {
  id: string;
  mode: CheckoutMode;
  status: CheckoutStatus;
  plan: Plan | null;
  email: string | null;
  amount: number | null;
  currency: string | null;
  cancelUrl: string;
}

export interface PayInput {
  email: string;
  name: string;
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface PayResponse {
  redirectUrl: string;
}

/** SPEC §3: the subscription success result (email optional). */
export interface SubscriptionSuccessResult {
  email?: string | null;
  /** A string on the first answer for a session, null afterwards. */
  generatedPassword?: string | null;
}

/** SPEC §7: the answer may come wrapped. */
export interface Wrapped<T> {
  success: boolean;
  data?: T | null;
  error?: string | null;
}

export interface Subscription {
  status: string;
  /** A plan object, or its id on some answers. */
  plan: Plan | PlanId | string | null;
  cancelAtPeriodEnd: boolean;
  /** Seconds since the epoch. */
  currentPeriodEnd: number;
  defaultPaymentMethod: PaymentMethod | null;
}

export interface UpcomingInvoice {
  id: string;
  /** Seconds since the epoch. */
  created: number;
  currency: string;
  /** Minor units. */
  amountDue: number;
  subscription: { defaultPaymentMethod: PaymentMethod | null } | null;
}

export interface InvoiceHistoryEntry {
  id: string;
  created: number;
  status: string;
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
  charge: string | null;
  currency: string;
  amountPaid: number;
  paymentIntent: { paymentMethod: PaymentMethod | null } | null;
}

export interface BillingHistory {
  upcoming: UpcomingInvoice | null;
  history: InvoiceHistoryEntry[];
}

export interface ChangePaymentResponse {
  url?: string;
}

export interface UpdatePaymentMethodResponse {
  card: Card;
}
