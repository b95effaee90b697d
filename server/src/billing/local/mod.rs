//! The built-in test-mode payment provider: a checkout page served by the app
//! (`/_checkout/{session}`), Stripe's test cards, subscriptions with a paid invoice per period,
//! the upcoming invoice, card change, cancel at period end and resuming it. Nothing is ever
//! charged.

pub mod card;
pub mod invoice_page;
pub mod routes;
mod storage;

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{Datelike, Months};

use super::plans::{self, PlanId};
use super::proration::{prorate, Priced, Proration};
use super::provider::*;
use crate::clock::Clock;
use crate::config::BillingConfig;
use crate::db::Db;
use crate::domain::Cents;
use crate::error::{AppError, Result};

pub struct LocalProvider {
    db: Db,
    /// The app's clock: checkout expiry, card expiry, renewals and cancellation times.
    clock: Arc<dyn Clock>,
    public_url: String,
    billing: BillingConfig,
}

const CHECKOUT_LIFETIME_MS: i64 = 24 * 3600 * 1000;

fn new_id(prefix: &str) -> String {
    format!(
        "{prefix}_{}",
        crate::auth::tokens::random_token(18).replace(['-', '_'], "x")
    )
}

/// `SWAZ-20261123-7KQ2MX`: the date and a random part, unique without a shared counter.
fn invoice_number(at_ms: i64) -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::thread_rng();
    let suffix: String = (0..6)
        .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
        .collect();
    let date = chrono::DateTime::from_timestamp_millis(at_ms)
        .unwrap_or_default()
        .format("%Y%m%d");
    format!("SWAZ-{date}-{suffix}")
}

fn secs(ms: i64) -> i64 {
    ms.div_euclid(1000)
}

fn add_months(ms: i64, months: u32) -> i64 {
    chrono::DateTime::from_timestamp_millis(ms)
        .and_then(|t| t.checked_add_months(Months::new(months)))
        .map_or(ms, |t| t.timestamp_millis())
}

/// What the buyer typed on the checkout page.
pub struct PayInput {
    pub email: Option<String>,
    pub name: Option<String>,
    pub card_number: String,
    pub exp_month: i64,
    pub exp_year: i64,
    pub cvc: String,
}

pub(crate) struct SessionView {
    pub id: String,
    pub mode: CheckoutMode,
    pub status: String,
    pub plan: Option<PlanId>,
    pub email: Option<String>,
    pub cancel_url: String,
}

impl LocalProvider {
    pub fn new(db: Db, clock: Arc<dyn Clock>, public_url: String, billing: BillingConfig) -> Self {
        Self {
            db,
            clock,
            public_url,
            billing,
        }
    }

    /// The checkout session `id`, when the id can name one.
    async fn session(&self, id: &str) -> Result<Option<storage::Session>> {
        if !crate::domain::can_name_a_row(id) {
            return Ok(None);
        }
        Ok(storage::session(&self.db, id).await?)
    }

    /// The checkout page's facts about `session`; `expired` once its 24 hours pass unpaid.
    fn view(&self, session: &storage::Session) -> SessionView {
        let mut status = session.status.clone();
        if status == "open" && session.expires_at < self.clock.now_ms() {
            status = "expired".into();
        }
        SessionView {
            id: session.id.clone(),
            mode: session.mode,
            status,
            plan: session.plan,
            email: session.customer_email.clone(),
            cancel_url: session.cancel_url.clone(),
        }
    }

    /// The checkout page's facts; `expired` once its 24 hours pass unpaid.
    pub(crate) async fn session_view(&self, id: &str) -> Result<Option<SessionView>> {
        Ok(self.session(id).await?.map(|session| self.view(&session)))
    }

