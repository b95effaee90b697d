//! Storage of contact messages.

use sqlx::AnyConnection;

use super::contact::ContactMessage;
use crate::db::Db;

/// Stores `message`; answers its id.
pub(crate) async fn save_contact_message(
    conn: &mut AnyConnection,
    message: &ContactMessage,
    now: i64,
) -> sqlx::Result<String> {
    let id = uuid::Uuid::new_v4().to_string();
    sqlx::query(
        "INSERT INTO contact_messages (id, name, email, subject, message, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&id)
    .bind(&message.name)
    .bind(message.email.as_str())
    .bind(&message.subject)
    .bind(&message.message)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(id)
}

/// How long contact messages are kept (the privacy policy promises at most 12 months).
pub(crate) const CONTACT_RETENTION_DAYS: i64 = 365;

/// Deletes contact messages older than [`CONTACT_RETENTION_DAYS`]; answers how many went.
pub async fn prune_contact_messages(db: &Db, now: i64) -> sqlx::Result<u64> {
    let cutoff = now - CONTACT_RETENTION_DAYS * 24 * 3600 * 1000;
    Ok(
        sqlx::query("DELETE FROM contact_messages WHERE created_at < $1")
            .bind(cutoff)
            .execute(db.pool())
            .await?
            .rows_affected(),
    )
}
