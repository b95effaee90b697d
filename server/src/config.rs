//! Typed configuration, read once at start-up. Every setting is a flag of `swaz serve` and an
//! environment variable (a `.env` file in the working directory is read too); `swaz serve --help`
//! lists each with its variable and default, and a test holds the README's table to that list.
//! Every setting has a default that runs locally; production refuses to start without the
//! settings it cannot guess.
//!
//! clap only finds each setting's text (flag, else variable, else default) and
//! [`Config::from_settings`] judges it, so a bad value is reported like every other setting
//! problem, under the name the operator used (`SWAZ_JWT_EXPIRY="soon" is not valid: …`), where
//! clap would answer a usage error that names only the flag. The other commands read the same
//! settings from the environment alone ([`Config::from_env`]).

use std::ffi::OsStr;
use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use anyhow::{anyhow, bail, Context};
use clap::builder::{TypedValueParser, ValueParserFactory};
use clap::parser::ValueSource;
use clap::{Args, FromArgMatches};
use rand::RngCore;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Environment {
    Development,
    Production,
}

impl Environment {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Development => "development",
            Self::Production => "production",
        }
    }
}

/// A value that must never be printed or logged.
#[derive(Clone)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(***)")
    }
}

#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    pub data_dir: PathBuf,
    pub database_url: Secret,
    pub web_dir: PathBuf,
    pub env: Environment,
    /// Origin used in e-mailed links, e.g. `https://app.swaz.com`.
    pub public_url: String,
    pub jwt_secret: Secret,
    pub jwt_expiry_secs: i64,
    /// Seconds during which a just-rotated refresh token may be presented again (parallel tabs).
    pub refresh_reuse_interval_secs: i64,
    pub smtp_url: Option<Secret>,
    pub mail_from: String,
    pub trust_proxy: bool,
    pub max_body_bytes: usize,
    /// Requests allowed per rate-limit window on `/token`, `/recover`, `/signup`, per IP and per e-mail.
    pub auth_rate_limit: i64,
    pub auth_rate_window_secs: i64,
    /// Sign-up confirms the address at once and answers a session (`SWAZ_MAILER_AUTOCONFIRM`).
    pub mailer_autoconfirm: bool,
    /// `/auth/v1/signup` refuses everyone; accounts come from checkout, invites or the admin API
    /// (`SWAZ_DISABLE_SIGNUP`).
    pub disable_signup: bool,
    /// Shortest password accepted on `/auth/v1` and the product API (`SWAZ_PASSWORD_MIN_LENGTH`).
    pub password_min_length: usize,
    /// A new password from a session older than 24 hours needs the code `GET /reauthenticate`
    /// mails (`SWAZ_SECURE_PASSWORD_CHANGE`, GoTrue's `SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION`).
    pub secure_password_change: bool,
    /// An e-mail change is confirmed from the current address as well as the new one
    /// (`SWAZ_SECURE_EMAIL_CHANGE`, GoTrue's `MAILER_SECURE_EMAIL_CHANGE_ENABLED`).
    pub secure_email_change: bool,
    pub version: &'static str,
    pub commit: String,
    pub billing: BillingConfig,
    /// Where athletes join the weekly live call (Tuesday 20:00 Pacific).
    pub live_call_url: String,
    /// The operator's address: contact-form messages are e-mailed here (`SWAZ_CONTACT_EMAIL`).
    pub contact_email: String,
    /// Contact-form messages accepted per IP in one rate-limit window.
    pub contact_rate_limit: i64,
    /// The home page's testimonial video, an embed address on an allowed video host; `None`
    /// shows the poster with quotes instead.
    pub testimonial_video_url: Option<String>,
    /// Lets `/_dev/clock` move the app's clock (browser tests); refused in production.
    pub settable_clock: bool,
    /// Seconds between rounds of the reminder scheduler; 0 turns it off in this instance.
    pub reminder_tick_secs: u64,
    /// Seconds a stopping instance keeps serving while `/readyz` answers 503, so load balancers
    /// that poll it stop sending first (`SWAZ_SHUTDOWN_DRAIN_SECS`).
    pub shutdown_drain_secs: u64,
    /// Seconds in-flight requests and the workers get to finish once accepting stopped
    /// (`SWAZ_SHUTDOWN_GRACE_SECS`).
    pub shutdown_grace_secs: u64,
    /// Bearer token `/metrics` asks for; unset, `/metrics` does not exist (`SWAZ_METRICS_TOKEN`).
    pub metrics_token: Option<Secret>,
    /// Client connections open at once; more wait until one closes.
    pub max_connections: usize,
    /// Connections one client address may hold open at once (not applied behind a trusted
    /// proxy, which caps its clients itself).
    pub max_connections_per_client: usize,
    /// Seconds a client has to send a request's headers.
    pub header_read_timeout_secs: u64,
    /// Seconds a connection may go without reading or writing anything before it is closed.
    pub idle_timeout_secs: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaymentMode {
    /// The built-in test-mode checkout: Stripe's test cards, nothing is charged.
    Local,
    /// Stripe's REST API with the secret key and price ids below.
    Stripe,
}