    /// Pays a checkout (or saves the card of a setup checkout) and answers where to go next.
    /// Paying a completed checkout again changes nothing and answers the same place.
    pub async fn pay(&self, session_id: &str, input: PayInput) -> Result<String> {
        let session = self.session(session_id).await?.ok_or_else(|| {
            AppError::not_found(
                "We could not find that checkout. Start again from the pricing page.",
            )
        })?;
        let view = self.view(&session);
        let success_url = session.success_url;
        match view.status.as_str() {
            "complete" => return Ok(success_url),
            "expired" => {
                return Err(AppError::conflict(
                    "This checkout has expired. Start again from the pricing page.",
                ))
            }
            _ => {}
        }
        let subscribing = view.mode == CheckoutMode::Subscription;
        // A member's checkout keeps their account's address, as Stripe keeps `customer_email`.
        let email = view
            .email
            .as_deref()
            .or(input.email.as_deref())
            .map(str::trim)
            .filter(|e| !e.is_empty());
        let email = match (subscribing, email) {
            (true, None) => return Err(AppError::bad_request("Enter your e-mail address.")),
            (_, Some(e)) => Some(
                crate::domain::Email::try_parse(e)
                    .ok_or_else(|| AppError::bad_request("Enter a valid e-mail address."))?
                    .as_str()
                    .to_owned(),
            ),
            (false, None) => None,
        };
        let name = input
            .name
            .as_deref()
            .map(str::trim)
            .unwrap_or("")
            .to_owned();
        if subscribing && name.is_empty() {
            return Err(AppError::bad_request("Enter the name on the card."));
        }
        if name.chars().count() > 100 {
            return Err(AppError::bad_request(
                "The name on the card must be 100 characters or fewer.",
            ));
        }
        let today = self.clock.now();
        let (digits, card) = card::validate(
            &card::CardInput {
                number: &input.card_number,
                exp_month: input.exp_month,
                exp_year: input.exp_year,
                cvc: input.cvc.trim(),
            },
            (today.year() as i64, today.month() as i64),
        )?;
        match digits.as_str() {
            card::DECLINED => {
                return Err(AppError::PaymentRequired("Your card was declined.".into()))
            }
            card::INSUFFICIENT_FUNDS => {
                return Err(AppError::PaymentRequired(
                    "Your card has insufficient funds.".into(),
                ))
            }
            _ => {}
        }

        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        if !storage::complete_session(&mut tx, session_id, now).await? {
            tx.commit().await?;
            return Ok(success_url);
        }
        let customer_id = match session.customer_id {
            Some(id) => {
                storage::save_card(&mut tx, &id, &card).await?;
                id
            }
            None => {
                let id = new_id("cus");
                let address = email.as_deref().unwrap_or_default();
                storage::insert_customer(&mut tx, &id, address, &name, &card, now).await?;
                id
            }
        };
        if let (true, Some(plan)) = (subscribing, view.plan) {
            let sub_id = new_id("sub");
            let period_end = add_months(now, plan.months());
            storage::insert_subscription(&mut tx, &sub_id, &customer_id, plan, now, period_end)
                .await?;
            self.insert_invoice(&mut tx, &customer_id, &sub_id, plan, now, period_end, &card)
                .await?;
            storage::link_session(&mut tx, session_id, &customer_id, &sub_id, email.as_deref())
                .await?;
        }
        tx.commit().await?;
        Ok(success_url)
    }

    /// Writes the paid invoice of one period at the plan's price, less what the customer's
    /// credit covers (the credit shrinks by as much).
    #[allow(clippy::too_many_arguments)]
    async fn insert_invoice(
        &self,
        conn: &mut sqlx::AnyConnection,
        customer_id: &str,
        subscription_id: &str,
        plan: PlanId,
        period_start: i64,
        period_end: i64,
        card: &Card,
    ) -> Result<()> {
        let price = plans::plan(&self.billing, plan).amount;
        self.charge(
            conn,
            (customer_id, subscription_id),
            plan,
            (period_start, period_end, period_start),
            price,
            card,
        )
        .await
    }

