//! The push worker: sends queued messages (any instance's; each claimed for a lease), forgets
//! devices their push service no longer knows, tries again later when it is busy, and mails a
//! push-only notification that no device took.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{watch, Notify};

use super::keys;
use super::outbox::{self, Outcome};
use super::send::{Delivery, Sender, Urgency};
use super::storage;
use crate::clock::Clock;
use crate::db::Db;
use crate::mail::{self, Message};

/// Messages claimed per round.
const BATCH: i64 = 50;
/// How long a claim keeps other instances off a message.
const LEASE_MS: i64 = 60_000;

/// What a worker needs besides the database and clock.
#[derive(Clone)]
pub struct PushWorker {
    pub db: Db,
    pub clock: Arc<dyn Clock>,
    pub sender: Sender,
    /// The mail outbox, for the e-mails sent instead of unanswered push messages.
    pub mail: mail::Outbox,
}

/// What one round did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub accepted: usize,
    pub gone: usize,
    pub failed: usize,
    pub later: usize,
    pub mailed_instead: usize,
}

impl PushWorker {
    /// A worker with the server's VAPID keys (made now if this is the first start).
    pub async fn new(
        db: Db,
        clock: Arc<dyn Clock>,
        subject: String,
        mail: mail::Outbox,
    ) -> anyhow::Result<Self> {
        let keys = {
            let mut conn = db.pool().acquire().await?;
            keys::load_or_create(&mut conn, clock.now_ms()).await?
        };
        Ok(Self {
            db,
            clock,
            sender: Sender::new(keys, subject)?,
            mail,
        })
    }

    /// Sends every message due now, then mails what no device took.
    pub async fn deliver_due(&self) -> anyhow::Result<Round> {
        let mut round = Round::default();
        loop {
            let now = self.clock.now_ms();
            let claimed = outbox::claim_due(&self.db, now, BATCH, LEASE_MS).await?;
            if claimed.is_empty() {
                break;
            }
            for message in claimed {
                self.send_one(&message, &mut round).await?;
            }
        }
        self.mail_unanswered(&mut round).await?;
        Ok(round)
    }

    async fn send_one(&self, message: &outbox::Claimed, round: &mut Round) -> anyhow::Result<()> {
        let now = self.clock.now_ms();
        let mut conn = self.db.pool().acquire().await?;
        let Some(device) = storage::by_id(&mut conn, &message.subscription_id).await? else {
            outbox::finish(
                &mut conn,
                &message.id,
                Outcome::Gone,
                now,
                Some("unsubscribed"),
            )
            .await?;
            round.gone += 1;
            return Ok(());
        };
        drop(conn);
        let left_ms = (message.expires_at - now).max(0);
        if left_ms == 0 {
            let mut conn = self.db.pool().acquire().await?;
            outbox::finish(&mut conn, &message.id, Outcome::Expired, now, None).await?;
            round.failed += 1;
            return Ok(());
        }
        let ttl = Duration::from_millis(left_ms.unsigned_abs()).max(Duration::from_secs(1));
        let delivery = self
            .sender
            .send(
                &device,
                message.payload.as_bytes(),
                ttl,
                Urgency::stored(&message.urgency),
                now / 1000,
            )
            .await;
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        match delivery {
            Ok(Delivery::Accepted) => {
                outbox::finish(&mut tx, &message.id, Outcome::Accepted, now, None).await?;
                storage::used(&mut tx, &device.id, now).await?;
                round.accepted += 1;
            }
            Ok(Delivery::Gone) => {
                outbox::finish(&mut tx, &message.id, Outcome::Gone, now, None).await?;
                storage::forget(&mut tx, &device.id).await?;
                tracing::info!(device = %device.id, "push service no longer knows the device: forgotten");
                round.gone += 1;
            }
            Ok(Delivery::Refused(status)) => {
                let why = format!("the push service answered {status}");
                outbox::finish(&mut tx, &message.id, Outcome::Refused, now, Some(&why)).await?;
                tracing::warn!(device = %device.id, status, "push message refused");
                round.failed += 1;
            }
            Ok(Delivery::Later) | Err(_) => {
                let why = match &delivery {
                    Err(err) => format!("{err:#}"),
                    _ => "the push service was busy or did not answer".to_owned(),
                };
                let next = now + backoff_ms(message.attempts);
                if next >= message.expires_at {
                    outbox::finish(&mut tx, &message.id, Outcome::Expired, now, Some(&why)).await?;
                    round.failed += 1;
                } else {
                    outbox::retry_at(&mut tx, &message.id, next, &why).await?;
                    round.later += 1;
                }
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// Mails each push-only notification none of whose devices took it, exactly once.
    async fn mail_unanswered(&self, round: &mut Round) -> anyhow::Result<()> {
        // Most rounds have nothing waiting: they take no write lock.
        if !outbox::any_waiting(self.db.pool()).await? {
            return Ok(());
        }
        let mut tx = self.db.begin_write().await?;
        outbox::settle_answered(&mut tx).await?;
        let unanswered = outbox::unanswered(&mut tx).await?;
        let now = self.clock.now_ms();
        for batch in unanswered {
            if !outbox::claim_fallback(&mut tx, &batch.id).await? {
                continue;
            }
            let message = Message {
                to: batch.to,
                subject: batch.subject,
                text: batch.text,
                html: batch.html,
                reply_to: batch.reply_to,
                list_unsubscribe: batch.list_unsubscribe,
            };
            self.mail.enqueue(&mut tx, &message, now).await?;
            round.mailed_instead += 1;
        }
        tx.commit().await?;
        Ok(())
    }
}

/// 30 s, doubling with each attempt, at most an hour.
fn backoff_ms(attempts: i64) -> i64 {
    (30_000i64 << attempts.clamp(0, 7)).min(3_600_000)
}

/// Sends queued messages until `stop` turns true; wakes on `notify` or every five seconds.
pub async fn run(worker: PushWorker, notify: Arc<Notify>, mut stop: watch::Receiver<bool>) {
    while !*stop.borrow() {
        if let Err(err) = worker.deliver_due().await {
            tracing::warn!(error = ?err, "push delivery round failed");
        }
        tokio::select! {
            _ = notify.notified() => {}
            _ = stop.changed() => {}
            _ = tokio::time::sleep(Duration::from_secs(5)) => {}
        }
    }
    tracing::info!("push worker stopped");
}
