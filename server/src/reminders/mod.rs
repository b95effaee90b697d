//! Reminders (DESIGN §5, issues 17 and 28): the athlete's notification settings, the in-process
//! scheduler that queues each due reminder exactly once, by e-mail and/or as a notification on
//! the athlete's devices (as each reminder's channel says), and the signed one-click links in
//! those mails (snooze for an hour, unsubscribe) and buttons on those notifications (done,
//! snooze).
//!
//! Exactly once: every occasion (user, kind, local date or call instant) the scheduler deals with
//! is a row of `reminder_occasions`, inserted with `ON CONFLICT DO NOTHING` in the same
//! transaction as the outbox rows (mail and push); only the instance whose insert lands queues the mail, so
//! several instances on one PostgreSQL, repeated ticks and restarts never send twice.

pub mod dto;
pub mod links;
pub mod notifications;
pub mod one_click;
pub mod pages;
pub mod routes;
pub mod schedule;
pub mod scheduler;
pub mod settings;
pub mod storage;
