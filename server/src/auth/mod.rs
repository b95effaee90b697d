//! Identity: the GoTrue-compatible `/auth/v1` service, sessions and the request extractors.

pub mod admin;
pub mod error;
pub mod extract;
pub mod flow;
pub(crate) mod guesses;
pub mod links;
pub mod mfa;
pub mod names;
pub mod otp;
pub mod password;
pub mod routes;
pub mod service;
pub mod sessions;
pub mod tokens;
pub mod totp;
pub mod users;
pub(crate) mod verified_tokens;

pub(crate) use extract::CurrentUser;
