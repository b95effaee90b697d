//! SWAZ: one server for the identity service (`/auth/v1`), the product API (`/_api/v1`) and the
//! React app. `main.rs` only parses the command line; tests drive [`build`] and [`router`] to run
//! the real app.
//!
//! # Layers, top to bottom
//! - [`app`] assembles the app: its state ([`AppState`]), the router that joins every
//!   capability's routes, serving, the lifecycle and the operational endpoints. Only `app/`, route
//!   handlers and extractors name `AppState`.
//! - One folder per capability (`auth`, `account`, `billing`, `teams`, `mail`, `vision`,
//!   `practice`, `planning`, `dashboard`, `reminders`, `content`): `routes.rs` (handlers, and the
//!   capability's `routes()`), services, domain types and storage functions. A capability may
//!   call another's services, domain and storage, never its `routes`. Identity (`auth`) depends on
//!   no product capability.
//! - Plumbing at the bottom, naming no capability: [`http`] (accept loop, JSON extractor and
//!   rejections, security headers, static files), [`db`], [`error`], [`config`], [`clock`],
//!   [`domain`], [`ratelimit`], [`logging`].
//!
//! `server/tests/api/layering.rs` checks these rules. Storage is runtime-bound SQL through sqlx's
//! `Any` driver (see [`db`]).

pub mod account;
pub mod app;
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
pub mod logging;
pub mod mail;
pub mod planning;
pub mod practice;
pub mod ratelimit;
pub mod reminders;
pub mod teams;
pub mod vision;

pub use app::{build, router, serve, spawn_workers, App, AppState, Workers};
pub use config::Config;
pub use db::Db;