/// Prices (minor units) and the payment provider's settings.
#[derive(Clone, Debug)]
pub struct BillingConfig {
    pub mode: PaymentMode,
    pub currency: String,
    pub price_solo: i64,
    pub price_solo_yearly: i64,
    pub price_team: i64,
    pub price_team_yearly: i64,
    pub team_seats: i64,
    pub stripe_secret_key: Option<Secret>,
    pub stripe_webhook_secret: Option<Secret>,
    pub stripe_api_base: String,
    /// The `Stripe-Version` every call sends; the webhook endpoint should render events in it
    /// too (`STRIPE_API_VERSION`).
    pub stripe_api_version: String,
    /// Stripe price ids for solo, solo_yearly, team, team_yearly.
    pub stripe_prices: [String; 4],
    /// Seconds between rounds that re-read every running membership from the provider; 0 turns
    /// them off in this instance (`SWAZ_BILLING_RECONCILE_SECS`).
    pub reconcile_secs: u64,
}

/// Every setting of the server: `swaz serve`'s flags, each with its environment variable.
#[derive(Args, Clone)]
pub struct Settings {
    /// Address to listen on
    #[arg(
        long,
        env = "SWAZ_ADDR",
        value_name = "HOST:PORT",
        default_value = "127.0.0.1:8080"
    )]
    addr: Setting,
    /// Directory of the SQLite database and the generated JWT key
    #[arg(
        long,
        env = "SWAZ_DATA_DIR",
        value_name = "DIR",
        default_value = "./data"
    )]
    data_dir: Setting,
    /// Database address; postgres://… selects PostgreSQL
    /// (default: sqlite://$SWAZ_DATA_DIR/swaz.db)
    #[arg(long, env = "DATABASE_URL", value_name = "URL", hide_env_values = true)]
    database_url: Option<Setting>,
    /// Directory of the built React app
    #[arg(
        long,
        env = "SWAZ_WEB_DIR",
        value_name = "DIR",
        default_value = "web/dist"
    )]
    web_dir: Setting,
    /// `development` or `production`: production hides /_dev/mailbox, adds HSTS, requires
    /// SWAZ_JWT_SECRET with PostgreSQL and refuses the test-mode checkout unless
    /// SWAZ_ALLOW_TEST_PAYMENTS=true
    #[arg(
        long,
        env = "SWAZ_ENV",
        value_name = "ENV",
        default_value = "development"
    )]
    env: Setting,
    /// Let a production (e.g. staging) site run the local test-mode checkout
    #[arg(
        long,
        env = "SWAZ_ALLOW_TEST_PAYMENTS",
        value_name = "BOOL",
        default_value = "false",
        num_args = 0..=1,
        default_missing_value = "true"
    )]
    allow_test_payments: Setting,
    /// Origin used in e-mailed links; links only ever redirect inside it
    /// (default: http://$SWAZ_ADDR)
    #[arg(long, env = "SWAZ_PUBLIC_URL", value_name = "URL")]
    public_url: Option<Setting>,
    /// HS256 key for access tokens, at least 32 characters; every instance must share it
    /// (default: generated once into $SWAZ_DATA_DIR/jwt_secret)
    #[arg(
        long,
        env = "SWAZ_JWT_SECRET",
        value_name = "KEY",
        hide_env_values = true
    )]
    jwt_secret: Option<Setting>,
    /// Access-token lifetime, seconds
    #[arg(
        long,
        env = "SWAZ_JWT_EXPIRY",
        value_name = "SECONDS",
        default_value = "3600"
    )]
    jwt_expiry: Setting,
    /// Seconds a just-rotated refresh token may be presented again (parallel tabs) before reuse
    /// revokes the session
    #[arg(
        long,
        env = "SWAZ_REFRESH_REUSE_INTERVAL",
        value_name = "SECONDS",
        default_value = "10"
    )]
    refresh_reuse_interval: Setting,
    /// Mail server, e.g. smtps://user:pass@smtp.example.com:465 or smtp://127.0.0.1:1025
    /// (default: none, mail goes to the local mailbox)
    #[arg(long, env = "SMTP_URL", value_name = "URL", hide_env_values = true)]
    smtp_url: Option<Setting>,
    /// Sender of every e-mail
    #[arg(
        long,
        env = "SWAZ_MAIL_FROM",
        value_name = "ADDRESS",
        default_value = "SWAZ <no-reply@swaz.local>"
    )]
    mail_from: Setting,
    /// Sign-in, sign-up and recovery requests per window, per IP and per e-mail (refresh: 5×;
    /// public checkout calls: 2× per IP)
    #[arg(
        long,
        env = "SWAZ_AUTH_RATE_LIMIT",
        value_name = "N",
        default_value = "30"
    )]
    auth_rate_limit: Setting,
    /// Rate-limit window, seconds
    #[arg(
        long,
        env = "SWAZ_AUTH_RATE_WINDOW",
        value_name = "SECONDS",
        default_value = "300"
    )]
    auth_rate_window: Setting,
    /// Sign-up confirms the address at once and answers a session (no confirmation mail)
    #[arg(
        long,
        env = "SWAZ_MAILER_AUTOCONFIRM",
        value_name = "BOOL",
        default_value = "false",
        num_args = 0..=1,
        default_missing_value = "true"
    )]
    mailer_autoconfirm: Setting,
    /// /auth/v1/signup refuses everyone and /auth/v1/otp creates no accounts; accounts come from
    /// checkout, invitations, the admin API and `swaz user create`
    #[arg(
        long,
        env = "SWAZ_DISABLE_SIGNUP",
        value_name = "BOOL",
        default_value = "false",
        num_args = 0..=1,
        default_missing_value = "true"
    )]
    disable_signup: Setting,
    /// A new password from a session signed in more than 24 hours ago needs the nonce
    /// GET /auth/v1/reauthenticate mails
    #[arg(
        long,
        env = "SWAZ_SECURE_PASSWORD_CHANGE",
        value_name = "BOOL",
        default_value = "false",
        num_args = 0..=1,
        default_missing_value = "true"
    )]
    secure_password_change: Setting,
    /// An e-mail change waits for a confirmation from the current address as well as from the
    /// new one
    #[arg(
        long,
        env = "SWAZ_SECURE_EMAIL_CHANGE",
        value_name = "BOOL",
        default_value = "true",
        num_args = 0..=1,
        default_missing_value = "true"
    )]
    secure_email_change: Setting,
    /// Shortest password accepted on /auth/v1 and the product API, 6 (Supabase Auth's lowest) or
    /// more
    #[arg(
        long,
        env = "SWAZ_PASSWORD_MIN_LENGTH",
        value_name = "N",
        default_value = "8"
    )]
    password_min_length: Setting,
    /// Take the client IP from X-Forwarded-For (only behind your own proxy)
    #[arg(
        long,
        env = "SWAZ_TRUST_PROXY",
        value_name = "BOOL",
        default_value = "false",
        num_args = 0..=1,
        default_missing_value = "true"
    )]
    trust_proxy: Setting,
    /// Largest accepted request body
    #[arg(
        long,
        env = "SWAZ_MAX_BODY_BYTES",
        value_name = "BYTES",
        default_value = "1048576"
    )]
    max_body_bytes: Setting,
    /// Client connections served at once; more wait until one closes (lowered to what the
    /// file-descriptor limit allows)
    #[arg(
        long,
        env = "SWAZ_MAX_CONNECTIONS",
        value_name = "N",
        default_value = "10000"
    )]
    max_connections: Setting,
    /// Connections one client address may hold open at once; more are closed when accepted
    /// (behind SWAZ_TRUST_PROXY the proxy caps its clients instead)
    #[arg(
        long,
        env = "SWAZ_MAX_CONNECTIONS_PER_CLIENT",
        value_name = "N",
        default_value = "256"
    )]
    max_connections_per_client: Setting,
    /// Seconds a client has to send a request's headers
    #[arg(
        long,
        env = "SWAZ_HEADER_READ_TIMEOUT",
        value_name = "SECONDS",
        default_value = "10"
    )]
    header_read_timeout: Setting,
    /// Seconds a connection may read and write nothing before it is closed
    #[arg(
        long,
        env = "SWAZ_IDLE_TIMEOUT",
        value_name = "SECONDS",
        default_value = "60"
    )]
    idle_timeout: Setting,
    #[command(flatten, next_help_heading = "Payments")]
    billing: BillingSettings,
    /// Where members join the weekly live call (Tuesday 20:00 America/Los_Angeles)
    #[arg(long, env = "SWAZ_LIVE_CALL_URL", value_name = "URL", default_value = DEFAULT_LIVE_CALL_URL)]
    live_call_url: Setting,
    /// The operator's address: each contact-form message is e-mailed here
    #[arg(long, env = "SWAZ_CONTACT_EMAIL", value_name = "EMAIL", default_value = DEFAULT_CONTACT_EMAIL)]
    contact_email: Setting,
    /// Contact-form messages accepted per IP per rate-limit window
    #[arg(
        long,
        env = "SWAZ_CONTACT_RATE_LIMIT",
        value_name = "N",
        default_value = "5"
    )]
    contact_rate_limit: Setting,
    /// The home page's video, an embed address on https://www.youtube-nocookie.com/embed/ or
    /// https://player.vimeo.com/video/ (default: none, a poster with quotes)
    #[arg(long, env = "SWAZ_TESTIMONIAL_VIDEO_URL", value_name = "URL")]
    testimonial_video_url: Option<Setting>,
    /// For browser tests: POST /_dev/clock moves the app's clock; refused in production
    #[arg(
        long,
        env = "SWAZ_SETTABLE_CLOCK",
        value_name = "BOOL",
        default_value = "false",
        num_args = 0..=1,
        default_missing_value = "true"
    )]
    settable_clock: Setting,
    /// Seconds between rounds of the reminder scheduler; 0 turns it off in this instance
    #[arg(
        long,
        env = "SWAZ_REMINDER_TICK_SECS",
        value_name = "SECONDS",
        default_value = "30"
    )]
    reminder_tick_secs: Setting,
    /// Commit shown on /env (default: the build's commit)
    #[arg(long, env = "SWAZ_COMMIT", value_name = "COMMIT")]
    commit: Option<Setting>,
    /// Bearer token, at least 16 characters, for GET /metrics in Prometheus' text format
    /// (default: none, and /metrics answers 404)
    #[arg(
        long,
        env = "SWAZ_METRICS_TOKEN",
        value_name = "TOKEN",
        hide_env_values = true
    )]
    metrics_token: Option<Setting>,
    /// After SIGTERM, seconds the instance keeps serving while /readyz answers 503
    #[arg(
        long,
        env = "SWAZ_SHUTDOWN_DRAIN_SECS",
        value_name = "SECONDS",
        default_value = "0"
    )]
    shutdown_drain_secs: Setting,
    /// Seconds requests in flight and the workers then get to finish before the process exits
    /// anyway
    #[arg(
        long,
        env = "SWAZ_SHUTDOWN_GRACE_SECS",
        value_name = "SECONDS",
        default_value = "25"
    )]
    shutdown_grace_secs: Setting,
}

