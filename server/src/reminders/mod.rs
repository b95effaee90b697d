//! Reminder e-mails (DESIGN §5, issue 17): the athlete's notification settings, the in-process
//! scheduler that queues each due reminder through the mail outbox exactly once, and the signed
//! one-click links in those mails (snooze for an hour, unsubscribe).
//!
//! Exactly once: every occasion (user, kind, local date or call instant) the scheduler deals with
//! is a row of `reminder_occasions`, inserted with `ON CONFLICT DO NOTHING` in the same
//! transaction as the outbox row; only the instance whose insert lands queues the mail, so
//! several instances on one PostgreSQL, repeated ticks and restarts never send twice.

pub mod dto;
pub mod links;
pub mod one_click;
pub mod pages;
pub mod routes;
pub mod schedule;
pub mod scheduler;
pub mod settings;
pub mod storage;
