//! The built-in test-mode payment provider: a checkout page served by the app
//! (`/_checkout/{session}`), Stripe's test cards, subscriptions with a paid invoice per period,
//! the upcoming invoice, card change, cancel at period end and resuming it. Nothing is ever
//! charged.

pub mod card;
pub mod invoice_page;
pub mod routes;

use async_trait::async_trait;
use chrono::{Datelike, Months};
use sqlx::any::AnyRow;
use sqlx::Row;

use super::plans::{self, PlanId};
use super::provider::*;
use crate::config::BillingConfig;
use crate::db::Db;
use crate::domain::Cents;
use crate::error::{AppError, Result};

pub struct LocalProvider {
    db: Db,
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

fn card_of(row: &AnyRow, prefix: &str) -> sqlx::Result<Option<Card>> {
    let brand: Option<String> = row.try_get(format!("{prefix}brand").as_str())?;
    let Some(brand) = brand else { return Ok(None) };
    Ok(Some(Card {
        brand,
        last4: row.try_get(format!("{prefix}last4").as_str())?,
        exp_month: row.try_get(format!("{prefix}exp_month").as_str())?,
        exp_year: row.try_get(format!("{prefix}exp_year").as_str())?,
    }))
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
    pub fn new(db: Db, public_url: String, billing: BillingConfig) -> Self {
        Self {
            db,
            public_url,
            billing,
        }
    }

    async fn session_row(&self, id: &str) -> Result<Option<AnyRow>> {
        if !crate::domain::can_name_a_row(id) {
            return Ok(None);
        }
        Ok(sqlx::query("SELECT * FROM localpay_sessions WHERE id = $1")
            .bind(id)
            .fetch_optional(self.db.pool())
            .await?)
    }

    /// The checkout page's facts; `expired` once its 24 hours pass unpaid.
    pub(crate) async fn session_view(&self, id: &str) -> Result<Option<SessionView>> {
        let Some(row) = self.session_row(id).await? else {
            return Ok(None);
        };
        let mut status: String = row.try_get("status")?;
        let expires_at: i64 = row.try_get("expires_at")?;
        if status == "open" && expires_at < self.db.now_ms() {
            status = "expired".into();
        }
        let mode: String = row.try_get("mode")?;
        let plan: Option<String> = row.try_get("plan")?;
        Ok(Some(SessionView {
            id: row.try_get("id")?,
            mode: if mode == "setup" {
                CheckoutMode::Setup
            } else {
                CheckoutMode::Subscription
            },
            status,
            plan: plan.and_then(|p| PlanId::parse(&p).ok()),
            email: row.try_get("customer_email")?,
            cancel_url: row.try_get("cancel_url")?,
        }))
    }

    /// Pays a checkout (or saves the card of a setup checkout) and answers where to go next.
    /// Paying a completed checkout again changes nothing and answers the same place.
    pub async fn pay(&self, session_id: &str, input: PayInput) -> Result<String> {
        let view = self.session_view(session_id).await?.ok_or_else(|| {
            AppError::not_found(
                "We could not find that checkout. Start again from the pricing page.",
            )
        })?;
        let row = self
            .session_row(session_id)
            .await?
            .expect("the session exists");
        let success_url: String = row.try_get("success_url")?;
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
        let today = self.db.clock().now();
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

        let now = self.db.now_ms();
        let mut tx = self.db.begin_write().await?;
        let claimed = sqlx::query("UPDATE localpay_sessions SET status = 'complete', completed_at = $1 WHERE id = $2 AND status = 'open'")
            .bind(now)
            .bind(session_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if claimed == 0 {
            tx.commit().await?;
            return Ok(success_url);
        }
        let existing_customer: Option<String> = row.try_get("customer_id")?;
        let customer_id = match existing_customer {
            Some(id) => {
                sqlx::query("UPDATE localpay_customers SET card_brand = $1, card_last4 = $2, card_exp_month = $3, card_exp_year = $4 WHERE id = $5")
                    .bind(&card.brand)
                    .bind(&card.last4)
                    .bind(card.exp_month)
                    .bind(card.exp_year)
                    .bind(&id)
                    .execute(&mut *tx)
                    .await?;
                id
            }
            None => {
                let id = new_id("cus");
                sqlx::query(
                    "INSERT INTO localpay_customers (id, email, name, card_brand, card_last4, card_exp_month, card_exp_year, created_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                )
                .bind(&id)
                .bind(email.clone().unwrap_or_default())
                .bind(&name)
                .bind(&card.brand)
                .bind(&card.last4)
                .bind(card.exp_month)
                .bind(card.exp_year)
                .bind(now)
                .execute(&mut *tx)
                .await?;
                id
            }
        };
        if let (true, Some(plan)) = (subscribing, view.plan) {
            let sub_id = new_id("sub");
            let period_end = add_months(now, plan.months());
            sqlx::query(
                "INSERT INTO localpay_subscriptions (id, customer_id, plan, status, current_period_start, current_period_end, created_at) \
                 VALUES ($1, $2, $3, 'active', $4, $5, $4)",
            )
            .bind(&sub_id)
            .bind(&customer_id)
            .bind(plan.as_str())
            .bind(now)
            .bind(period_end)
            .execute(&mut *tx)
            .await?;
            self.insert_invoice(&mut tx, &customer_id, &sub_id, plan, now, period_end, &card)
                .await?;
            sqlx::query("UPDATE localpay_sessions SET customer_id = $1, subscription_id = $2, customer_email = $3 WHERE id = $4")
                .bind(&customer_id)
                .bind(&sub_id)
                .bind(&email)
                .bind(session_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(success_url)
    }

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
        let price = plans::plan(&self.billing, plan);
        sqlx::query(
            "INSERT INTO localpay_invoices (id, access_token, number, customer_id, subscription_id, plan, status, amount_paid, currency, \
             period_start, period_end, card_brand, card_last4, card_exp_month, card_exp_year, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, 'paid', $7, $8, $9, $10, $11, $12, $13, $14, $9)",
        )
        .bind(new_id("in"))
        .bind(crate::auth::tokens::random_token(24))
        .bind(invoice_number(period_start))
        .bind(customer_id)
        .bind(subscription_id)
        .bind(plan.as_str())
        .bind(price.amount.0)
        .bind(&price.currency)
        .bind(period_start)
        .bind(period_end)
        .bind(&card.brand)
        .bind(&card.last4)
        .bind(card.exp_month)
        .bind(card.exp_year)
        .execute(conn)
        .await?;
        Ok(())
    }

    /// Stripe renews a subscription at each period end and charges the default card; the test
    /// mode does the same when it next looks at the subscription: one paid invoice per elapsed
    /// period, unless it is cancelled at period end.
    async fn renew_elapsed_periods(&self, subscription_id: &str) -> Result<()> {
        let now = self.db.now_ms();
        let mut tx = self.db.begin_write().await?;
        let row = sqlx::query(
            "SELECT s.customer_id, s.plan, s.current_period_end, c.card_brand, c.card_last4, c.card_exp_month, c.card_exp_year              FROM localpay_subscriptions s JOIN localpay_customers c ON c.id = s.customer_id              WHERE s.id = $1 AND s.status = 'active' AND s.cancel_at_period_end = 0 AND s.current_period_end <= $2",
        )
        .bind(subscription_id)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            tx.commit().await?;
            return Ok(());
        };
        let customer: String = row.try_get("customer_id")?;
        let plan = PlanId::parse(&row.try_get::<String, _>("plan")?)?;
        let card = card_of(&row, "card_")?
            .ok_or_else(|| AppError::Internal(anyhow::anyhow!("subscription without a card")))?;
        let mut start: i64 = row.try_get("current_period_end")?;
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
        sqlx::query("UPDATE localpay_subscriptions SET current_period_start = $1, current_period_end = $2 WHERE id = $3")
            .bind(start)
            .bind(end)
            .bind(subscription_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
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
        let now = self.db.now_ms();
        sqlx::query(
            "INSERT INTO localpay_sessions (id, mode, status, plan, buyer_user_id, customer_email, customer_id, success_url, cancel_url, created_at, expires_at) \
             VALUES ($1, 'subscription', 'open', $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(&id)
        .bind(request.plan.as_str())
        .bind(&request.buyer_user_id)
        .bind(&request.customer_email)
        .bind(&request.customer_id)
        .bind(request.success_url.replace("{CHECKOUT_SESSION_ID}", &id))
        .bind(&request.cancel_url)
        .bind(now)
        .bind(now + CHECKOUT_LIFETIME_MS)
        .execute(self.db.pool())
        .await?;
        Ok(CheckoutLink {
            url: format!("{}/_checkout/{id}", self.public_url),
            id,
        })
    }

    async fn create_setup_checkout(&self, request: SetupRequest) -> Result<CheckoutLink> {
        let id = new_id("cs_test");
        let now = self.db.now_ms();
        sqlx::query(
            "INSERT INTO localpay_sessions (id, mode, status, customer_id, subscription_id, success_url, cancel_url, created_at, expires_at) \
             VALUES ($1, 'setup', 'open', $2, $3, $4, $5, $6, $7)",
        )
        .bind(&id)
        .bind(&request.customer_id)
        .bind(&request.subscription_id)
        .bind(request.success_url.replace("{CHECKOUT_SESSION_ID}", &id))
        .bind(&request.cancel_url)
        .bind(now)
        .bind(now + CHECKOUT_LIFETIME_MS)
        .execute(self.db.pool())
        .await?;
        Ok(CheckoutLink {
            url: format!("{}/_checkout/{id}", self.public_url),
            id,
        })
    }

    async fn checkout(&self, session_id: &str) -> Result<Option<CheckoutInfo>> {
        let Some(view) = self.session_view(session_id).await? else {
            return Ok(None);
        };
        let row = self
            .session_row(session_id)
            .await?
            .expect("the session exists");
        let customer_id: Option<String> = row.try_get("customer_id")?;
        let name = match &customer_id {
            Some(id) => {
                sqlx::query_scalar("SELECT name FROM localpay_customers WHERE id = $1")
                    .bind(id)
                    .fetch_optional(self.db.pool())
                    .await?
            }
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
            subscription_id: row.try_get("subscription_id")?,
            buyer_user_id: row.try_get("buyer_user_id")?,
        }))
    }

    async fn subscription(&self, subscription_id: &str) -> Result<Option<SubscriptionInfo>> {
        self.renew_elapsed_periods(subscription_id).await?;
        let row = sqlx::query(
            "SELECT s.*, c.card_brand, c.card_last4, c.card_exp_month, c.card_exp_year \
             FROM localpay_subscriptions s JOIN localpay_customers c ON c.id = s.customer_id WHERE s.id = $1",
        )
        .bind(subscription_id)
        .fetch_optional(self.db.pool())
        .await?;
        let Some(row) = row else { return Ok(None) };
        let plan: String = row.try_get("plan")?;
        let cancel: i64 = row.try_get("cancel_at_period_end")?;
        let canceled_at: Option<i64> = row.try_get("canceled_at")?;
        let period_end: i64 = row.try_get("current_period_end")?;
        let stored: String = row.try_get("status")?;
        let mut status = SubscriptionStatus::parse(&stored).ok_or_else(|| {
            AppError::Internal(anyhow::anyhow!("subscription status {stored:?} is unknown"))
        })?;
        if cancel == 1 && period_end <= self.db.now_ms() {
            status = SubscriptionStatus::Canceled;
        }
        Ok(Some(SubscriptionInfo {
            id: row.try_get("id")?,
            customer_id: row.try_get("customer_id")?,
            plan: PlanId::parse(&plan)?,
            status,
            current_period_start: secs(row.try_get("current_period_start")?),
            current_period_end: secs(period_end),
            cancel_at_period_end: cancel == 1,
            canceled_at: canceled_at.map(secs),
            card: card_of(&row, "card_")?,
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
        let row = sqlx::query("SELECT card_brand, card_last4, card_exp_month, card_exp_year FROM localpay_customers WHERE id = $1")
            .bind(&customer)
            .fetch_one(self.db.pool())
            .await?;
        card_of(&row, "card_")?.ok_or_else(|| AppError::bad_request("No card is saved yet."))
    }

    async fn cancel_at_period_end(&self, subscription_id: &str) -> Result<SubscriptionInfo> {
        sqlx::query(
            "UPDATE localpay_subscriptions SET cancel_at_period_end = 1, canceled_at = COALESCE(canceled_at, $1) WHERE id = $2",
        )
        .bind(self.db.now_ms())
        .bind(subscription_id)
        .execute(self.db.pool())
        .await?;
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
        let resumed = sqlx::query(
            "UPDATE localpay_subscriptions SET cancel_at_period_end = 0, canceled_at = NULL \
             WHERE id = $1 AND status = 'active' AND current_period_end > $2",
        )
        .bind(subscription_id)
        .bind(self.db.now_ms())
        .execute(self.db.pool())
        .await?
        .rows_affected();
        if resumed == 0 {
            return Err(ended());
        }
        self.subscription(subscription_id)
            .await?
            .ok_or_else(|| AppError::not_found("You have no membership yet."))
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
        let rows = sqlx::query("SELECT * FROM localpay_invoices WHERE customer_id = $1 ORDER BY created_at DESC LIMIT 100")
            .bind(customer_id)
            .fetch_all(self.db.pool())
            .await?;
        rows.iter()
            .map(|row| {
                let token: String = row.try_get("access_token")?;
                let (hosted, pdf) = self.invoice_urls(&token);
                let id: String = row.try_get("id")?;
                Ok(InvoiceInfo {
                    charge: Some(id.replacen("in_", "ch_", 1)),
                    id,
                    created: secs(row.try_get("created_at")?),
                    status: row.try_get("status")?,
                    currency: row.try_get("currency")?,
                    amount_due: Cents(row.try_get("amount_paid")?),
                    amount_paid: Cents(row.try_get("amount_paid")?),
                    hosted_invoice_url: Some(hosted),
                    invoice_pdf: Some(pdf),
                    card: card_of(row, "card_")?,
                })
            })
            .collect::<sqlx::Result<Vec<_>>>()
            .map_err(Into::into)
    }
}
