//! The app's state: everything a request handler may need, built once per instance.

use std::ops::Deref;
use std::sync::Arc;

use super::{lifecycle, metrics};
use crate::config::{self, Config};
use crate::db::Db;
use crate::{auth, billing, clock, mail};

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
    /// Queues e-mail and wakes the mail worker when it is committed.
    pub outbox: mail::Outbox,
    /// Queues push messages and wakes the push worker when they are committed.
    pub push: crate::push::outbox::PushOutbox,
    pub payments: Arc<dyn billing::provider::PaymentProvider>,
    /// The test-mode provider, when it is the one in use (its checkout page needs it).
    pub local_payments: Option<Arc<billing::local::LocalProvider>>,
    /// Ready, draining or stopping (see [`lifecycle`]); `/readyz` reports it.
    pub lifecycle: lifecycle::Lifecycle,
    /// Request counts and latencies for `/metrics`.
    pub metrics: metrics::Metrics,
    /// Long streaks' days before the coach board's calendar, counted once.
    pub streaks: Arc<crate::coaching::board::StreakCache>,
    /// The answer of `GET /_api/v1/plans`, serialised once.
    pub(crate) plans_json: axum::body::Bytes,
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
    let db = Db::connect(config.database_url.expose()).await?;
    db.migrate().await?;
    let local = Arc::new(billing::local::LocalProvider::new(
        db.clone(),
        clock.clone(),
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
        db,
        tokens,
        clock,
        settable_clock,
        outbox: mail::Outbox::new(),
        push: crate::push::outbox::PushOutbox::new(),
        payments,
        local_payments,
        lifecycle: lifecycle::Lifecycle::new(),
        metrics: metrics::Metrics::new(),
        streaks: Arc::default(),
        plans_json: billing::plans::plans_json(&config.billing),
        config,
    })))
}

impl App {
    /// What signs this instance's access tokens, and their lifetime.
    pub(crate) fn session_tokens(&self) -> auth::service::SessionTokens<'_> {
        auth::service::SessionTokens {
            keys: &self.tokens,
            expires_in: self.config.jwt_expiry_secs,
        }
    }

    /// The identity endpoints' rate limit (`SWAZ_AUTH_RATE_LIMIT` per `SWAZ_AUTH_RATE_WINDOW`).
    pub(crate) fn auth_limit(&self) -> crate::ratelimit::Limit {
        crate::ratelimit::Limit {
            max: self.config.auth_rate_limit,
            window_secs: self.config.auth_rate_window_secs,
        }
    }

    /// The membership services' database, payment provider and plans.
    pub fn billing(&self) -> billing::service::Billing<'_> {
        billing::service::Billing {
            db: &self.db,
            payments: self.payments.as_ref(),
            plans: &self.config.billing,
        }
    }

    /// What the reminder rounds work with.
    pub fn reminders(&self) -> crate::reminders::scheduler::Reminders {
        crate::reminders::scheduler::Reminders {
            db: self.db.clone(),
            outbox: self.outbox.clone(),
            push: self.push.clone(),
            clock: self.clock.clone(),
            base_url: self.config.public_url.clone(),
            link_secret: self.config.jwt_secret.clone(),
            live_call_url: self.config.live_call_url.clone(),
            streaks: self.streaks.clone(),
        }
    }

    /// Both outboxes, for what goes to a member the way they chose (push, e-mail or both).
    pub fn outboxes(&self) -> crate::push::notify::Outboxes<'_> {
        crate::push::notify::Outboxes {
            mail: &self.outbox,
            push: &self.push,
        }
    }

    /// Who push services can reach about this server's messages (RFC 8292's `sub`).
    pub fn push_subject(&self) -> String {
        format!("mailto:{}", self.config.contact_email)
    }

    /// How identity mails links from this instance.
    pub fn mailer(&self) -> auth::links::Mailer<'_> {
        auth::links::Mailer {
            base_url: &self.config.public_url,
            outbox: &self.outbox,
            secure_email_change: self.config.secure_email_change,
        }
    }
}

impl axum::extract::FromRef<AppState> for crate::http::client::TrustProxy {
    fn from_ref(state: &AppState) -> Self {
        Self(state.config.trust_proxy)
    }
}
