//! Queued push messages: written in the transaction that decides a notification (so a reminder
//! occasion claimed once queues its messages once), sent by any instance's push worker.

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use sqlx::AnyConnection;
use tokio::sync::Notify;

use super::send::Urgency;
use super::storage::StoredSubscription;
use crate::db::{Db, WriteTx};
use crate::mail::Message;

/// A button on a notification, and the signed token that does what it says without sign-in.
#[derive(Clone, Debug)]
pub struct Button {
    /// `done` or `snooze`: the service worker posts the token to `/push/actions/{action}`.
    pub action: &'static str,
    pub title: &'static str,
    pub token: String,
}

/// One notification for one member, shown the same on each of their devices.
#[derive(Clone, Debug)]
pub struct Notification {
    pub title: String,
    pub body: String,
    /// The page a tap on the notification opens (a path of the app).
    pub url: String,
    /// Devices show one notification per tag: a later one with the same tag replaces it.
    pub tag: String,
    pub buttons: Vec<Button>,
    pub urgency: Urgency,
    /// How long the push service may hold it for a device that is off.
    pub ttl: Duration,
}

#[derive(Serialize)]
struct WireAction<'a> {
    action: &'a str,
    title: &'a str,
}

/// What the service worker reads (the message's decrypted text).
#[derive(Serialize)]
struct Wire<'a> {
    title: &'a str,
    body: &'a str,
    url: &'a str,
    tag: &'a str,
    actions: Vec<WireAction<'a>>,
    tokens: serde_json::Map<String, serde_json::Value>,
}

impl Notification {
    /// The JSON the service worker shows.
    pub fn payload(&self) -> String {
        let wire = Wire {
            title: &self.title,
            body: &self.body,
            url: &self.url,
            tag: &self.tag,
            actions: self
                .buttons
                .iter()
                .map(|b| WireAction {
                    action: b.action,
                    title: b.title,
                })
                .collect(),
            tokens: self
                .buttons
                .iter()
                .map(|b| (b.action.to_owned(), b.token.clone().into()))
                .collect(),
        };
        serde_json::to_string(&wire).expect("plain fields serialize")
    }
}

/// What became of one device's message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Pending,
    Accepted,
    /// The push service no longer knows the device (it was forgotten).
    Gone,
    Refused,
    /// Not taken before its time to live ran out.
    Expired,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Accepted => "accepted",
            Self::Gone => "gone",
            Self::Refused => "refused",
            Self::Expired => "expired",
        }
    }
}

/// Queues push messages and wakes this instance's push worker once they are committed.
#[derive(Clone, Default)]
pub struct PushOutbox {
    wake: Arc<Notify>,
}

impl PushOutbox {
    pub fn new() -> Self {
        Self::default()
    }

    /// Queues `note` for each of `devices` in `tx`. With `fallback`, that e-mail is sent instead
    /// if no device takes the message.
    pub async fn enqueue(
        &self,
        tx: &mut WriteTx,
        user_id: &str,
        devices: &[StoredSubscription],
        note: &Notification,
        fallback: Option<&Message>,
        now: i64,
    ) -> sqlx::Result<()> {
        let batch = uuid::Uuid::new_v4().to_string();
        sqlx::query(
            "INSERT INTO push_batches (id, user_id, fallback_to, fallback_subject, fallback_text, \
               fallback_html, fallback_reply_to, fallback_state, created_at, \
               fallback_list_unsubscribe) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(&batch)
        .bind(user_id)
        .bind(fallback.map(|m| m.to.as_str()))
        .bind(fallback.map(|m| m.subject.as_str()))
        .bind(fallback.map(|m| m.text.as_str()))
        .bind(fallback.map(|m| m.html.as_str()))
        .bind(fallback.and_then(|m| m.reply_to.as_deref()))
        .bind(if fallback.is_some() {
            "waiting"
        } else {
            "none"
        })
        .bind(now)
        .bind(fallback.and_then(|m| m.list_unsubscribe.as_deref()))
        .execute(&mut **tx)
        .await?;
        let payload = note.payload();
        let expires = now + i64::try_from(note.ttl.as_millis()).unwrap_or(i64::MAX / 2);
        for device in devices {
            sqlx::query(
                "INSERT INTO push_outbox (id, batch_id, user_id, subscription_id, endpoint, payload, \
                   urgency, expires_at, created_at, next_attempt_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
            )
            .bind(uuid::Uuid::new_v4().to_string())
            .bind(&batch)
            .bind(user_id)
            .bind(&device.id)
            .bind(&device.endpoint)
            .bind(&payload)
            .bind(note.urgency.as_str())
            .bind(expires)
            .bind(now)
            .execute(&mut **tx)
            .await?;
        }
        let wake = self.wake.clone();
        tx.after_commit(move || wake.notify_one());
        Ok(())
    }

    /// What the worker waits on between rounds.
    pub fn wakes(&self) -> Arc<Notify> {
        self.wake.clone()
    }
}

/// A message claimed for sending, with the device it goes to (`None`: removed meanwhile).
#[derive(sqlx::FromRow)]
pub(crate) struct Claimed {
    pub id: String,
    pub subscription_id: String,
    pub payload: String,
    pub urgency: String,
    pub expires_at: i64,
    pub attempts: i64,
}

/// Claims up to `limit` due messages for `lease_ms`, so no other worker sends them meanwhile.
pub(crate) async fn claim_due(
    db: &Db,
    now: i64,
    limit: i64,
    lease_ms: i64,
) -> sqlx::Result<Vec<Claimed>> {
    let sql = format!(
        "UPDATE push_outbox SET claimed_until = $1, attempts = attempts + 1 \
         WHERE id IN (SELECT id FROM push_outbox WHERE outcome = 'pending' AND next_attempt_at <= $2 \
                      AND (claimed_until IS NULL OR claimed_until < $2) ORDER BY created_at LIMIT $3{}) \
         RETURNING id, subscription_id, payload, urgency, expires_at, attempts",
        db.skip_locked()
    );
    sqlx::query_as(&sql)
        .bind(now + lease_ms)
        .bind(now)
        .bind(limit)
        .fetch_all(db.pool())
        .await
}

/// Records how a message ended.
pub(crate) async fn finish(
    conn: &mut AnyConnection,
    id: &str,
    outcome: Outcome,
    now: i64,
    error: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE push_outbox SET outcome = $1, sent_at = $2, claimed_until = NULL, last_error = $3 \
         WHERE id = $4",
    )
    .bind(outcome.as_str())
    .bind((outcome == Outcome::Accepted).then_some(now))
    .bind(error)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Gives a message back for another try at `next_attempt_at`.
pub(crate) async fn retry_at(
    conn: &mut AnyConnection,
    id: &str,
    next_attempt_at: i64,
    error: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE push_outbox SET next_attempt_at = $1, claimed_until = NULL, last_error = $2 \
         WHERE id = $3",
    )
    .bind(next_attempt_at)
    .bind(error)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// A notification sent by push only that no device took: the e-mail to send instead.
#[derive(sqlx::FromRow)]
pub(crate) struct Unanswered {
    pub id: String,
    #[sqlx(rename = "fallback_to")]
    pub to: String,
    #[sqlx(rename = "fallback_subject")]
    pub subject: String,
    #[sqlx(rename = "fallback_text")]
    pub text: String,
    #[sqlx(rename = "fallback_html")]
    pub html: String,
    #[sqlx(rename = "fallback_reply_to")]
    pub reply_to: Option<String>,
    #[sqlx(rename = "fallback_list_unsubscribe")]
    pub list_unsubscribe: Option<String>,
}

/// Whether any push-only notification still waits to know if it must be mailed.
pub(crate) async fn any_waiting(pool: &sqlx::AnyPool) -> sqlx::Result<bool> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT 1 FROM push_batches WHERE fallback_state = 'waiting' LIMIT 1")
            .fetch_optional(pool)
            .await?;
    Ok(found.is_some())
}

