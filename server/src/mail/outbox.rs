use std::sync::Arc;

use sqlx::AnyConnection;
use tokio::sync::Notify;

use crate::db::{Db, WriteTx};

/// Queues e-mail for the worker. One per instance; each enqueue wakes the worker once the
/// transaction that wrote it commits, so no caller has to.
#[derive(Clone, Default)]
pub struct Outbox {
    wake: Arc<Notify>,
}

impl Outbox {
    pub fn new() -> Self {
        Self::default()
    }

    /// Queues `message` in `tx`: it is sent only if `tx` commits, and the worker is woken then.
    pub async fn enqueue(&self, tx: &mut WriteTx, message: &Message, now: i64) -> sqlx::Result<()> {
        insert(tx, message, now).await?;
        let wake = self.wake.clone();
        tx.after_commit(move || wake.notify_one());
        Ok(())
    }

    /// What the worker waits on between rounds.
    pub fn wakes(&self) -> Arc<Notify> {
        self.wake.clone()
    }
}

/// A message; as a row it reads the outbox's columns.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Message {
    #[sqlx(rename = "to_addr")]
    pub to: String,
    pub subject: String,
    #[sqlx(rename = "text_body")]
    pub text: String,
    #[sqlx(rename = "html_body")]
    pub html: String,
    /// Where replies go when not to the sender (`Reply-To`), e.g. the author of a contact message.
    pub reply_to: Option<String>,
    /// The signed one-click unsubscribe address of a reminder (`List-Unsubscribe`, RFC 8058).
    pub list_unsubscribe: Option<String>,
}

/// Writes `message` to the outbox table; it is sent only if the surrounding transaction commits.
/// [`Outbox::enqueue`] also wakes the worker.
pub async fn insert(conn: &mut AnyConnection, message: &Message, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO mail_outbox (id, to_addr, subject, text_body, html_body, reply_to, created_at, \
           next_attempt_at, list_unsubscribe) VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(&message.to)
    .bind(&message.subject)
    .bind(&message.text)
    .bind(&message.html)
    .bind(message.reply_to.as_deref())
    .bind(now)
    .bind(message.list_unsubscribe.as_deref())
    .execute(conn)
    .await?;
    Ok(())
}

#[derive(sqlx::FromRow)]
pub struct Claimed {
    pub id: String,
    #[sqlx(flatten)]
    pub message: Message,
    pub attempts: i64,
}

/// Claims up to `limit` due messages for `lease_ms`, so no other worker sends them meanwhile.
pub async fn claim_due(db: &Db, now: i64, limit: i64, lease_ms: i64) -> sqlx::Result<Vec<Claimed>> {
    let sql = format!(
        "UPDATE mail_outbox SET claimed_until = $1, attempts = attempts + 1 \
         WHERE sent_at IS NULL AND next_attempt_at <= $2 AND (claimed_until IS NULL OR claimed_until < $2) \
           AND id IN (SELECT id FROM mail_outbox WHERE sent_at IS NULL AND next_attempt_at <= $2 \
                      AND (claimed_until IS NULL OR claimed_until < $2) ORDER BY created_at LIMIT $3{}) \
         RETURNING id, to_addr, subject, text_body, html_body, reply_to, list_unsubscribe, attempts",
        db.skip_locked()
    );
    sqlx::query_as(&sql)
        .bind(now + lease_ms)
        .bind(now)
        .bind(limit)
        .fetch_all(db.pool())
        .await
}

pub(crate) async fn mark_sent(db: &Db, now: i64, id: &str, transport: &str) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE mail_outbox SET sent_at = $1, transport = $2, claimed_until = NULL WHERE id = $3",
    )
    .bind(now)
    .bind(transport)
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Records a failed attempt and schedules the next one with exponential back-off (max 1 hour).
pub(crate) async fn mark_failed(
    db: &Db,
    now: i64,
    id: &str,
    attempts: i64,
    error: &str,
) -> sqlx::Result<()> {
    let delay_ms = (30_000i64 << attempts.clamp(0, 7)).min(3_600_000);
    sqlx::query(
        "UPDATE mail_outbox SET next_attempt_at = $1, last_error = $2, claimed_until = NULL WHERE id = $3",
    )
    .bind(now + delay_ms)
    .bind(error.chars().take(500).collect::<String>())
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(())
}

#[derive(sqlx::FromRow)]
pub struct Stored {
    #[sqlx(rename = "to_addr")]
    pub to: String,
    pub subject: String,
    #[sqlx(rename = "text_body")]
    pub text: String,
    #[sqlx(rename = "html_body")]
    pub html: String,
    pub reply_to: Option<String>,
    pub list_unsubscribe: Option<String>,
    pub created_at: i64,
}

/// Messages delivered to the local mailbox, newest first; optionally only those to `to`.
pub async fn mailbox(db: &Db, to: Option<&str>, limit: i64) -> sqlx::Result<Vec<Stored>> {
    sqlx::query_as(
        "SELECT to_addr, subject, text_body, html_body, reply_to, list_unsubscribe, created_at FROM mail_outbox \
         WHERE transport = 'mailbox' AND ($1 = '' OR to_addr = $1) \
         ORDER BY created_at DESC, id DESC LIMIT $2",
    )
    .bind(to.unwrap_or("").to_lowercase())
    .bind(limit)
    .fetch_all(db.pool())
    .await
}

/// Unsent messages (every instance's): how many, and when the oldest was queued.
pub async fn pending(db: &Db) -> sqlx::Result<(i64, Option<i64>)> {
    sqlx::query_as("SELECT COUNT(*), MIN(created_at) FROM mail_outbox WHERE sent_at IS NULL")
        .fetch_one(db.pool())
        .await
}

/// Gives claimed, unsent messages back at once (a stopping worker), instead of after the lease;
/// the attempt they were claimed for is not counted.
pub async fn release(db: &Db, ids: &[String]) -> sqlx::Result<()> {
    for id in ids {
        sqlx::query(
            "UPDATE mail_outbox SET claimed_until = NULL, attempts = attempts - 1 \
             WHERE id = $1 AND sent_at IS NULL",
        )
        .bind(id)
        .execute(db.pool())
        .await?;
    }
    Ok(())
}
