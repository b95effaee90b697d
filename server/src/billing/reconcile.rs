//! The reconcile round: every running membership (active, trialing, past due, or set to end) is
//! read again from the payment provider and its copy stored, so a change whose webhook never
//! arrived (Stripe gave up, the endpoint was misconfigured, SWAZ was down for days) is repaired
//! within one interval. It goes through [`PaymentProvider`], so it works for both providers;
//! for the local one it also renews or ends what the test mode would on the next look.
//!
//! Each instance runs it every `SWAZ_BILLING_RECONCILE_SECS`; several instances on one database
//! only read the same answers twice. [`round`] is public so tests run one directly.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::notices;
use super::provider::PaymentProvider;
use super::service::{self, Billing};
use super::storage;
use crate::auth::links::Mailer;
use crate::clock::Clock;
use crate::config::BillingConfig;
use crate::db::Db;
use crate::mail::Outbox;

/// What one round did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reconciled {
    /// Memberships read again and stored as the provider has them.
    pub refreshed: usize,
    /// Memberships the provider no longer knows (left as they were, and logged).
    pub missing: usize,
    /// Memberships the provider or the database failed on (tried again next round).
    pub failed: usize,
    /// Yearly members told their renewal is a week or less away.
    pub renewal_notices: usize,
}

/// Reads every running membership of this provider again and stores what the provider says;
/// `now` is the app clock's time in milliseconds.
pub async fn round(
    billing: Billing<'_>,
    mailer: Mailer<'_>,
    now: i64,
) -> anyhow::Result<Reconciled> {
    let provider = billing.payments.name();
    let ids = {
        let mut conn = billing.db.pool().acquire().await?;
        storage::to_reconcile(&mut conn, provider).await?
    };
    let mut done = Reconciled::default();
    for id in ids {
        match billing.payments.subscription(&id).await {
            Ok(Some(sub)) => match service::refresh_mirror(billing, &sub, now).await {
                Ok(()) => {
                    done.refreshed += 1;
                    // A renewal the provider charged since the last look gets its receipt.
                    let owner = {
                        let mut conn = billing.db.pool().acquire().await?;
                        storage::owner_of(&mut conn, &sub.id).await?
                    };
                    if let Some(storage::Payer::Member(owner)) = owner {
                        notices::send_receipts_or_log(billing, mailer, &owner, now).await;
                    }
                }
                Err(err) => {
                    tracing::warn!(subscription = %id, error = ?err, "reconcile: storing the membership failed");
                    done.failed += 1;
                }
            },
            Ok(None) => {
                tracing::warn!(subscription = %id, provider, "reconcile: the payment provider no longer knows this membership");
                done.missing += 1;
            }
            Err(err) => {
                tracing::warn!(subscription = %id, error = ?err, "reconcile: reading the membership failed");
                done.failed += 1;
            }
        }
    }
    done.renewal_notices = notices::send_renewal_reminders(billing, mailer, now).await?;
    tracing::info!(
        refreshed = done.refreshed,
        renewal_notices = done.renewal_notices,
        missing = done.missing,
        failed = done.failed,
        "memberships reconciled with the payment provider"
    );
    Ok(done)
}

/// The running reconcile worker; [`Reconciler::stop`] ends it, within a round too (each
/// membership is stored on its own, so a round cut short loses nothing).
pub(crate) struct Reconciler {
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl Reconciler {
    /// Runs [`round`] every `every`, the first one interval after start.
    pub(crate) fn spawn(
        db: Db,
        payments: Arc<dyn PaymentProvider>,
        plans: BillingConfig,
        (outbox, base_url): (Outbox, String),
        clock: Arc<dyn Clock>,
        every: Duration,
    ) -> Self {
        let (stop, mut stopped) = watch::channel(false);
        let task = tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = tokio::time::sleep(every) => {}
                    _ = stopped.changed() => break,
                }
                let billing = Billing {
                    db: &db,
                    payments: payments.as_ref(),
                    plans: &plans,
                };
                tokio::select! {
                    done = round(billing, Mailer { base_url: &base_url, outbox: &outbox, secure_email_change: true /* billing mails no e-mail change */ }, clock.now_ms()) => {
                        if let Err(err) = done {
                            tracing::warn!(error = ?err, "reconcile round failed");
                        }
                    }
                    _ = stopped.changed() => break,
                }
            }
        });
        Self { stop, task }
    }

    pub(crate) async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.task.await;
    }
}
