//! SWAZ: one server for the identity service (`/auth/v1`), the product API (`/_api/v1`) and the
//! React app. `main.rs` only parses the command line; tests drive [`build`] and [`serve`] to run
//! the real app.
//!
//! # Layers, top to bottom
//! - [`app`] assembles the app: its state ([`AppState`]), the router that joins every
//!   capability's `routes()`, serving with the workers, the lifecycle and the operational
//!   endpoints. It may name anything.
//! - One folder per capability (`auth`, `account`, `billing`, `teams`, `mail`, `vision`,
//!   `practice`, `planning`, `checkins`, `dashboard`, `streak`, `reminders`, `content`):
//!   - handlers in `routes.rs` or `routes/` and extractors in `extract.rs`, the only code outside
//!     `app/` that names `AppState`: they read the request and call a service with what it uses;
//!   - services, domain types and storage functions, which take the `Db` or a `WriteTx`, `now`,
//!     the `Outbox`, a links `Mailer`, the `PaymentProvider` or a small bundle of such (`Billing`,
//!     `Reminders`), never the app;
//!   - wire types in `dto.rs`, and each request body as one `WireBody` struct (also its OpenAPI
//!     schema) turned into the domain input by `TryFrom`.
//!
//!   A capability may call another's services, domain, storage and wire types, never its
//!   `routes`. Identity (`auth`) uses `mail` and plumbing and no product capability; the product's
//!   profile depends on identity.
//! - Plumbing at the bottom, naming no capability: [`http`] (accept loop, `ApiJson`/`ApiBody` and
//!   the wording of rejections, security headers, static files), [`db`], [`error`], [`config`],
//!   [`clock`], [`domain`], [`ratelimit`], [`idempotency`], [`logging`].
//!
//! `server/tests/api/layering.rs` checks these rules. Storage is runtime-bound SQL through sqlx's
//! `Any` driver (see [`db`]).

pub mod account;
pub mod app;
pub mod auth;
pub mod billing;
pub mod checkins;
pub mod cli;
pub mod clock;
pub mod coaching;
pub mod config;
pub mod content;
pub mod dashboard;
pub mod db;
pub mod domain;
pub mod error;
pub mod http;
pub mod idempotency;
pub mod logging;
pub mod mail;
pub mod planning;
pub mod practice;
pub mod push;
pub mod ratelimit;
pub mod reminders;
pub mod streak;
pub mod teams;
pub mod vision;

pub use app::{build, serve, AppState};
pub use config::Config;
pub use db::Db;
