//! Web Push (issue 28): the server's VAPID key pair (RFC 8292), the devices members subscribed
//! (`/_api/v1/push/…`), and reminders and coach notes sent to them as notifications.
//!
//! A notification is queued in the transaction that decides it, exactly like an e-mail: a
//! reminder occasion claimed once (see `reminders`) queues one message per device once, and any
//! instance's worker sends each (claimed for a lease). Its buttons ("Done", "Snooze 1 h") carry
//! signed single-purpose tokens the service worker posts to `/push/actions/…`.

pub mod channel;
pub mod dto;
pub mod encryption;
pub mod keys;
pub mod notify;
pub mod outbox;
pub mod routes;
pub mod send;
pub mod storage;
pub mod vapid;
pub mod worker;