    /// Writes a paid invoice of `amount` for `plan` over `period`, taking the customer's credit
    /// off it first, as Stripe applies a customer balance.
    async fn charge(
        &self,
        conn: &mut sqlx::AnyConnection,
        (customer_id, subscription_id): (&str, &str),
        plan: PlanId,
        (period_start, period_end, created_at): (i64, i64, i64),
        amount: Cents,
        card: &Card,
    ) -> Result<()> {
        let credit = storage::credit(conn, customer_id).await?;
        let used = credit.0.min(amount.0);
        if used > 0 {
            storage::set_credit(conn, customer_id, Cents(credit.0 - used)).await?;
        }
        let price = plans::plan(&self.billing, plan);
        let invoice = storage::NewInvoice {
            id: new_id("in"),
            access_token: crate::auth::tokens::random_token(24),
            number: invoice_number(period_start),
            customer_id,
            subscription_id,
            plan,
            amount_paid: Cents(amount.0 - used),
            currency: &price.currency,
            period: (period_start, period_end),
            created_at,
            card,
        };
        storage::insert_invoice(conn, &invoice).await?;
        Ok(())
    }

    /// Stripe renews a subscription at each period end and charges the default card; the test
    /// mode does the same when it next looks at the subscription: one paid invoice per elapsed
    /// period, unless it is cancelled at period end.
    async fn renew_elapsed_periods(&self, subscription_id: &str) -> Result<()> {
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        let Some(due) = storage::due_for_renewal(&mut tx, subscription_id, now).await? else {
            tx.commit().await?;
            return Ok(());
        };
        let customer = due.customer_id;
        let plan = PlanId::parse(&due.plan)?;
        let card = due
            .card
            .ok_or_else(|| AppError::Internal(anyhow::anyhow!("subscription without a card")))?;
        let mut start = due.current_period_end;
        let mut end = add_months(start, plan.months());
        loop {
            self.insert_invoice(&mut tx, &customer, subscription_id, plan, start, end, &card)
                .await?;
            if end > now {
                break;
            }
            start = end;
            end = add_months(start, plan.months());
        }
        storage::set_period(&mut tx, subscription_id, start, end).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The subscription, fresh, and what changing it to `plan` at `at` (ms) costs.
    async fn prorated(
        &self,
        subscription_id: &str,
        plan: PlanId,
        at: i64,
    ) -> Result<(SubscriptionInfo, Proration)> {
        let sub = self
            .subscription(subscription_id)
            .await?
            .ok_or_else(|| AppError::not_found("You have no membership yet."))?;
        let priced = |id: PlanId| Priced {
            price: plans::plan(&self.billing, id).amount,
            months: id.months(),
        };
        let period = (
            sub.current_period_start * 1000,
            sub.current_period_end * 1000,
        );
        let proration = prorate(priced(sub.plan), priced(plan), period, at, add_months);
        Ok((sub, proration))
    }

    fn invoice_urls(&self, token: &str) -> (String, String) {
        (
            format!("{}/_invoice/{token}", self.public_url),
            format!("{}/_invoice/{token}?download=1", self.public_url),
        )
    }
}

#[async_trait]
impl PaymentProvider for LocalProvider {
    fn name(&self) -> &'static str {
        "local"
    }

    async fn create_checkout(&self, request: CheckoutRequest) -> Result<CheckoutLink> {
        let id = new_id("cs_test");
        let now = self.clock.now_ms();
        let success_url = request.success_url.replace("{CHECKOUT_SESSION_ID}", &id);
        storage::insert_checkout(
            &self.db,
            &id,
            &request,
            &success_url,
            now,
            now + CHECKOUT_LIFETIME_MS,
        )
        .await?;
        Ok(CheckoutLink {
            url: format!("{}/_checkout/{id}", self.public_url),
            id,
        })
    }

