//! Storage of memberships: the app's copy of each subscription, the customer behind a member,
//! and the processing row of each paid checkout.

use sqlx::AnyConnection;

use super::provider::SubscriptionInfo;
use crate::db::Db;
use crate::error::Result;

/// The app's record of one subscription.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Membership {
    #[sqlx(rename = "id")]
    pub subscription_id: String,
    pub customer_id: String,
}

/// Copies the provider's facts about a subscription into `subscriptions` for `user_id`; a row
/// already there keeps its member.
pub(crate) async fn mirror(
    conn: &mut AnyConnection,
    provider: &str,
    user_id: &str,
    sub: &SubscriptionInfo,
    team_id: Option<&str>,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO subscriptions (id, provider, customer_id, user_id, plan, status, current_period_start, current_period_end, \
         cancel_at_period_end, canceled_at, team_id, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) \
         ON CONFLICT (id) DO UPDATE SET plan = excluded.plan, status = excluded.status, \
         current_period_start = excluded.current_period_start, current_period_end = excluded.current_period_end, \
         cancel_at_period_end = excluded.cancel_at_period_end, canceled_at = excluded.canceled_at, updated_at = excluded.updated_at",
    )
    .bind(&sub.id)
    .bind(provider)
    .bind(&sub.customer_id)
    .bind(user_id)
    .bind(sub.plan.as_str())
    .bind(sub.status.as_str())
    .bind(sub.current_period_start * 1000)
    .bind(sub.current_period_end * 1000)
    .bind(i64::from(sub.cancel_at_period_end))
    .bind(sub.canceled_at.map(|s| s * 1000))
    .bind(team_id)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "INSERT INTO billing_customers (user_id, provider, customer_id, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id) DO UPDATE SET provider = excluded.provider, customer_id = excluded.customer_id",
    )
    .bind(user_id)
    .bind(provider)
    .bind(&sub.customer_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Copies the provider's facts into the row of a subscription the app already knows, whoever (if
/// anyone) it belongs to: what [`mirror`] does for a row whose member's account was deleted.
pub(crate) async fn refresh(
    conn: &mut AnyConnection,
    sub: &SubscriptionInfo,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE subscriptions SET plan = $1, status = $2, current_period_start = $3, current_period_end = $4, \
         cancel_at_period_end = $5, canceled_at = $6, updated_at = $7 WHERE id = $8",
    )
    .bind(sub.plan.as_str())
    .bind(sub.status.as_str())
    .bind(sub.current_period_start * 1000)
    .bind(sub.current_period_end * 1000)
    .bind(i64::from(sub.cancel_at_period_end))
    .bind(sub.canceled_at.map(|s| s * 1000))
    .bind(now)
    .bind(&sub.id)
    .execute(conn)
    .await?;
    Ok(())
}

/// The member's current subscription: the newest that is still running, else the newest.
pub async fn current(conn: &mut AnyConnection, user_id: &str) -> sqlx::Result<Option<Membership>> {
    sqlx::query_as::<_, Membership>(
        "SELECT id, customer_id FROM subscriptions WHERE user_id = $1 \
         ORDER BY CASE WHEN status IN ('active', 'trialing', 'past_due') THEN 0 ELSE 1 END, created_at DESC LIMIT 1",
    )
    .bind(user_id)
    .fetch_optional(conn)
    .await
}

/// The member's own subscription that still runs: active, trialing or past due, and not past the
/// end it was cancelled at. A second checkout would double it.
pub(crate) async fn running(
    conn: &mut AnyConnection,
    user_id: &str,
    now: i64,
) -> sqlx::Result<Option<Membership>> {
    sqlx::query_as::<_, Membership>(
        "SELECT id, customer_id FROM subscriptions WHERE user_id = $1 \
           AND status IN ('active', 'trialing', 'past_due') \
           AND (cancel_at_period_end = 0 OR current_period_end > $2) \
         ORDER BY created_at DESC LIMIT 1",
    )
    .bind(user_id)
    .bind(now)
    .fetch_optional(conn)
    .await
}

/// The member's subscriptions that will renew: running and not set to end at period end.
pub(crate) async fn renewing(conn: &mut AnyConnection, user_id: &str) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT id FROM subscriptions WHERE user_id = $1 \
         AND status IN ('active', 'trialing', 'past_due') AND cancel_at_period_end = 0",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await
}