/// The plans' prices and the payment provider's settings.
#[derive(Args, Clone)]
pub(crate) struct BillingSettings {
    /// `local`: the built-in test-mode checkout (Stripe's test cards, nothing is charged);
    /// `stripe`: Stripe's API
    #[arg(
        long,
        env = "SWAZ_PAYMENTS",
        value_name = "MODE",
        default_value = "local"
    )]
    payments: Setting,
    /// Currency of the plans
    #[arg(long, env = "SWAZ_CURRENCY", default_value = "usd")]
    currency: Setting,
    /// Individual plan, monthly price in cents
    #[arg(
        long,
        env = "SWAZ_PRICE_SOLO",
        value_name = "CENTS",
        default_value = "2900"
    )]
    price_solo: Setting,
    /// Individual plan, yearly price in cents
    #[arg(
        long,
        env = "SWAZ_PRICE_SOLO_YEARLY",
        value_name = "CENTS",
        default_value = "28900"
    )]
    price_solo_yearly: Setting,
    /// Team plan, monthly price in cents
    #[arg(
        long,
        env = "SWAZ_PRICE_TEAM",
        value_name = "CENTS",
        default_value = "19900"
    )]
    price_team: Setting,
    /// Team plan, yearly price in cents
    #[arg(
        long,
        env = "SWAZ_PRICE_TEAM_YEARLY",
        value_name = "CENTS",
        default_value = "199000"
    )]
    price_team_yearly: Setting,
    /// Athletes a team plan covers; the coach who runs the team comes on top
    #[arg(long, env = "SWAZ_TEAM_SEATS", value_name = "N", default_value = "25")]
    team_seats: Setting,
    /// Stripe's secret API key (required with SWAZ_PAYMENTS=stripe)
    #[arg(
        long,
        env = "STRIPE_SECRET_KEY",
        value_name = "KEY",
        hide_env_values = true
    )]
    stripe_secret_key: Option<Setting>,
    /// Signing secret of the webhook Stripe calls at POST /_api/v1/stripe/webhook (required with
    /// SWAZ_PAYMENTS=stripe)
    #[arg(
        long,
        env = "STRIPE_WEBHOOK_SECRET",
        value_name = "SECRET",
        hide_env_values = true
    )]
    stripe_webhook_secret: Option<Setting>,
    /// Stripe price id of the Individual monthly plan (required with SWAZ_PAYMENTS=stripe)
    #[arg(long, env = "STRIPE_PRICE_SOLO", value_name = "PRICE_ID")]
    stripe_price_solo: Option<Setting>,
    /// Stripe price id of the Individual yearly plan (required with SWAZ_PAYMENTS=stripe)
    #[arg(long, env = "STRIPE_PRICE_SOLO_YEARLY", value_name = "PRICE_ID")]
    stripe_price_solo_yearly: Option<Setting>,
    /// Stripe price id of the Team monthly plan (required with SWAZ_PAYMENTS=stripe)
    #[arg(long, env = "STRIPE_PRICE_TEAM", value_name = "PRICE_ID")]
    stripe_price_team: Option<Setting>,
    /// Stripe price id of the Team yearly plan (required with SWAZ_PAYMENTS=stripe)
    #[arg(long, env = "STRIPE_PRICE_TEAM_YEARLY", value_name = "PRICE_ID")]
    stripe_price_team_yearly: Option<Setting>,
    /// Stripe's API address (the tests point it at a fake Stripe)
    #[arg(
        long,
        env = "STRIPE_API_BASE",
        value_name = "URL",
        default_value = "https://api.stripe.com"
    )]
    stripe_api_base: Setting,
    /// Stripe API version sent with every call; create the webhook endpoint with the same one
    #[arg(
        long,
        env = "STRIPE_API_VERSION",
        value_name = "VERSION",
        default_value = DEFAULT_STRIPE_API_VERSION
    )]
    stripe_api_version: Setting,
    /// Seconds between rounds that re-read every running membership from the payment provider
    /// (repairing a lost webhook); 0 turns them off in this instance
    #[arg(
        long,
        env = "SWAZ_BILLING_RECONCILE_SECS",
        value_name = "SECONDS",
        default_value = "3600"
    )]
    billing_reconcile_secs: Setting,
}