    async fn create_setup_checkout(&self, request: SetupRequest) -> Result<CheckoutLink> {
        let id = new_id("cs_test");
        let now = self.clock.now_ms();
        let success_url = request.success_url.replace("{CHECKOUT_SESSION_ID}", &id);
        storage::insert_setup_checkout(
            &self.db,
            &id,
            &request,
            &success_url,
            now,
            now + CHECKOUT_LIFETIME_MS,
        )
        .await?;
        Ok(CheckoutLink {
            url: format!("{}/_checkout/{id}", self.public_url),
            id,
        })
    }

    async fn checkout(&self, session_id: &str) -> Result<Option<CheckoutInfo>> {
        let Some(session) = self.session(session_id).await? else {
            return Ok(None);
        };
        let view = self.view(&session);
        let customer_id = session.customer_id;
        let name = match &customer_id {
            Some(id) => storage::customer_name(&self.db, id).await?,
            None => None,
        };
        Ok(Some(CheckoutInfo {
            id: view.id,
            mode: view.mode,
            complete: view.status == "complete",
            plan: view.plan,
            email: view.email,
            name,
            customer_id,
            subscription_id: session.subscription_id,
            buyer_user_id: session.buyer_user_id,
        }))
    }

    async fn subscription(&self, subscription_id: &str) -> Result<Option<SubscriptionInfo>> {
        self.renew_elapsed_periods(subscription_id).await?;
        let Some(sub) = storage::subscription(&self.db, subscription_id).await? else {
            return Ok(None);
        };
        let stored = &sub.status;
        let mut status = SubscriptionStatus::parse(stored).ok_or_else(|| {
            AppError::Internal(anyhow::anyhow!("subscription status {stored:?} is unknown"))
        })?;
        if sub.cancel_at_period_end && sub.current_period_end <= self.clock.now_ms() {
            status = SubscriptionStatus::Canceled;
        }
        Ok(Some(SubscriptionInfo {
            id: sub.id,
            customer_id: sub.customer_id,
            plan: PlanId::parse(&sub.plan)?,
            status,
            current_period_start: secs(sub.current_period_start),
            current_period_end: secs(sub.current_period_end),
            cancel_at_period_end: sub.cancel_at_period_end,
            canceled_at: sub.canceled_at.map(secs),
            card: sub.card,
        }))
    }

    async fn apply_setup(&self, session_id: &str) -> Result<Card> {
        let info = self
            .checkout(session_id)
            .await?
            .filter(|c| c.mode == CheckoutMode::Setup && c.complete)
            .ok_or_else(|| {
                AppError::bad_request(
                    "That card change was not completed. Try changing your card again.",
                )
            })?;
        let customer = info.customer_id.unwrap_or_default();
        storage::customer_card(&self.db, &customer)
            .await?
            .ok_or_else(|| AppError::bad_request("No card is saved yet."))
    }

    async fn cancel_at_period_end(&self, subscription_id: &str) -> Result<SubscriptionInfo> {
        storage::cancel_at_period_end(&self.db, subscription_id, self.clock.now_ms()).await?;
        self.subscription(subscription_id)
            .await?
            .ok_or_else(|| AppError::not_found("You have no membership yet."))
    }

    async fn resume(&self, subscription_id: &str) -> Result<SubscriptionInfo> {
        let ended = || AppError::conflict(ENDED_CANNOT_RESUME);
        let sub = self
            .subscription(subscription_id)
            .await?
            .ok_or_else(|| AppError::not_found("You have no membership yet."))?;
        if sub.status == SubscriptionStatus::Canceled {
            return Err(ended());
        }
        // As on Stripe, `canceled_at` goes back to null. The period check is repeated here so an
        // ended subscription is never revived (the next look would bill every missed period).
        if !storage::resume(&self.db, subscription_id, self.clock.now_ms()).await? {
            return Err(ended());
        }
        self.subscription(subscription_id)
            .await?
            .ok_or_else(|| AppError::not_found("You have no membership yet."))
    }

