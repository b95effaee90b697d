//! SWAZ: one server for the identity service (`/auth/v1`), the product API (`/_api/v1`) and the
//! React app. `main.rs` only parses the command line; tests drive [`build`] and [`router`] to run
//! the real app.
//!
//! Layout: one folder per capability (`auth`, `account`, `billing`, `teams`, `mail`, `vision`,
//! `practice`, `planning`, `dashboard`, `reminders`, `content`) with its handlers, domain types and
//! storage functions; shared plumbing (`config`, `db`, `error`, `http`) beside them. Storage is
//! runtime-bound SQL through sqlx's `Any` driver (see `db`).

pub mod account;
pub mod auth;
pub mod billing;
pub mod cli;
pub mod clock;
pub mod config;
pub mod content;
pub mod dashboard;
pub mod db;
pub mod domain;
pub mod error;
pub mod http;
pub mod lifecycle;
pub mod logging;
pub mod mail;
pub mod metrics;
pub mod planning;
pub mod practice;
pub mod ratelimit;
pub mod reminders;
pub mod teams;
pub mod vision;

use std::ops::Deref;
use std::sync::Arc;

use tokio::sync::Notify;

pub use config::Config;
pub use db::Db;
pub use http::router;

/// Everything a request handler may need.
pub struct App {
    pub config: Config,
    pub db: Db,
    /// Signs and checks access tokens (keyed once, at start).
    pub tokens: auth::tokens::Keys,
    /// Where every "now" comes from (see [`clock`]).
    pub clock: Arc<dyn clock::Clock>,
    /// The same clock when it may be moved (`SWAZ_SETTABLE_CLOCK`, tests); `None` in production.
    pub settable_clock: Option<Arc<clock::SettableClock>>,
    /// Wakes the mail worker when a message is queued.
    pub mail_notify: Arc<Notify>,
    pub payments: Arc<dyn billing::provider::PaymentProvider>,
    /// The test-mode provider, when it is the one in use (its checkout page needs it).
    pub local_payments: Option<Arc<billing::local::LocalProvider>>,
    /// Ready, draining or stopping (see [`lifecycle`]); `/readyz` reports it.
    pub lifecycle: lifecycle::Lifecycle,
    /// Request counts and latencies for `/metrics`.
    pub metrics: metrics::Metrics,
}

#[derive(Clone)]
pub struct AppState(pub Arc<App>);

impl Deref for AppState {
    type Target = App;
    fn deref(&self) -> &App {
        &self.0
    }
}

/// Connects to the database and applies migrations.
pub async fn build(config: Config) -> anyhow::Result<AppState> {
    let settable_clock = config
        .settable_clock
        .then(|| Arc::new(clock::SettableClock::new()));
    let clock: Arc<dyn clock::Clock> = match &settable_clock {
        Some(c) => c.clone(),
        None => Arc::new(clock::SystemClock),
    };
    let db = Db::connect(config.database_url.expose(), clock.clone()).await?;
    db.migrate().await?;
    let local = Arc::new(billing::local::LocalProvider::new(
        db.clone(),
        config.public_url.clone(),
        config.billing.clone(),
    ));
    let (payments, local_payments): (Arc<dyn billing::provider::PaymentProvider>, _) =
        match config.billing.mode {
            config::PaymentMode::Local => (local.clone(), Some(local)),
            config::PaymentMode::Stripe => (
                Arc::new(billing::stripe::StripeProvider::new(
                    config.billing.clone(),
                )?),
                None,
            ),
        };
    let tokens = auth::tokens::Keys::new(config.jwt_secret.expose(), &config.public_url);
    Ok(AppState(Arc::new(App {
        config,
        db,
        tokens,
        clock,
        settable_clock,
        mail_notify: Arc::new(Notify::new()),
        payments,
        local_payments,
        lifecycle: lifecycle::Lifecycle::new(),
        metrics: metrics::Metrics::new(),
    })))
}

/// The background workers of one instance: mail delivery, and the reminder scheduler unless
/// `SWAZ_REMINDER_TICK_SECS` is 0.
pub struct Workers {
    stop_mail: tokio::sync::watch::Sender<bool>,
    mail: tokio::task::JoinHandle<()>,
    scheduler: Option<reminders::scheduler::Scheduler>,
}

impl Workers {
    /// Ends the scheduler after its round in progress and the mail worker after the message in
    /// hand (its other claims released), and waits for both.
    pub async fn stop(self) {
        let _ = self.stop_mail.send(true);
        if let Some(scheduler) = self.scheduler {
            scheduler.stop().await;
        }
        let _ = self.mail.await;
    }
}

/// Starts the background workers.
pub fn spawn_workers(state: &AppState) -> anyhow::Result<Workers> {
    let transport = mail::worker::Transport::from_config(&state.config)?;
    let (stop_mail, stopped) = tokio::sync::watch::channel(false);
    let mail = tokio::spawn(mail::worker::run(
        state.db.clone(),
        transport,
        state.mail_notify.clone(),
        stopped,
    ));
    let every = state.config.reminder_tick_secs;
    let scheduler = (every > 0).then(|| {
        reminders::scheduler::Scheduler::spawn(state.clone(), std::time::Duration::from_secs(every))
    });
    Ok(Workers {
        stop_mail,
        mail,
        scheduler,
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
