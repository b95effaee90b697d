//! Web Push (issue 28): the server's VAPID key pair (RFC 8292) and the devices members
//! subscribed (`/_api/v1/push/…`). Sending reminders to them builds on these.

pub mod dto;
pub mod encryption;
pub mod keys;
pub mod routes;
pub mod storage;
pub mod vapid;