/// The newest Stripe API version this build was written and tested against (Stripe's published
/// API description names it in `info.version`). Requests and parsing follow its shapes; webhook
/// events are read only for ids, so an endpoint on another version still works.
pub const DEFAULT_STRIPE_API_VERSION: &str = "2026-09-30.endive";

/// A Stripe API version as Stripe writes it: `2026-09-30.endive`, or a bare date for the versions
/// before 2024-09-30.
fn is_stripe_api_version(text: &str) -> bool {
    let (date, name) = match text.split_once('.') {
        Some((date, name)) => (date, Some(name)),
        None => (text, None),
    };
    chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").is_ok()
        && date.len() == 10
        && name.is_none_or(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_lowercase()))
}

/// One setting's text as clap found it, and the name a bad value is reported under.
#[derive(Clone)]
struct Setting {
    /// A blank (or not UTF-8) value counts as unset: the default, or empty without one.
    text: String,
    /// The variable, or the flag when the value came from the command line.
    name: String,
}

impl Setting {
    fn parse<T: FromStr>(&self) -> anyhow::Result<T>
    where
        T::Err: fmt::Display,
    {
        let Self { text, name } = self;
        text.trim()
            .parse()
            .map_err(|e| anyhow!("{name}={text:?} is not valid: {e}"))
    }
}

