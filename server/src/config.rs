//! Typed configuration read once from the environment (and a `.env` file when present).
//! Every setting has a default that runs locally; production refuses to start without the
//! settings it cannot guess.

use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
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
    /// Stripe price ids for solo, solo_yearly, team, team_yearly.
    pub stripe_prices: [String; 4],
}

impl BillingConfig {
    pub fn defaults() -> Self {
        Self {
            mode: PaymentMode::Local,
            currency: "usd".into(),
            price_solo: 2900,
            price_solo_yearly: 28900,
            price_team: 19900,
            price_team_yearly: 199000,
            team_seats: 25,
            stripe_secret_key: None,
            stripe_webhook_secret: None,
            stripe_api_base: "https://api.stripe.com".into(),
            stripe_prices: Default::default(),
        }
    }

    fn from_env() -> anyhow::Result<Self> {
        let d = Self::defaults();
        let mode = match var("SWAZ_PAYMENTS").as_deref() {
            None | Some("local") => PaymentMode::Local,
            Some("stripe") => PaymentMode::Stripe,
            Some(other) => bail!("SWAZ_PAYMENTS must be 'local' or 'stripe', not {other:?}"),
        };
        let price = |name: &str| var(name).unwrap_or_default();
        let billing = Self {
            mode,
            currency: var("SWAZ_CURRENCY").unwrap_or(d.currency).to_lowercase(),
            price_solo: parse_var("SWAZ_PRICE_SOLO", d.price_solo)?,
            price_solo_yearly: parse_var("SWAZ_PRICE_SOLO_YEARLY", d.price_solo_yearly)?,
            price_team: parse_var("SWAZ_PRICE_TEAM", d.price_team)?,
            price_team_yearly: parse_var("SWAZ_PRICE_TEAM_YEARLY", d.price_team_yearly)?,
            team_seats: parse_var("SWAZ_TEAM_SEATS", d.team_seats)?,
            stripe_secret_key: var("STRIPE_SECRET_KEY").map(Secret::new),
            stripe_webhook_secret: var("STRIPE_WEBHOOK_SECRET").map(Secret::new),
            stripe_api_base: var("STRIPE_API_BASE").unwrap_or(d.stripe_api_base),
            stripe_prices: [
                price("STRIPE_PRICE_SOLO"),
                price("STRIPE_PRICE_SOLO_YEARLY"),
                price("STRIPE_PRICE_TEAM"),
                price("STRIPE_PRICE_TEAM_YEARLY"),
            ],
        };
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

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn parse_var<T: std::str::FromStr>(name: &str, default: T) -> anyhow::Result<T>
where
    T::Err: fmt::Display,
{
    match var(name) {
        None => Ok(default),
        Some(raw) => raw
            .trim()
            .parse()
            .map_err(|e| anyhow::anyhow!("{name}={raw:?} is not valid: {e}")),
    }
}

/// A video room that opens without an account; operators set their own.
pub const DEFAULT_LIVE_CALL_URL: &str = "https://meet.jit.si/swaz-weekly-live-call";

/// Where contact-form messages go until the operator sets `SWAZ_CONTACT_EMAIL`.
pub const DEFAULT_CONTACT_EMAIL: &str = "contact@swaz.local";

/// Hosts the testimonial video may be embedded from: the two the Content-Security-Policy's
/// `frame-src` allows (see `http::security`).
pub const VIDEO_EMBED_PREFIXES: [&str; 2] = [
    "https://www.youtube-nocookie.com/embed/",
    "https://player.vimeo.com/video/",
];

impl Config {
    /// Reads the configuration from the process environment.
    pub fn from_env() -> anyhow::Result<Self> {
        let _ = dotenvy::dotenv();
        let env = match var("SWAZ_ENV").as_deref() {
            None | Some("development") => Environment::Development,
            Some("production") => Environment::Production,
            Some(other) => bail!("SWAZ_ENV must be 'development' or 'production', not {other:?}"),
        };
        let addr: SocketAddr = parse_var("SWAZ_ADDR", "127.0.0.1:8080".parse().unwrap())?;
        let data_dir = PathBuf::from(var("SWAZ_DATA_DIR").unwrap_or_else(|| "./data".into()));
        let database_url = match var("DATABASE_URL") {
            Some(url) => url,
            None => sqlite_url(&data_dir.join("swaz.db")),
        };
        let jwt_secret = match var("SWAZ_JWT_SECRET") {
            Some(s) if s.len() >= 32 => Secret::new(s),
            Some(_) => bail!("SWAZ_JWT_SECRET must be at least 32 characters"),
            None if env == Environment::Production && database_url.starts_with("postgres") => {
                bail!("SWAZ_JWT_SECRET is required in production with PostgreSQL, so every instance signs tokens with the same key")
            }
            None => Secret::new(load_or_create_secret(&data_dir)?),
        };
        let public_url = var("SWAZ_PUBLIC_URL")
            .unwrap_or_else(|| format!("http://{addr}"))
            .trim_end_matches('/')
            .to_owned();
        let smtp_url = var("SMTP_URL").map(Secret::new);
        if env == Environment::Production && smtp_url.is_none() {
            tracing::warn!("SMTP_URL is not set: e-mails go to the local mailbox only");
        }
        Self {
            addr,
            data_dir,
            database_url: Secret::new(database_url),
            web_dir: PathBuf::from(var("SWAZ_WEB_DIR").unwrap_or_else(|| "web/dist".into())),
            env,
            public_url,
            jwt_secret,
            jwt_expiry_secs: parse_var("SWAZ_JWT_EXPIRY", 3600)?,
            refresh_reuse_interval_secs: parse_var("SWAZ_REFRESH_REUSE_INTERVAL", 10)?,
            smtp_url,
            mail_from: var("SWAZ_MAIL_FROM").unwrap_or_else(|| "SWAZ <no-reply@swaz.local>".into()),
            trust_proxy: parse_var("SWAZ_TRUST_PROXY", false)?,
            max_body_bytes: parse_var("SWAZ_MAX_BODY_BYTES", 1024 * 1024)?,
            auth_rate_limit: parse_var("SWAZ_AUTH_RATE_LIMIT", 30)?,
            auth_rate_window_secs: parse_var("SWAZ_AUTH_RATE_WINDOW", 300)?,
            mailer_autoconfirm: parse_var("SWAZ_MAILER_AUTOCONFIRM", false)?,
            disable_signup: parse_var("SWAZ_DISABLE_SIGNUP", false)?,
            secure_password_change: parse_var("SWAZ_SECURE_PASSWORD_CHANGE", false)?,
            password_min_length: parse_var(
                "SWAZ_PASSWORD_MIN_LENGTH",
                crate::auth::password::MIN_PASSWORD_LEN,
            )?,
            version: env!("CARGO_PKG_VERSION"),
            commit: var("SWAZ_COMMIT")
                .or_else(|| option_env!("SWAZ_BUILD_COMMIT").map(str::to_owned))
                .unwrap_or_else(|| "unknown".into()),
            billing: BillingConfig::from_env()?,
            live_call_url: var("SWAZ_LIVE_CALL_URL")
                .unwrap_or_else(|| DEFAULT_LIVE_CALL_URL.into()),
            settable_clock: parse_var("SWAZ_SETTABLE_CLOCK", false)?,
            reminder_tick_secs: parse_var("SWAZ_REMINDER_TICK_SECS", 30)?,
            contact_email: var("SWAZ_CONTACT_EMAIL")
                .unwrap_or_else(|| DEFAULT_CONTACT_EMAIL.into()),
            contact_rate_limit: parse_var("SWAZ_CONTACT_RATE_LIMIT", 5)?,
            testimonial_video_url: var("SWAZ_TESTIMONIAL_VIDEO_URL"),
            shutdown_drain_secs: parse_var("SWAZ_SHUTDOWN_DRAIN_SECS", 0)?,
            shutdown_grace_secs: parse_var("SWAZ_SHUTDOWN_GRACE_SECS", 25)?,
            metrics_token: var("SWAZ_METRICS_TOKEN").map(Secret::new),
            max_connections: parse_var("SWAZ_MAX_CONNECTIONS", 10_000)?,
            header_read_timeout_secs: parse_var("SWAZ_HEADER_READ_TIMEOUT", 10)?,
            idle_timeout_secs: parse_var("SWAZ_IDLE_TIMEOUT", 60)?,
        }
        .checked()
    }

    /// Refuses settings that would hurt in production.
    fn checked(self) -> anyhow::Result<Self> {
        if self.env == Environment::Production && self.settable_clock {
            bail!("SWAZ_SETTABLE_CLOCK=true lets anyone move the server's clock: it is for tests, not production");
        }
        if !self.live_call_url.starts_with("https://") && !self.live_call_url.starts_with("http://")
        {
            bail!("SWAZ_LIVE_CALL_URL must be an http(s) address");
        }
        if self.max_connections == 0
            || self.header_read_timeout_secs == 0
            || self.idle_timeout_secs == 0
        {
            bail!("SWAZ_MAX_CONNECTIONS, SWAZ_HEADER_READ_TIMEOUT and SWAZ_IDLE_TIMEOUT must be at least 1");
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
        let test_payments_allowed = parse_var("SWAZ_ALLOW_TEST_PAYMENTS", false)?;
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

    pub fn connection_limits(&self) -> crate::http::serve::ConnectionLimits {
        crate::http::serve::ConnectionLimits {
            max_connections: self.max_connections,
            header_read_timeout: std::time::Duration::from_secs(self.header_read_timeout_secs),
            idle_timeout: std::time::Duration::from_secs(self.idle_timeout_secs),
        }
    }

    pub fn is_development(&self) -> bool {
        self.env == Environment::Development
    }

    pub fn database_kind(&self) -> &'static str {
        if self.database_url.expose().starts_with("postgres") {
            "postgresql"
        } else {
            "sqlite"
        }
    }

    pub fn payment_mode(&self) -> &'static str {
        match self.billing.mode {
            PaymentMode::Local => "local (test mode)",
            PaymentMode::Stripe => "stripe",
        }
    }

    pub fn mail_mode(&self) -> &'static str {
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
