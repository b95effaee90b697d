//! Storage of the test-mode provider, shaped like Stripe's objects: checkout sessions
//! (`localpay_sessions`), customers with their saved card (`localpay_customers`), subscriptions
//! (`localpay_subscriptions`) and paid invoices (`localpay_invoices`). Portable SQL.

use sqlx::AnyConnection;

use super::super::plans::PlanId;
use super::super::provider::{Card, CheckoutMode, CheckoutRequest, SetupRequest};
use crate::db::Db;
use crate::domain::Cents;

/// The four card columns of a customer or an invoice (`card_brand`, `card_last4`,
/// `card_exp_month`, `card_exp_year`); a NULL brand means no card is saved.
#[derive(sqlx::FromRow)]
struct CardRow {
    card_brand: Option<String>,
    card_last4: Option<String>,
    card_exp_month: Option<i64>,
    card_exp_year: Option<i64>,
}

impl CardRow {
    /// The card, or `None` without a brand. The columns are written together, but a brand whose
    /// number or expiry is NULL is still the decode error it was when they were read one by one.
    fn into_card(self) -> sqlx::Result<Option<Card>> {
        let Some(brand) = self.card_brand else {
            return Ok(None);
        };
        Ok(Some(Card {
            brand,
            last4: present(self.card_last4, "card_last4")?,
            exp_month: present(self.card_exp_month, "card_exp_month")?,
            exp_year: present(self.card_exp_year, "card_exp_year")?,
        }))
    }
}

/// A card column that must hold a value once the card has a brand.
fn present<T>(value: Option<T>, column: &str) -> sqlx::Result<T> {
    value.ok_or_else(|| sqlx::Error::ColumnDecode {
        index: format!("{column:?}"),
        source: Box::new(sqlx::error::UnexpectedNullError),
    })
}

/// A checkout session as [`session`] reads it.
pub(crate) struct Session {
    pub id: String,
    pub mode: CheckoutMode,
    /// `open` or `complete`, as stored (whether an open one has expired is the caller's rule).
    pub status: String,
    /// The plan being bought: `None` for a card change (or a plan this build does not know).
    pub plan: Option<PlanId>,
    pub buyer_user_id: Option<String>,
    pub customer_email: Option<String>,
    pub customer_id: Option<String>,
    pub subscription_id: Option<String>,
    pub success_url: String,
    pub cancel_url: String,
    pub expires_at: i64,
}

/// A row of `localpay_sessions`: `mode` is `subscription` or `setup`, `plan` a plan's name.
#[derive(sqlx::FromRow)]
struct SessionRow {
    id: String,
    mode: String,
    status: String,
    plan: Option<String>,
    buyer_user_id: Option<String>,
    customer_email: Option<String>,
    customer_id: Option<String>,
    subscription_id: Option<String>,
    success_url: String,
    cancel_url: String,
    expires_at: i64,
}

impl From<SessionRow> for Session {
    fn from(row: SessionRow) -> Self {
        Self {
            id: row.id,
            mode: if row.mode == "setup" {
                CheckoutMode::Setup
            } else {
                CheckoutMode::Subscription
            },
            status: row.status,
            plan: row.plan.and_then(|p| PlanId::parse(&p).ok()),
            buyer_user_id: row.buyer_user_id,
            customer_email: row.customer_email,
            customer_id: row.customer_id,
            subscription_id: row.subscription_id,
            success_url: row.success_url,
            cancel_url: row.cancel_url,
            expires_at: row.expires_at,
        }
    }
}