/// A setting without a default: `None` when unset or blank.
fn given(setting: Option<Setting>) -> Option<Setting> {
    setting.filter(|s| !s.text.is_empty())
}

impl ValueParserFactory for Setting {
    type Parser = SettingParser;
    fn value_parser() -> SettingParser {
        SettingParser
    }
}

/// Takes any text: judging it is [`Config::from_settings`]'s work (see the module's docs).
#[derive(Clone)]
struct SettingParser;

impl TypedValueParser for SettingParser {
    type Value = Setting;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Setting, clap::Error> {
        self.parse_ref_(cmd, arg, value, ValueSource::EnvVariable)
    }

    fn parse_ref_(
        &self,
        _cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
        source: ValueSource,
    ) -> Result<Setting, clap::Error> {
        let flag = arg
            .and_then(clap::Arg::get_long)
            .map(|long| format!("--{long}"));
        let variable = arg
            .and_then(clap::Arg::get_env)
            .map(|env| env.to_string_lossy().into_owned());
        let name = match source {
            ValueSource::CommandLine => flag.or(variable),
            _ => variable.or(flag),
        };
        let default = || {
            arg.and_then(|a| a.get_default_values().first())
                .and_then(|d| d.to_str())
                .unwrap_or_default()
        };
        let text = value.to_str().filter(|v| !v.trim().is_empty());
        Ok(Setting {
            text: text.unwrap_or_else(default).to_owned(),
            name: name.unwrap_or_default(),
        })
    }
}

impl BillingConfig {
    /// The defaults `swaz serve --help` shows, whatever the environment says.
    pub fn defaults() -> Self {
        let command =
            BillingSettings::augment_args(clap::Command::new("swaz")).mut_args(|arg| arg.env(None));
        let settings = command
            .try_get_matches_from(["swaz"])
            .and_then(|matches| BillingSettings::from_arg_matches(&matches))
            .expect("the billing settings' defaults parse");
        Self::from_settings(settings).expect("the billing settings' defaults are valid")
    }