/// Every subscription the member has had: (id, end of its current period in milliseconds).
pub(crate) async fn all_of(
    conn: &mut AnyConnection,
    user_id: &str,
) -> sqlx::Result<Vec<(String, i64)>> {
    sqlx::query_as("SELECT id, current_period_end FROM subscriptions WHERE user_id = $1")
        .bind(user_id)
        .fetch_all(conn)
        .await
}

/// Forgets a subscription (the payment provider keeps its own records).
pub(crate) async fn delete(conn: &mut AnyConnection, subscription_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM subscriptions WHERE id = $1")
        .bind(subscription_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Every customer the member has paid as: the invoices of each are theirs.
pub(crate) async fn customers_ever(
    conn: &mut AnyConnection,
    user_id: &str,
) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT customer_id FROM subscriptions WHERE user_id = $1 \
         UNION SELECT customer_id FROM billing_customers WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await
}

pub(crate) async fn customer_of(
    conn: &mut AnyConnection,
    user_id: &str,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT customer_id FROM billing_customers WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(conn)
        .await
}

/// A checkout's processing row (`existing_user` and `refunded` are stored as 0 or 1).
#[derive(sqlx::FromRow)]
struct CheckoutRow {
    result_user_id: Option<String>,
    existing_user: i64,
    refunded: i64,
}

/// What an earlier call made of a paid checkout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Processed {
    /// The account the checkout went to (or, when refunded, the account it would have doubled).
    pub user_id: String,
    /// The account existed before the checkout.
    pub existing_user: bool,
    /// The checkout doubled a running membership: it was refunded and attached to nobody.
    pub refunded: bool,
}

/// Locks the checkout's processing row; answers what an earlier call made of it, if anything.
pub(crate) async fn claim_checkout(
    db: &Db,
    conn: &mut AnyConnection,
    session_id: &str,
    now: i64,
) -> Result<Option<Processed>> {
    sqlx::query("INSERT INTO billing_checkouts (session_id, created_at) VALUES ($1, $2) ON CONFLICT (session_id) DO NOTHING")
        .bind(session_id)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    let lock = db.kind().for_update();
    let row = sqlx::query_as::<_, CheckoutRow>(&format!(
        "SELECT result_user_id, existing_user, refunded FROM billing_checkouts WHERE session_id = $1{lock}"
    ))
    .bind(session_id)
    .fetch_one(&mut *conn)
    .await?;
    Ok(row.result_user_id.map(|user_id| Processed {
        user_id,
        existing_user: row.existing_user == 1,
        refunded: row.refunded == 1,
    }))
}

