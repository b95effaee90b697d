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
pub mod mail;
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
    /// Where every "now" comes from (see [`clock`]).
    pub clock: Arc<dyn clock::Clock>,
    /// The same clock when it may be moved (`SWAZ_SETTABLE_CLOCK`, tests); `None` in production.
    pub settable_clock: Option<Arc<clock::SettableClock>>,
    /// Wakes the mail worker when a message is queued.
    pub mail_notify: Arc<Notify>,
    pub payments: Arc<dyn billing::provider::PaymentProvider>,
    /// The test-mode provider, when it is the one in use (its checkout page needs it).
    pub local_payments: Option<Arc<billing::local::LocalProvider>>,
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
    Ok(AppState(Arc::new(App {
        config,
        db,
        clock,
        settable_clock,
        mail_notify: Arc::new(Notify::new()),
        payments,
        local_payments,
    })))
}

/// Starts the background workers: mail delivery, and the reminder scheduler unless
/// `SWAZ_REMINDER_TICK_SECS` is 0. Answers the scheduler so the caller can stop it.
pub fn spawn_workers(state: &AppState) -> anyhow::Result<Option<reminders::scheduler::Scheduler>> {
    let transport = mail::worker::Transport::from_config(&state.config)?;
    tokio::spawn(mail::worker::run(
        state.db.clone(),
        transport,
        state.mail_notify.clone(),
    ));
    let every = state.config.reminder_tick_secs;
    Ok((every > 0).then(|| {
        reminders::scheduler::Scheduler::spawn(state.clone(), std::time::Duration::from_secs(every))
    }))
}

/// Serves `state` on `listener` until the process is asked to stop.
pub async fn serve(state: AppState, listener: tokio::net::TcpListener) -> anyhow::Result<()> {
    let scheduler = spawn_workers(&state)?;
    let limits = state.config.connection_limits();
    let app = router(state);
    let served = http::serve::serve(listener, app, limits, shutdown_signal()).await;
    if let Some(scheduler) = scheduler {
        scheduler.stop().await;
    }
    served?;
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