/// Batches still waiting whose every message ended without a device taking it.
pub(crate) async fn unanswered(conn: &mut AnyConnection) -> sqlx::Result<Vec<Unanswered>> {
    sqlx::query_as(
        "SELECT b.id, b.fallback_to, b.fallback_subject, b.fallback_text, b.fallback_html, \
           b.fallback_reply_to, b.fallback_list_unsubscribe FROM push_batches b \
         WHERE b.fallback_state = 'waiting' AND NOT EXISTS (SELECT 1 FROM push_outbox o \
           WHERE o.batch_id = b.id AND o.outcome IN ('pending', 'accepted')) \
         ORDER BY b.created_at LIMIT 100",
    )
    .fetch_all(conn)
    .await
}

/// Batches still waiting of which a device took a message: no e-mail needed.
pub(crate) async fn settle_answered(conn: &mut AnyConnection) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE push_batches SET fallback_state = 'not_needed' WHERE fallback_state = 'waiting' \
         AND EXISTS (SELECT 1 FROM push_outbox o WHERE o.batch_id = push_batches.id \
           AND o.outcome = 'accepted')",
    )
    .execute(conn)
    .await?
    .rows_affected())
}

/// Marks a batch's e-mail as sent; true only for the one caller that changed it.
pub(crate) async fn claim_fallback(conn: &mut AnyConnection, batch: &str) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE push_batches SET fallback_state = 'mailed' WHERE id = $1 AND fallback_state = 'waiting'",
    )
    .bind(batch)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A queued message as `/_dev/pushbox` shows it.
#[derive(sqlx::FromRow)]
pub(crate) struct Queued {
    pub endpoint: String,
    pub payload: String,
    pub outcome: String,
    pub created_at: i64,
    pub sent_at: Option<i64>,
}

/// The messages queued for the member with this e-mail address, newest first.
pub(crate) async fn of_address(db: &Db, email: &str, limit: i64) -> sqlx::Result<Vec<Queued>> {
    sqlx::query_as(
        "SELECT o.endpoint, o.payload, o.outcome, o.created_at, o.sent_at FROM push_outbox o \
         JOIN users u ON u.id = o.user_id WHERE u.email = $1 \
         ORDER BY o.created_at DESC, o.id DESC LIMIT $2",
    )
    .bind(email.trim().to_lowercase())
    .bind(limit)
    .fetch_all(db.pool())
    .await
}

/// Forgets notifications queued before `before` that are settled: no message still pending
/// and no e-mail still waiting to be decided.
pub(crate) async fn prune(db: &Db, before: i64) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "DELETE FROM push_batches WHERE created_at < $1 AND fallback_state <> 'waiting' \
         AND NOT EXISTS (SELECT 1 FROM push_outbox o WHERE o.batch_id = push_batches.id \
           AND o.outcome = 'pending')",
    )
    .bind(before)
    .execute(db.pool())
    .await?
    .rows_affected())
}
