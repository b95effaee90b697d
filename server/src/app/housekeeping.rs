//! Background housekeeping, in one place: at start each instance counts the practice summaries
//! that were never counted; every ten minutes it prunes rate-limit
//! windows older than a day, contact messages past their keeping time, idempotency keys older
//! than a day and finished push messages older than 30 days. All are idempotent,
//! so several instances on one database may run them.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::clock::Clock;
use crate::db::Db;

const EVERY: Duration = Duration::from_secs(600);

/// Rate-limit windows are kept this long after they start.
const RATE_LIMITS_KEPT_SECS: i64 = 24 * 3600;

/// Push messages (and the notifications they belonged to) are kept this long once settled.
const PUSH_KEPT_MS: i64 = 30 * 24 * 3600 * 1000;

/// The running housekeeping; [`Housekeeping::stop`] ends it between rounds.
pub(crate) struct Housekeeping {
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl Housekeeping {
    /// Runs a round every ten minutes, the first ten minutes after start.
    pub(crate) fn spawn(db: Db, clock: Arc<dyn Clock>) -> Self {
        let (stop, mut stopped) = watch::channel(false);
        let task = tokio::spawn(async move {
            tokio::select! {
                _ = count_practice_summaries(&db, clock.now_ms()) => {}
                _ = stopped.changed() => return,
            }
            loop {
                tokio::select! {
                    _ = tokio::time::sleep(EVERY) => {}
                    _ = stopped.changed() => break,
                }
                round(&db, clock.now_ms()).await;
            }
        });
        Self { stop, task }
    }

    pub(crate) async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.task.await;
    }
}

/// Counts the day summaries of athletes whose practice was recorded before summaries were kept
/// (once, at start; until then their dashboards count the events).
async fn count_practice_summaries(db: &Db, now: i64) {
    match crate::practice::summary::backfill(db, now).await {
        Ok(0) => {}
        Ok(n) => tracing::info!(athletes = n, "counted the practice summaries"),
        Err(err) => tracing::warn!(error = ?err, "counting practice summaries failed"),
    }
}

async fn round(db: &Db, now: i64) {
    if let Err(err) = crate::ratelimit::prune(db, now, RATE_LIMITS_KEPT_SECS).await {
        tracing::warn!(error = ?err, "pruning rate limits failed");
    }
    if let Err(err) = crate::content::storage::prune_contact_messages(db, now).await {
        tracing::warn!(error = ?err, "pruning old contact messages failed");
    }
    if let Err(err) = crate::idempotency::prune(db, now).await {
        tracing::warn!(error = ?err, "pruning old idempotency keys failed");
    }
    if let Err(err) = crate::push::outbox::prune(db, now - PUSH_KEPT_MS).await {
        tracing::warn!(error = ?err, "pruning old push messages failed");
    }
}
