//! PAID is derived, never stored as a flag: today from complimentary grants an operator gives
//! (`swaz user create --paid`); subscriptions and team seats add their own sources here.

use sqlx::AnyConnection;

use crate::db::now_ms;

pub const COMP_SOLO: &str = "comp_solo";

pub async fn grant(
    conn: &mut AnyConnection,
    user_id: &str,
    kind: &str,
    note: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO membership_grants (id, user_id, kind, note, created_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(user_id)
    .bind(kind)
    .bind(note)
    .bind(now_ms())
    .execute(conn)
    .await?;
    Ok(())
}

/// True when the user currently holds any membership.
pub async fn is_paid(conn: &mut AnyConnection, user_id: &str) -> sqlx::Result<bool> {
    let found: Option<String> = sqlx::query_scalar(
        "SELECT id FROM membership_grants WHERE user_id = $1 AND revoked_at IS NULL LIMIT 1",
    )
    .bind(user_id)
    .fetch_optional(conn)
    .await?;
    Ok(found.is_some())
}