    fn from_settings(s: BillingSettings) -> anyhow::Result<Self> {
        let mode = match s.payments.text.as_str() {
            "local" => PaymentMode::Local,
            "stripe" => PaymentMode::Stripe,
            other => bail!(
                "{} must be 'local' or 'stripe', not {other:?}",
                s.payments.name
            ),
        };
        let price = |id: Option<Setting>| given(id).map(|s| s.text).unwrap_or_default();
        let billing = Self {
            mode,
            currency: s.currency.text.to_lowercase(),
            price_solo: s.price_solo.parse()?,
            price_solo_yearly: s.price_solo_yearly.parse()?,
            price_team: s.price_team.parse()?,
            price_team_yearly: s.price_team_yearly.parse()?,
            team_seats: s.team_seats.parse()?,
            stripe_secret_key: given(s.stripe_secret_key).map(|s| Secret::new(s.text)),
            stripe_webhook_secret: given(s.stripe_webhook_secret).map(|s| Secret::new(s.text)),
            stripe_api_base: s.stripe_api_base.text,
            stripe_api_version: s.stripe_api_version.text.trim().to_owned(),
            reconcile_secs: s.billing_reconcile_secs.parse()?,
            stripe_prices: [
                price(s.stripe_price_solo),
                price(s.stripe_price_solo_yearly),
                price(s.stripe_price_team),
                price(s.stripe_price_team_yearly),
            ],
        };
        if !is_stripe_api_version(&billing.stripe_api_version) {
            bail!(
                "{}={:?} is not a Stripe API version, which looks like {DEFAULT_STRIPE_API_VERSION}",
                s.stripe_api_version.name,
                billing.stripe_api_version
            );
        }
        if mode == PaymentMode::Stripe {
            if billing.stripe_secret_key.is_none() || billing.stripe_webhook_secret.is_none() {
                bail!("SWAZ_PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
            }
            if billing.stripe_prices.iter().any(String::is_empty) {
                bail!("SWAZ_PAYMENTS=stripe needs STRIPE_PRICE_SOLO, STRIPE_PRICE_SOLO_YEARLY, STRIPE_PRICE_TEAM and STRIPE_PRICE_TEAM_YEARLY");
            }
        }
        Ok(billing)
    }
}

/// A video room that opens without an account; operators set their own.
pub(crate) const DEFAULT_LIVE_CALL_URL: &str = "https://meet.jit.si/swaz-weekly-live-call";

/// Where contact-form messages go until the operator sets `SWAZ_CONTACT_EMAIL`.
pub(crate) const DEFAULT_CONTACT_EMAIL: &str = "contact@swaz.local";

/// Hosts the testimonial video may be embedded from: the two the Content-Security-Policy's
/// `frame-src` allows (see `http::security`).
pub(crate) const VIDEO_EMBED_PREFIXES: [&str; 2] = [
    "https://www.youtube-nocookie.com/embed/",
    "https://player.vimeo.com/video/",
];

impl Config {
    /// Reads the configuration from the process environment and `.env` alone, for the commands
    /// other than `serve`, which take no setting flags.
    pub(crate) fn from_env() -> anyhow::Result<Self> {
        let _ = dotenvy::dotenv();
        let matches =
            Settings::augment_args(clap::Command::new("swaz")).try_get_matches_from(["swaz"])?;
        Self::from_settings(Settings::from_arg_matches(&matches)?)
    }