/// Reads the checkout session `id` from `localpay_sessions`.
pub(crate) async fn session(db: &Db, id: &str) -> sqlx::Result<Option<Session>> {
    let row = sqlx::query_as::<_, SessionRow>(
        "SELECT id, mode, status, plan, buyer_user_id, customer_email, customer_id, subscription_id, \
         success_url, cancel_url, expires_at FROM localpay_sessions WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(db.pool())
    .await?;
    Ok(row.map(Session::from))
}

/// Writes an open subscription checkout `id` into `localpay_sessions` for `request`, with
/// `success_url` already naming the session.
pub(crate) async fn insert_checkout(
    db: &Db,
    id: &str,
    request: &CheckoutRequest,
    success_url: &str,
    now: i64,
    expires_at: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO localpay_sessions (id, mode, status, plan, buyer_user_id, customer_email, customer_id, success_url, cancel_url, created_at, expires_at) \
         VALUES ($1, 'subscription', 'open', $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(id)
    .bind(request.plan.as_str())
    .bind(&request.buyer_user_id)
    .bind(&request.customer_email)
    .bind(&request.customer_id)
    .bind(success_url)
    .bind(&request.cancel_url)
    .bind(now)
    .bind(expires_at)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Writes an open card-change (setup) checkout `id` into `localpay_sessions` for `request`, with
/// `success_url` already naming the session.
pub(crate) async fn insert_setup_checkout(
    db: &Db,
    id: &str,
    request: &SetupRequest,
    success_url: &str,
    now: i64,
    expires_at: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO localpay_sessions (id, mode, status, customer_id, subscription_id, success_url, cancel_url, created_at, expires_at) \
         VALUES ($1, 'setup', 'open', $2, $3, $4, $5, $6, $7)",
    )
    .bind(id)
    .bind(&request.customer_id)
    .bind(&request.subscription_id)
    .bind(success_url)
    .bind(&request.cancel_url)
    .bind(now)
    .bind(expires_at)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Marks the session `complete` (with `completed_at`) while it is still open; true only for the
/// one caller that completed it.
pub(crate) async fn complete_session(
    conn: &mut AnyConnection,
    id: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let claimed = sqlx::query(
        "UPDATE localpay_sessions SET status = 'complete', completed_at = $1 WHERE id = $2 AND status = 'open'",
    )
    .bind(now)
    .bind(id)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(claimed != 0)
}

/// Writes the customer, subscription and e-mail address a paid checkout made onto its session.
pub(crate) async fn link_session(
    conn: &mut AnyConnection,
    id: &str,
    customer_id: &str,
    subscription_id: &str,
    email: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE localpay_sessions SET customer_id = $1, subscription_id = $2, customer_email = $3 WHERE id = $4",
    )
    .bind(customer_id)
    .bind(subscription_id)
    .bind(email)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Writes a new customer `id` into `localpay_customers` with `card` saved.
pub(crate) async fn insert_customer(
    conn: &mut AnyConnection,
    id: &str,
    email: &str,
    name: &str,
    card: &Card,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO localpay_customers (id, email, name, card_brand, card_last4, card_exp_month, card_exp_year, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(id)
    .bind(email)
    .bind(name)
    .bind(&card.brand)
    .bind(&card.last4)
    .bind(card.exp_month)
    .bind(card.exp_year)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Replaces the card saved on customer `id` in `localpay_customers`.
pub(crate) async fn save_card(conn: &mut AnyConnection, id: &str, card: &Card) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE localpay_customers SET card_brand = $1, card_last4 = $2, card_exp_month = $3, card_exp_year = $4 WHERE id = $5",
    )
    .bind(&card.brand)
    .bind(&card.last4)
    .bind(card.exp_month)
    .bind(card.exp_year)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Reads the name of customer `id` from `localpay_customers`.
pub(crate) async fn customer_name(db: &Db, id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT name FROM localpay_customers WHERE id = $1")
        .bind(id)
        .fetch_optional(db.pool())
        .await
}

/// Reads the card saved on customer `id` (`None` when it has none); a customer that does not
/// exist is [`sqlx::Error::RowNotFound`].
pub(crate) async fn customer_card(db: &Db, id: &str) -> sqlx::Result<Option<Card>> {
    sqlx::query_as::<_, CardRow>(
        "SELECT card_brand, card_last4, card_exp_month, card_exp_year FROM localpay_customers WHERE id = $1",
    )
    .bind(id)
    .fetch_one(db.pool())
    .await?
    .into_card()
}

/// Writes a new active subscription `id` into `localpay_subscriptions`, its first period
/// `[start, end)` (created at `start`).
pub(crate) async fn insert_subscription(
    conn: &mut AnyConnection,
    id: &str,
    customer_id: &str,
    plan: PlanId,
    start: i64,
    end: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO localpay_subscriptions (id, customer_id, plan, status, current_period_start, current_period_end, created_at) \
         VALUES ($1, $2, $3, 'active', $4, $5, $4)",
    )
    .bind(id)
    .bind(customer_id)
    .bind(plan.as_str())
    .bind(start)
    .bind(end)
    .execute(conn)
    .await?;
    Ok(())
}

/// A subscription with its customer's card, as [`subscription`] reads it.
pub(crate) struct Subscription {
    pub id: String,
    pub customer_id: String,
    /// The plan's name, as stored.
    pub plan: String,
    /// The status, as stored.
    pub status: String,
    pub current_period_start: i64,
    pub current_period_end: i64,
    pub cancel_at_period_end: bool,
    pub canceled_at: Option<i64>,
    pub card: Option<Card>,
}

/// A row of `localpay_subscriptions` joined with its customer's card: `cancel_at_period_end` is
/// stored as 0 or 1.
#[derive(sqlx::FromRow)]
struct SubscriptionRow {
    id: String,
    customer_id: String,
    plan: String,
    status: String,
    current_period_start: i64,
    current_period_end: i64,
    cancel_at_period_end: i64,
    canceled_at: Option<i64>,
    #[sqlx(flatten)]
    card: CardRow,
}

impl TryFrom<SubscriptionRow> for Subscription {
    type Error = sqlx::Error;

    fn try_from(row: SubscriptionRow) -> sqlx::Result<Self> {
        Ok(Self {
            id: row.id,
            customer_id: row.customer_id,
            plan: row.plan,
            status: row.status,
            current_period_start: row.current_period_start,
            current_period_end: row.current_period_end,
            cancel_at_period_end: row.cancel_at_period_end == 1,
            canceled_at: row.canceled_at,
            card: row.card.into_card()?,
        })
    }
}

/// Reads subscription `id` from `localpay_subscriptions`, with the card of its customer in
/// `localpay_customers`.
pub(crate) async fn subscription(db: &Db, id: &str) -> sqlx::Result<Option<Subscription>> {
    sqlx::query_as::<_, SubscriptionRow>(
        "SELECT s.id, s.customer_id, s.plan, s.status, s.current_period_start, s.current_period_end, \
         s.cancel_at_period_end, s.canceled_at, c.card_brand, c.card_last4, c.card_exp_month, c.card_exp_year \
         FROM localpay_subscriptions s JOIN localpay_customers c ON c.id = s.customer_id WHERE s.id = $1",
    )
    .bind(id)
    .fetch_optional(db.pool())
    .await?
    .map(Subscription::try_from)
    .transpose()
}

/// An active subscription whose period has ended, as [`due_for_renewal`] reads it.
pub(crate) struct Due {
    pub customer_id: String,
    /// The plan's name, as stored.
    pub plan: String,
    /// The end of the period that has passed: the next one starts here.
    pub current_period_end: i64,
    /// The customer's card, which pays the renewal.
    pub card: Option<Card>,
}

/// The columns of [`due_for_renewal`]: the subscription's, then its customer's card.
#[derive(sqlx::FromRow)]
struct DueRow {
    customer_id: String,
    plan: String,
    current_period_end: i64,
    #[sqlx(flatten)]
    card: CardRow,
}

impl TryFrom<DueRow> for Due {
    type Error = sqlx::Error;

    fn try_from(row: DueRow) -> sqlx::Result<Self> {
        Ok(Self {
            customer_id: row.customer_id,
            plan: row.plan,
            current_period_end: row.current_period_end,
            card: row.card.into_card()?,
        })
    }
}

/// Reads subscription `id` from `localpay_subscriptions` (with its customer's card) when it is
/// active, not cancelled at period end, and its period ended at or before `now`.
pub(crate) async fn due_for_renewal(
    conn: &mut AnyConnection,
    id: &str,
    now: i64,
) -> sqlx::Result<Option<Due>> {
    sqlx::query_as::<_, DueRow>(
        "SELECT s.customer_id, s.plan, s.current_period_end, c.card_brand, c.card_last4, c.card_exp_month, c.card_exp_year \
         FROM localpay_subscriptions s JOIN localpay_customers c ON c.id = s.customer_id \
         WHERE s.id = $1 AND s.status = 'active' AND s.cancel_at_period_end = 0 AND s.current_period_end <= $2",
    )
    .bind(id)
    .bind(now)
    .fetch_optional(conn)
    .await?
    .map(Due::try_from)
    .transpose()
}

/// Moves subscription `id` in `localpay_subscriptions` to the period `[start, end)`.
pub(crate) async fn set_period(
    conn: &mut AnyConnection,
    id: &str,
    start: i64,
    end: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE localpay_subscriptions SET current_period_start = $1, current_period_end = $2 WHERE id = $3",
    )
    .bind(start)
    .bind(end)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets subscription `id` to cancel at period end in `localpay_subscriptions`; `canceled_at`
/// keeps the first cancellation's time.
pub(crate) async fn cancel_at_period_end(db: &Db, id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE localpay_subscriptions SET cancel_at_period_end = 1, canceled_at = COALESCE(canceled_at, $1) WHERE id = $2",
    )
    .bind(now)
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Clears the cancellation of subscription `id` in `localpay_subscriptions` (`canceled_at` back
/// to NULL) while it is active and its period has not ended at `now`; false when it had.
pub(crate) async fn resume(db: &Db, id: &str, now: i64) -> sqlx::Result<bool> {
    let resumed = sqlx::query(
        "UPDATE localpay_subscriptions SET cancel_at_period_end = 0, canceled_at = NULL \
         WHERE id = $1 AND status = 'active' AND current_period_end > $2",
    )
    .bind(id)
    .bind(now)
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(resumed != 0)
}

/// A paid invoice to write with [`insert_invoice`].
pub(crate) struct NewInvoice<'a> {
    pub id: String,
    /// The secret part of the invoice's link.
    pub access_token: String,
    pub number: String,
    pub customer_id: &'a str,
    pub subscription_id: &'a str,
    pub plan: PlanId,
    pub amount_paid: Cents,
    pub currency: &'a str,
    /// Start and end of the period paid for.
    pub period: (i64, i64),
    /// When the invoice was made: a period's start, or the moment of a plan change.
    pub created_at: i64,
    pub card: &'a Card,
}

/// Writes a paid invoice into `localpay_invoices`.
pub(crate) async fn insert_invoice(
    conn: &mut AnyConnection,
    invoice: &NewInvoice<'_>,
) -> sqlx::Result<()> {
    let (start, end) = invoice.period;
    sqlx::query(
        "INSERT INTO localpay_invoices (id, access_token, number, customer_id, subscription_id, plan, status, amount_paid, currency, \
         period_start, period_end, card_brand, card_last4, card_exp_month, card_exp_year, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, 'paid', $7, $8, $9, $10, $11, $12, $13, $14, $15)",
    )
    .bind(&invoice.id)
    .bind(&invoice.access_token)
    .bind(&invoice.number)
    .bind(invoice.customer_id)
    .bind(invoice.subscription_id)
    .bind(invoice.plan.as_str())
    .bind(invoice.amount_paid.0)
    .bind(invoice.currency)
    .bind(start)
    .bind(end)
    .bind(&invoice.card.brand)
    .bind(&invoice.card.last4)
    .bind(invoice.card.exp_month)
    .bind(invoice.card.exp_year)
    .bind(invoice.created_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// An invoice as [`invoices`] reads it.
pub(crate) struct Invoice {
    pub id: String,
    /// The secret part of the invoice's link.
    pub access_token: String,
    pub status: String,
    pub currency: String,
    pub amount_paid: Cents,
    pub created_at: i64,
    /// Start and end of the period paid for.
    pub period: (i64, i64),
    pub card: Option<Card>,
}

/// A row of `localpay_invoices` as [`invoices`] reads it.
#[derive(sqlx::FromRow)]
struct InvoiceRow {
    id: String,
    access_token: String,
    status: String,
    currency: String,
    amount_paid: i64,
    created_at: i64,
    period_start: i64,
    period_end: i64,
    #[sqlx(flatten)]
    card: CardRow,
}

impl TryFrom<InvoiceRow> for Invoice {
    type Error = sqlx::Error;

    fn try_from(row: InvoiceRow) -> sqlx::Result<Self> {
        Ok(Self {
            id: row.id,
            access_token: row.access_token,
            status: row.status,
            currency: row.currency,
            amount_paid: Cents(row.amount_paid),
            created_at: row.created_at,
            period: (row.period_start, row.period_end),
            card: row.card.into_card()?,
        })
    }
}

/// Reads the newest 100 invoices of `customer_id` from `localpay_invoices`, newest first.
pub(crate) async fn invoices(db: &Db, customer_id: &str) -> sqlx::Result<Vec<Invoice>> {
    sqlx::query_as::<_, InvoiceRow>(
        "SELECT id, access_token, status, currency, amount_paid, created_at, period_start, period_end, \
         card_brand, card_last4, card_exp_month, card_exp_year \
         FROM localpay_invoices WHERE customer_id = $1 ORDER BY created_at DESC LIMIT 100",
    )
    .bind(customer_id)
    .fetch_all(db.pool())
    .await?
    .into_iter()
    .map(Invoice::try_from)
    .collect()
}

/// The credit balance of customer `id` in `localpay_customers` (minor units, never negative).
pub(crate) async fn credit(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Cents> {
    let credit: Option<i64> =
        sqlx::query_scalar("SELECT credit FROM localpay_customers WHERE id = $1")
            .bind(id)
            .fetch_optional(conn)
            .await?;
    Ok(Cents(credit.unwrap_or(0).max(0)))
}

/// Sets the credit balance of customer `id` in `localpay_customers`.
pub(crate) async fn set_credit(
    conn: &mut AnyConnection,
    id: &str,
    credit: Cents,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE localpay_customers SET credit = $1 WHERE id = $2")
        .bind(credit.0.max(0))
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Puts subscription `id` in `localpay_subscriptions` on `plan` for the period `[start, end)`.
pub(crate) async fn set_plan(
    conn: &mut AnyConnection,
    id: &str,
    plan: PlanId,
    (start, end): (i64, i64),
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE localpay_subscriptions SET plan = $1, current_period_start = $2, current_period_end = $3 WHERE id = $4",
    )
    .bind(plan.as_str())
    .bind(start)
    .bind(end)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Ends subscription `id` in `localpay_subscriptions` at `now` and marks every invoice it paid
/// in `localpay_invoices` refunded. Doing it again changes nothing.
pub(crate) async fn refund_and_cancel(
    conn: &mut AnyConnection,
    id: &str,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE localpay_subscriptions SET status = 'canceled', canceled_at = COALESCE(canceled_at, $1), \
         current_period_end = CASE WHEN current_period_end > $1 THEN $1 ELSE current_period_end END \
         WHERE id = $2 AND status <> 'canceled'",
    )
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    sqlx::query("UPDATE localpay_invoices SET status = 'refunded' WHERE subscription_id = $1 AND status = 'paid'")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}
