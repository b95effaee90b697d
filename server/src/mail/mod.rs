//! Outgoing mail. Messages are written to the outbox table in the same transaction as the change
//! that causes them; a worker delivers them by SMTP when `SMTP_URL` is set, otherwise to the local
//! mailbox (readable at `/_dev/mailbox` in development).

pub mod outbox;
pub mod routes;
pub mod templates;
pub mod worker;

pub use outbox::{Message, Outbox};
