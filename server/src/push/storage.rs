//! Storage of members' push subscriptions.

use sqlx::AnyConnection;

/// A device that accepts push messages.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct StoredSubscription {
    pub id: String,
    pub user_id: String,
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
    pub label: Option<String>,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
}

const COLUMNS: &str = "id, user_id, endpoint, p256dh, auth, label, created_at, last_used_at";

/// Most devices one member subscribes.
pub const MAX_PER_MEMBER: i64 = 20;

/// Keeps the subscription for `user_id`; an endpoint subscribed before (by anyone: it is the
/// device's) is replaced. Run in a write transaction.
pub async fn subscribe(conn: &mut AnyConnection, sub: &StoredSubscription) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1")
        .bind(&sub.endpoint)
        .execute(&mut *conn)
        .await?;
    sqlx::query(&format!(
        "INSERT INTO push_subscriptions ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
    ))
    .bind(&sub.id)
    .bind(&sub.user_id)
    .bind(&sub.endpoint)
    .bind(&sub.p256dh)
    .bind(&sub.auth)
    .bind(&sub.label)
    .bind(sub.created_at)
    .bind(sub.last_used_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// The member's devices, newest first.
pub async fn of_member(
    conn: &mut AnyConnection,
    user_id: &str,
) -> sqlx::Result<Vec<StoredSubscription>> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id"
    ))
    .bind(user_id)
    .fetch_all(conn)
    .await
}

/// How many devices the member has, not counting `endpoint` (which a new subscription replaces).
pub async fn count_others(
    conn: &mut AnyConnection,
    user_id: &str,
    endpoint: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM push_subscriptions WHERE user_id = $1 AND endpoint <> $2",
    )
    .bind(user_id)
    .bind(endpoint)
    .fetch_one(conn)
    .await
}

/// Removes the member's device `id`; answers whether it was theirs.
pub async fn unsubscribe(conn: &mut AnyConnection, user_id: &str, id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM push_subscriptions WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// One device, whoever it belongs to.
pub async fn by_id(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Option<StoredSubscription>> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM push_subscriptions WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(conn)
    .await
}

/// Notes that the device's push service took a message.
pub async fn used(conn: &mut AnyConnection, id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE push_subscriptions SET last_used_at = $1 WHERE id = $2")
        .bind(now)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Forgets a device its push service no longer knows.
pub async fn forget(conn: &mut AnyConnection, id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM push_subscriptions WHERE id = $1")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}