    /// Judges the settings; without `SWAZ_JWT_SECRET` the key is read from the data directory,
    /// or generated into it on the first start.
    pub(crate) fn from_settings(s: Settings) -> anyhow::Result<Self> {
        let env = match s.env.text.as_str() {
            "development" => Environment::Development,
            "production" => Environment::Production,
            other => bail!(
                "{} must be 'development' or 'production', not {other:?}",
                s.env.name
            ),
        };
        let addr: SocketAddr = s.addr.parse()?;
        let data_dir = PathBuf::from(s.data_dir.text);
        let database_url = match given(s.database_url) {
            Some(url) => url.text,
            None => sqlite_url(&data_dir.join("swaz.db")),
        };
        let jwt_secret = match given(s.jwt_secret) {
            Some(s) if s.text.len() >= 32 => Secret::new(s.text),
            Some(s) => bail!("{} must be at least 32 characters", s.name),
            None if env == Environment::Production && database_url.starts_with("postgres") => {
                bail!("SWAZ_JWT_SECRET is required in production with PostgreSQL, so every instance signs tokens with the same key")
            }
            None => Secret::new(load_or_create_secret(&data_dir)?),
        };
        let public_url = given(s.public_url)
            .map_or_else(|| format!("http://{addr}"), |url| url.text)
            .trim_end_matches('/')
            .to_owned();
        let smtp_url = given(s.smtp_url).map(|url| Secret::new(url.text));
        if env == Environment::Production && smtp_url.is_none() {
            tracing::warn!("SMTP_URL is not set: e-mails go to the local mailbox only");
        }
        Self {
            addr,
            data_dir,
            database_url: Secret::new(database_url),
            web_dir: PathBuf::from(s.web_dir.text),
            env,
            public_url,
            jwt_secret,
            jwt_expiry_secs: s.jwt_expiry.parse()?,
            refresh_reuse_interval_secs: s.refresh_reuse_interval.parse()?,
            smtp_url,
            mail_from: s.mail_from.text,
            trust_proxy: s.trust_proxy.parse()?,
            max_body_bytes: s.max_body_bytes.parse()?,
            auth_rate_limit: s.auth_rate_limit.parse()?,
            auth_rate_window_secs: s.auth_rate_window.parse()?,
            mailer_autoconfirm: s.mailer_autoconfirm.parse()?,
            disable_signup: s.disable_signup.parse()?,
            secure_password_change: s.secure_password_change.parse()?,
            secure_email_change: s.secure_email_change.parse()?,
            password_min_length: s.password_min_length.parse()?,
            version: env!("CARGO_PKG_VERSION"),
            commit: given(s.commit)
                .map(|c| c.text)
                .or_else(|| option_env!("SWAZ_BUILD_COMMIT").map(str::to_owned))
                .unwrap_or_else(|| "unknown".into()),
            billing: BillingConfig::from_settings(s.billing)?,
            live_call_url: s.live_call_url.text,
            settable_clock: s.settable_clock.parse()?,
            reminder_tick_secs: s.reminder_tick_secs.parse()?,
            contact_email: s.contact_email.text,
            contact_rate_limit: s.contact_rate_limit.parse()?,
            testimonial_video_url: given(s.testimonial_video_url).map(|url| url.text),
            shutdown_drain_secs: s.shutdown_drain_secs.parse()?,
            shutdown_grace_secs: s.shutdown_grace_secs.parse()?,
            metrics_token: given(s.metrics_token).map(|t| Secret::new(t.text)),
            max_connections: s.max_connections.parse()?,
            max_connections_per_client: s.max_connections_per_client.parse()?,
            header_read_timeout_secs: s.header_read_timeout.parse()?,
            idle_timeout_secs: s.idle_timeout.parse()?,
        }
        .checked(&s.allow_test_payments)
    }

    /// Refuses settings that would hurt in production.
    fn checked(self, allow_test_payments: &Setting) -> anyhow::Result<Self> {
        if self.env == Environment::Production && self.settable_clock {
            bail!("SWAZ_SETTABLE_CLOCK=true lets anyone move the server's clock: it is for tests, not production");
        }
        if !self.live_call_url.starts_with("https://") && !self.live_call_url.starts_with("http://")
        {
            bail!("SWAZ_LIVE_CALL_URL must be an http(s) address");
        }
        if self.max_connections == 0
            || self.max_connections_per_client == 0
            || self.header_read_timeout_secs == 0
            || self.idle_timeout_secs == 0
        {
            bail!("SWAZ_MAX_CONNECTIONS, SWAZ_MAX_CONNECTIONS_PER_CLIENT, SWAZ_HEADER_READ_TIMEOUT and SWAZ_IDLE_TIMEOUT must be at least 1");
        }
        if !(6..=crate::auth::password::MAX_PASSWORD_LEN).contains(&self.password_min_length) {
            bail!(
                "SWAZ_PASSWORD_MIN_LENGTH must be between 6 and {} (Supabase Auth's lowest is 6)",
                crate::auth::password::MAX_PASSWORD_LEN
            );
        }
        if crate::domain::Email::try_parse(&self.contact_email).is_none() {
            bail!("SWAZ_CONTACT_EMAIL must be an e-mail address, like contact@example.com");
        }
        if let Some(url) = &self.testimonial_video_url {
            if !VIDEO_EMBED_PREFIXES.iter().any(|p| url.starts_with(p)) {
                bail!(
                    "SWAZ_TESTIMONIAL_VIDEO_URL must be an embed address starting with {} or {} (the hosts the Content-Security-Policy allows)",
                    VIDEO_EMBED_PREFIXES[0],
                    VIDEO_EMBED_PREFIXES[1]
                );
            }
        }
        if self
            .metrics_token
            .as_ref()
            .is_some_and(|t| t.expose().trim().len() < 16)
        {
            bail!("SWAZ_METRICS_TOKEN must be at least 16 characters (it guards /metrics)");
        }
        let test_payments_allowed: bool = allow_test_payments.parse()?;
        if self.env == Environment::Production
            && self.billing.mode == PaymentMode::Local
            && !test_payments_allowed
        {
            bail!(
                "SWAZ_ENV=production with the local test-mode checkout would give memberships away for a test card number: \
                 set SWAZ_PAYMENTS=stripe, or SWAZ_ALLOW_TEST_PAYMENTS=true for a staging site"
            );
        }
        Ok(self)
    }

