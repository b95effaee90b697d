//! The payment provider behind membership: the local test-mode provider by default, Stripe in
//! production. Both answer Stripe-shaped facts; times here are Unix seconds, as Stripe's are.

use async_trait::async_trait;
use serde::Serialize;
use utoipa::ToSchema;

use super::plans::PlanId;
use crate::domain::Cents;
use crate::error::Result;

/// The refusal to resume a membership whose paid period is over.
pub(crate) const ENDED_CANNOT_RESUME: &str =
    "This membership has already ended, so it can no longer be resumed. Choose a plan to become a member again.";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Card {
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
}

pub struct CheckoutRequest {
    pub plan: PlanId,
    pub customer_email: Option<String>,
    /// An existing customer (a member buying again).
    pub customer_id: Option<String>,
    /// The signed-in member who started the checkout, if any.
    pub buyer_user_id: Option<String>,
    /// May contain `{CHECKOUT_SESSION_ID}`, replaced by the session id.
    pub success_url: String,
    pub cancel_url: String,
}

pub struct SetupRequest {
    pub customer_id: String,
    pub subscription_id: String,
    pub success_url: String,
    pub cancel_url: String,
}

pub struct CheckoutLink {
    pub id: String,
    pub url: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckoutMode {
    Subscription,
    Setup,
}

#[derive(Clone, Debug)]
pub struct CheckoutInfo {
    pub id: String,
    pub mode: CheckoutMode,
    /// Paid (subscription mode) or card saved (setup mode).
    pub complete: bool,
    pub plan: Option<PlanId>,
    pub email: Option<String>,
    pub name: Option<String>,
    pub customer_id: Option<String>,
    pub subscription_id: Option<String>,
    pub buyer_user_id: Option<String>,
}

/// Where a subscription stands, in Stripe's words (the local test mode uses the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SubscriptionStatus {
    Incomplete,
    IncompleteExpired,
    Trialing,
    Active,
    PastDue,
    Canceled,
    Unpaid,
    Paused,
}

impl SubscriptionStatus {
    const ALL: [Self; 8] = [
        Self::Incomplete,
        Self::IncompleteExpired,
        Self::Trialing,
        Self::Active,
        Self::PastDue,
        Self::Canceled,
        Self::Unpaid,
        Self::Paused,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Incomplete => "incomplete",
            Self::IncompleteExpired => "incomplete_expired",
            Self::Trialing => "trialing",
            Self::Active => "active",
            Self::PastDue => "past_due",
            Self::Canceled => "canceled",
            Self::Unpaid => "unpaid",
            Self::Paused => "paused",
        }
    }

    /// `None` for a word Stripe does not use.
    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == raw)
    }
}

#[derive(Clone, Debug)]
pub struct SubscriptionInfo {
    pub id: String,
    pub customer_id: String,
    pub plan: PlanId,
    pub status: SubscriptionStatus,
    pub current_period_start: i64,
    pub current_period_end: i64,
    pub cancel_at_period_end: bool,
    pub canceled_at: Option<i64>,
    pub card: Option<Card>,
}

#[derive(Clone, Debug)]
pub struct InvoiceInfo {
    pub id: String,
    pub created: i64,
    /// The period the invoice pays for (Unix seconds), when known.
    pub period: Option<(i64, i64)>,
    pub status: String,
    pub currency: String,
    pub amount_due: Cents,
    pub amount_paid: Cents,
    pub hosted_invoice_url: Option<String>,
    pub invoice_pdf: Option<String>,
    pub charge: Option<String>,
    pub card: Option<Card>,
}

/// What a plan change costs, in the subscription's currency.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanChangePreview {
    pub currency: String,
    /// Charged at once: the new plan's price for the time it covers, less the unused time of
    /// the current plan; zero when the unused time is worth more.
    pub amount_due_now: Cents,
    /// Unused time worth more than the charge, taken off the next invoices.
    pub credit: Cents,
    /// When the new plan next renews (Unix seconds) and for how much.
    pub next_renewal: i64,
    pub next_amount: Cents,
    /// The moment the proration is computed for (Unix seconds); the change uses the same.
    pub at: i64,
}

#[async_trait]
pub trait PaymentProvider: Send + Sync {
    fn name(&self) -> &'static str;
    async fn create_checkout(&self, request: CheckoutRequest) -> Result<CheckoutLink>;
    async fn create_setup_checkout(&self, request: SetupRequest) -> Result<CheckoutLink>;
    async fn checkout(&self, session_id: &str) -> Result<Option<CheckoutInfo>>;
    async fn subscription(&self, subscription_id: &str) -> Result<Option<SubscriptionInfo>>;
    /// Makes the card saved by a completed setup checkout the default of its customer and
    /// subscription.
    async fn apply_setup(&self, session_id: &str) -> Result<Card>;
    async fn cancel_at_period_end(&self, subscription_id: &str) -> Result<SubscriptionInfo>;
    /// What changing the subscription to `plan` at `at` (Unix seconds, now) would cost: Stripe's
    /// invoice preview of the proration, or the local provider's same arithmetic.
    async fn preview_plan_change(
        &self,
        subscription_id: &str,
        plan: PlanId,
        at: i64,
    ) -> Result<PlanChangePreview>;
    /// Changes the subscription to `plan` at once and invoices the prorated amount now (an
    /// interval change starts a new period today). `preview_at` is the preview's moment, so the
    /// member is charged what they were shown.
    async fn change_plan(
        &self,
        subscription_id: &str,
        plan: PlanId,
        preview_at: i64,
    ) -> Result<SubscriptionInfo>;
    /// Ends a subscription at once and refunds every payment it took: a purchase that doubled a
    /// membership its buyer already had. Calling it again for the same subscription changes
    /// nothing and succeeds.
    async fn refund_and_cancel(&self, subscription_id: &str) -> Result<()>;
    /// Undoes [`PaymentProvider::cancel_at_period_end`] while the period still runs: the
    /// subscription renews again. Callers check first that it has not ended; an ended one is
    /// refused by the provider too (the local one answers 409).
    async fn resume(&self, subscription_id: &str) -> Result<SubscriptionInfo>;
    async fn upcoming_invoice(
        &self,
        customer_id: &str,
        subscription_id: &str,
    ) -> Result<Option<InvoiceInfo>>;
    async fn invoices(&self, customer_id: &str) -> Result<Vec<InvoiceInfo>>;
    /// The subscription an invoice bills; `None` for an invoice the provider does not know or one
    /// outside any subscription. Stripe's webhooks name invoices; the local provider sends none.
    async fn invoice_subscription(&self, invoice_id: &str) -> Result<Option<String>> {
        let _ = invoice_id;
        Ok(None)
    }
}
