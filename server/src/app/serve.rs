//! Running an instance: the background workers and the HTTP server, with the graceful shutdown an
//! operator expects.

use super::lifecycle;
use super::router::router;
use super::state::AppState;
use crate::{billing, http, mail, reminders};

/// The background workers of one instance: mail and push delivery, housekeeping, the reminder scheduler
/// unless `SWAZ_REMINDER_TICK_SECS` is 0, and the billing reconcile unless
/// `SWAZ_BILLING_RECONCILE_SECS` is 0.
pub(crate) struct Workers {
    stop_mail: tokio::sync::watch::Sender<bool>,
    mail: tokio::task::JoinHandle<()>,
    push: tokio::task::JoinHandle<()>,
    scheduler: Option<reminders::scheduler::Scheduler>,
    housekeeping: super::housekeeping::Housekeeping,
    reconciler: Option<billing::reconcile::Reconciler>,
}

impl Workers {
    /// Ends the scheduler after its round in progress, the reconcile worker within its round and
    /// the mail worker after the message in hand (its other claims released), and waits for them.
    pub async fn stop(self) {
        let _ = self.stop_mail.send(true);
        if let Some(scheduler) = self.scheduler {
            scheduler.stop().await;
        }
        self.housekeeping.stop().await;
        if let Some(reconciler) = self.reconciler {
            reconciler.stop().await;
        }
        let _ = self.mail.await;
        let _ = self.push.await;
    }
}

/// Starts the background workers.
pub(crate) fn spawn_workers(state: &AppState) -> anyhow::Result<Workers> {
    let transport = mail::worker::Transport::from_config(&state.config)?;
    let (stop_mail, stopped) = tokio::sync::watch::channel(false);
    let mail = tokio::spawn(mail::worker::run(
        state.db.clone(),
        state.clock.clone(),
        transport,
        state.outbox.wakes(),
        stopped,
    ));
    let push = {
        let (db, clock, mail) = (state.db.clone(), state.clock.clone(), state.outbox.clone());
        let (subject, wakes, stopped) = (
            state.push_subject(),
            state.push.wakes(),
            stop_mail.subscribe(),
        );
        tokio::spawn(async move {
            match crate::push::worker::PushWorker::new(db, clock, subject, mail).await {
                Ok(worker) => crate::push::worker::run(worker, wakes, stopped).await,
                Err(err) => tracing::error!(error = ?err, "the push worker could not start"),
            }
        })
    };
    let every = state.config.reminder_tick_secs;
    let scheduler = (every > 0).then(|| {
        let app = state.clone();
        reminders::scheduler::Scheduler::spawn(
            state.reminders(),
            std::time::Duration::from_secs(every),
            move || app.metrics.scheduler_round_finished(),
        )
    });
    let every = state.config.billing.reconcile_secs;
    let reconciler = (every > 0).then(|| {
        billing::reconcile::Reconciler::spawn(
            state.db.clone(),
            state.payments.clone(),
            state.config.billing.clone(),
            (state.outbox.clone(), state.config.public_url.clone()),
            state.clock.clone(),
            std::time::Duration::from_secs(every),
        )
    });
    Ok(Workers {
        stop_mail,
        mail,
        push,
        scheduler,
        reconciler,
        housekeeping: super::housekeeping::Housekeeping::spawn(
            state.db.clone(),
            state.clock.clone(),
        ),
    })
}

/// Serves `state` on `listener` until SIGTERM, Ctrl-C or [`lifecycle::Lifecycle::drain`], then
/// shuts down gracefully: `/readyz` answers 503 for `SWAZ_SHUTDOWN_DRAIN_SECS` while requests are
/// still served, then no new connection is accepted, requests in flight finish and the workers
/// stop; whatever is still running `SWAZ_SHUTDOWN_GRACE_SECS` after accepting stopped is dropped.
pub async fn serve(state: AppState, listener: tokio::net::TcpListener) -> anyhow::Result<()> {
    use lifecycle::Phase;
    use std::time::Duration;

    let workers = spawn_workers(&state)?;
    let drain = Duration::from_secs(state.config.shutdown_drain_secs);
    let grace = Duration::from_secs(state.config.shutdown_grace_secs);
    let stop_accepting = {
        let state = state.clone();
        async move {
            tokio::select! {
                _ = shutdown_signal() => state.lifecycle.drain(),
                _ = state.lifecycle.reached(Phase::Draining) => {}
            }
            tracing::info!(
                drain_secs = drain.as_secs(),
                "shutting down: /readyz answers 503 from now on"
            );
            tokio::time::sleep(drain).await;
            state.lifecycle.stop_accepting();
            tracing::info!("no longer accepting connections; finishing requests in flight");
        }
    };
    let limits = state.config.connection_limits();
    let app = router(state.clone());
    let serving = http::serve::serve(listener, app, limits, stop_accepting);
    let finished = async {
        let served = serving.await;
        workers.stop().await;
        served
    };
    let deadline = async {
        state.lifecycle.reached(Phase::Stopping).await;
        tokio::time::sleep(grace).await;
    };
    tokio::select! {
        served = finished => {
            served?;
            tracing::info!("shut down cleanly");
        }
        _ = deadline => {
            tracing::warn!(grace_secs = grace.as_secs(), "requests or workers still running after the shutdown grace period: exiting anyway");
        }
    }
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut sig) =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            sig.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