    async fn preview_plan_change(
        &self,
        subscription_id: &str,
        plan: PlanId,
        at: i64,
    ) -> Result<PlanChangePreview> {
        let (sub, proration) = self.prorated(subscription_id, plan, at * 1000).await?;
        let credit = {
            let mut conn = self.db.pool().acquire().await?;
            storage::credit(&mut conn, &sub.customer_id).await?
        };
        let used = credit.0.min(proration.amount_due_now.0);
        let price = plans::plan(&self.billing, plan);
        Ok(PlanChangePreview {
            currency: price.currency,
            amount_due_now: Cents(proration.amount_due_now.0 - used),
            credit: Cents(credit.0 - used + proration.credit.0),
            next_renewal: secs(proration.period_end),
            next_amount: price.amount,
            at,
        })
    }

    async fn change_plan(
        &self,
        subscription_id: &str,
        plan: PlanId,
        preview_at: i64,
    ) -> Result<SubscriptionInfo> {
        let (sub, proration) = self
            .prorated(subscription_id, plan, preview_at * 1000)
            .await?;
        let card = sub
            .card
            .clone()
            .ok_or_else(|| AppError::Internal(anyhow::anyhow!("subscription without a card")))?;
        let mut tx = self.db.begin_write().await?;
        let period = (proration.period_start, proration.period_end);
        storage::set_plan(&mut tx, &sub.id, plan, period).await?;
        // Dated when it is made, which is never before the preview it charges for.
        let now = self.clock.now_ms().max(preview_at * 1000);
        let invoiced = (preview_at * 1000, proration.period_end, now);
        self.charge(
            &mut tx,
            (&sub.customer_id, &sub.id),
            plan,
            invoiced,
            proration.amount_due_now,
            &card,
        )
        .await?;
        if proration.credit.0 > 0 {
            let credit = storage::credit(&mut tx, &sub.customer_id).await?;
            storage::set_credit(
                &mut tx,
                &sub.customer_id,
                Cents(credit.0 + proration.credit.0),
            )
            .await?;
        }
        tx.commit().await?;
        self.subscription(subscription_id)
            .await?
            .ok_or_else(|| AppError::not_found("You have no membership yet."))
    }

    async fn refund_and_cancel(&self, subscription_id: &str) -> Result<()> {
        let mut tx = self.db.begin_write().await?;
        storage::refund_and_cancel(&mut tx, subscription_id, self.clock.now_ms()).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn upcoming_invoice(
        &self,
        _customer_id: &str,
        subscription_id: &str,
    ) -> Result<Option<InvoiceInfo>> {
        let Some(sub) = self.subscription(subscription_id).await? else {
            return Ok(None);
        };
        if sub.cancel_at_period_end || sub.status != SubscriptionStatus::Active {
            return Ok(None);
        }
        let price = plans::plan(&self.billing, sub.plan);
        Ok(Some(InvoiceInfo {
            id: format!("upcoming_{}", sub.id),
            created: sub.current_period_end,
            period: None,
            status: "draft".into(),
            currency: price.currency,
            amount_due: price.amount,
            amount_paid: Cents(0),
            hosted_invoice_url: None,
            invoice_pdf: None,
            charge: None,
            card: sub.card,
        }))
    }

    async fn invoices(&self, customer_id: &str) -> Result<Vec<InvoiceInfo>> {
        let invoices = storage::invoices(&self.db, customer_id).await?;
        Ok(invoices
            .into_iter()
            .map(|invoice| {
                let (hosted, pdf) = self.invoice_urls(&invoice.access_token);
                InvoiceInfo {
                    charge: Some(invoice.id.replacen("in_", "ch_", 1)),
                    id: invoice.id,
                    created: secs(invoice.created_at),
                    period: Some((secs(invoice.period.0), secs(invoice.period.1))),
                    status: invoice.status,
                    currency: invoice.currency,
                    amount_due: invoice.amount_paid,
                    amount_paid: invoice.amount_paid,
                    hosted_invoice_url: Some(hosted),
                    invoice_pdf: Some(pdf),
                    card: invoice.card,
                }
            })
            .collect())
    }
}
