//! The app itself, above every capability: its state ([`App`], [`AppState`], [`build`]), the
//! router that joins each capability's routes, serving with its lifecycle and workers, and the
//! operational endpoints (`/healthz`, `/readyz`, `/metrics`, `/_dev/clock`, `/env`).

pub mod dev_clock;
mod guard;
pub mod housekeeping;
pub mod lifecycle;
pub mod meta;
pub mod metrics;
pub mod observe;
pub mod panics;
pub mod router;
pub mod serve;
pub mod state;

pub use router::openapi;
pub use serve::serve;
pub use state::{build, AppState};