    pub(crate) fn connection_limits(&self) -> crate::http::serve::ConnectionLimits {
        crate::http::serve::ConnectionLimits {
            max_connections: self.max_connections,
            per_client: (!self.trust_proxy).then_some(self.max_connections_per_client),
            header_read_timeout: std::time::Duration::from_secs(self.header_read_timeout_secs),
            idle_timeout: std::time::Duration::from_secs(self.idle_timeout_secs),
        }
    }

    pub(crate) fn is_development(&self) -> bool {
        self.env == Environment::Development
    }

    pub(crate) fn database_kind(&self) -> &'static str {
        if self.database_url.expose().starts_with("postgres") {
            "postgresql"
        } else {
            "sqlite"
        }
    }

    pub(crate) fn payment_mode(&self) -> &'static str {
        match self.billing.mode {
            PaymentMode::Local => "local (test mode)",
            PaymentMode::Stripe => "stripe",
        }
    }

    pub(crate) fn mail_mode(&self) -> &'static str {
        if self.smtp_url.is_some() {
            "smtp"
        } else {
            "local mailbox"
        }
    }
}

pub fn sqlite_url(path: &Path) -> String {
    format!("sqlite://{}?mode=rwc", path.display())
}

/// The JWT signing key for a laptop install: generated on first start, kept in the data dir.
fn load_or_create_secret(data_dir: &Path) -> anyhow::Result<String> {
    let path = data_dir.join("jwt_secret");
    if let Ok(existing) = std::fs::read_to_string(&path) {
        let existing = existing.trim().to_owned();
        if existing.len() >= 32 {
            return Ok(existing);
        }
    }
    std::fs::create_dir_all(data_dir)
        .with_context(|| format!("creating the data directory {}", data_dir.display()))?;
    let mut bytes = [0u8; 48];
    rand::thread_rng().fill_bytes(&mut bytes);
    let secret = hex::encode(bytes);
    std::fs::write(&path, &secret).with_context(|| format!("writing {}", path.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600));
    }
    Ok(secret)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The configuration from `args` alone, whatever the environment says.
    fn config(args: &[&str]) -> anyhow::Result<Config> {
        let command =
            Settings::augment_args(clap::Command::new("swaz")).mut_args(|arg| arg.env(None));
        let secret = ["--jwt-secret", "a-test-secret-of-at-least-32-characters"];
        let argv = ["swaz"].iter().chain(&secret).chain(args);
        Config::from_settings(Settings::from_arg_matches(
            &command.try_get_matches_from(argv)?,
        )?)
    }

    #[test]
    fn the_defaults_run_locally() {
        let config = config(&[]).unwrap();
        assert_eq!(config.addr.to_string(), "127.0.0.1:8080");
        assert_eq!(config.public_url, "http://127.0.0.1:8080");
        assert_eq!(
            config.database_url.expose(),
            "sqlite://./data/swaz.db?mode=rwc"
        );
        assert_eq!(config.env, Environment::Development);
        assert_eq!(
            config.password_min_length,
            crate::auth::password::MIN_PASSWORD_LEN
        );
        assert_eq!(config.billing.mode, PaymentMode::Local);
        assert_eq!(config.billing.price_team_yearly, 199000);
        assert!(!config.trust_proxy);
    }

    #[test]
    fn a_blank_value_counts_as_unset() {
        let config = config(&["--jwt-expiry", " ", "--public-url", ""]).unwrap();
        assert_eq!(config.jwt_expiry_secs, 3600);
        assert_eq!(config.public_url, "http://127.0.0.1:8080");
    }

    #[test]
    fn a_flag_without_a_value_turns_a_switch_on() {
        let config = config(&["--trust-proxy", "--disable-signup", "false"]).unwrap();
        assert!(config.trust_proxy);
        assert!(!config.disable_signup);
    }

    #[test]
    fn a_bad_value_is_refused_under_the_flag_it_came_from() {
        let err = config(&["--jwt-expiry", "soon"]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "--jwt-expiry=\"soon\" is not valid: invalid digit found in string"
        );
        let err = config(&["--payments", "paypal"]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "--payments must be 'local' or 'stripe', not \"paypal\""
        );
        let err = config(&["--stripe-api-version", "2026-13-01"]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "--stripe-api-version=\"2026-13-01\" is not a Stripe API version, which looks like 2026-09-30.endive"
        );
    }

    #[test]
    fn stripe_api_versions_are_a_date_and_a_release_name() {
        for good in ["2026-09-30.endive", "2025-03-31.basil", "2024-06-20"] {
            assert!(is_stripe_api_version(good), "{good}");
        }
        for bad in [
            "",
            "endive",
            "2026-9-30.endive",
            "2026-09-30.",
            "2026-09-30.Endive",
        ] {
            assert!(!is_stripe_api_version(bad), "{bad}");
        }
    }
}