/// Records what a paid checkout was turned into.
pub(crate) async fn mark_checkout(
    conn: &mut AnyConnection,
    session_id: &str,
    outcome: &Processed,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE billing_checkouts SET result_user_id = $1, existing_user = $2, refunded = $3, processed_at = $4 WHERE session_id = $5")
        .bind(&outcome.user_id)
        .bind(i64::from(outcome.existing_user))
        .bind(i64::from(outcome.refunded))
        .bind(now)
        .bind(session_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Keeps the member's first reason for cancelling; a later cancellation of the same membership
/// does not overwrite it.
pub(crate) async fn keep_cancel_reason(db: &Db, subscription_id: &str, reason: &str) -> Result<()> {
    sqlx::query(
        "UPDATE subscriptions SET cancel_reason = COALESCE(cancel_reason, $1) WHERE id = $2",
    )
    .bind(reason)
    .bind(subscription_id)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Who pays with a subscription the app knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Payer {
    Member(String),
    /// The member's account was deleted while the subscription still paid for a team: the row
    /// stays, with no user, until its period ends.
    Deleted,
}

/// Who pays with a known subscription; `None` for one the app does not know.
pub(crate) async fn owner_of(
    conn: &mut AnyConnection,
    subscription_id: &str,
) -> sqlx::Result<Option<Payer>> {
    let row: Option<Option<String>> =
        sqlx::query_scalar("SELECT user_id FROM subscriptions WHERE id = $1")
            .bind(subscription_id)
            .fetch_optional(conn)
            .await?;
    Ok(row.map(|user_id| user_id.map_or(Payer::Deleted, Payer::Member)))
}

/// Forgets the cancel reason of a membership: it was resumed, or its member's account is being
/// deleted (the reason is their own words).
pub(crate) async fn forget_cancel_reason(
    conn: &mut AnyConnection,
    subscription_id: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE subscriptions SET cancel_reason = NULL WHERE id = $1")
        .bind(subscription_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The account a checkout was already turned into, if it was.
pub(crate) async fn checkout_result(
    conn: &mut AnyConnection,
    session_id: &str,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar(
        "SELECT result_user_id FROM billing_checkouts WHERE session_id = $1 AND result_user_id IS NOT NULL",
    )
    .bind(session_id)
    .fetch_optional(conn)
    .await
}

/// Whether a Stripe event's id was recorded (its change is stored).
pub(crate) async fn event_seen(conn: &mut AnyConnection, id: &str) -> sqlx::Result<bool> {
    let found: Option<String> = sqlx::query_scalar("SELECT id FROM stripe_events WHERE id = $1")
        .bind(id)
        .fetch_optional(conn)
        .await?;
    Ok(found.is_some())
}

/// Records a Stripe event's id; `false` when it was recorded before (a repeated delivery).
pub(crate) async fn note_event(
    conn: &mut AnyConnection,
    id: &str,
    kind: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let inserted = sqlx::query(
        "INSERT INTO stripe_events (id, type, received_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING",
    )
    .bind(id)
    .bind(kind)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(inserted.rows_affected() == 1)
}

/// The subscriptions of `provider` SWAZ believes are running (active, trialing, past due) or set
/// to end: the ones a lost webhook could leave wrong.
pub(crate) async fn to_reconcile(
    conn: &mut AnyConnection,
    provider: &str,
) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT id FROM subscriptions WHERE provider = $1 \
         AND (status IN ('active', 'trialing', 'past_due') OR (cancel_at_period_end = 1 AND status <> 'canceled')) \
         ORDER BY id",
    )
    .bind(provider)
    .fetch_all(conn)
    .await
}
/// The plan of the member's current subscription, as the app last saw it.
pub(crate) async fn current_plan(
    conn: &mut AnyConnection,
    user_id: &str,
) -> sqlx::Result<Option<super::plans::PlanId>> {
    let Some(current) = current(conn, user_id).await? else {
        return Ok(None);
    };
    let plan: Option<String> = sqlx::query_scalar("SELECT plan FROM subscriptions WHERE id = $1")
        .bind(&current.subscription_id)
        .fetch_optional(conn)
        .await?;
    Ok(plan.and_then(|p| super::plans::PlanId::parse(&p).ok()))
}

/// Records that the receipt of `invoice_id` went out; `false` when it had already.
pub(crate) async fn note_receipt(
    conn: &mut AnyConnection,
    invoice_id: &str,
    user_id: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO billing_receipts (invoice_id, user_id, sent_at) VALUES ($1, $2, $3) \
         ON CONFLICT (invoice_id) DO NOTHING",
    )
    .bind(invoice_id)
    .bind(user_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A yearly membership that renews soon.
#[derive(sqlx::FromRow)]
pub(crate) struct Renewal {
    #[sqlx(rename = "id")]
    pub subscription_id: String,
    pub user_id: String,
    pub plan: String,
    #[sqlx(rename = "current_period_end")]
    pub period_end: i64,
}

/// Yearly memberships that renew (not set to end) within `within_ms` of `now`.
pub(crate) async fn renewing_within(
    conn: &mut AnyConnection,
    now: i64,
    within_ms: i64,
) -> sqlx::Result<Vec<Renewal>> {
    sqlx::query_as(
        "SELECT id, user_id, plan, current_period_end FROM subscriptions \
         WHERE plan IN ('solo_yearly', 'team_yearly') AND status = 'active' AND cancel_at_period_end = 0 \
           AND current_period_end > $1 AND current_period_end <= $2",
    )
    .bind(now)
    .bind(now + within_ms)
    .fetch_all(conn)
    .await
}

/// Records the renewal reminder of one period; `false` when it had already gone out.
pub(crate) async fn note_renewal_notice(
    conn: &mut AnyConnection,
    subscription_id: &str,
    period_end: i64,
    now: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO billing_renewal_notices (subscription_id, period_end, sent_at) VALUES ($1, $2, $3) \
         ON CONFLICT (subscription_id, period_end) DO NOTHING",
    )
    .bind(subscription_id)
    .bind(period_end)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
