import type { components } from '@/lib/api/schema';

/** Feature names for the generated OpenAPI schemas the payment screens pass around. */
type Schemas = components['schemas'];

export type Plan = Schemas['Plan'];
export type Card = Schemas['Card'];
/** A session of the local test-mode provider. */
export type CheckoutSession = Schemas['LocalCheckout'];
export type Subscription = Schemas['SubscriptionView'];
export type SubscriptionSuccessResult = Schemas['SubscriptionSuccessResult'];
export type InvoiceHistoryEntry = Schemas['PastInvoice'];
export type PlanChangePreview = Schemas['PlanChangePreviewView'];
