//! Teams (SPEC §2 team-config, §3, §6; DESIGN §4): made by a team checkout with the buyer as
//! admin; the admin invites athletes with a link, renames the team, removes members with a reason
//! and asks members to become co-admins. Members of a team whose subscription is active are PAID
//! (`billing::entitlements`).
//!
//! Seats: the plan's `teams.seats` are for athletes; one coach holds a place on top, so a team
//! has at most `seats + 1` members (a co-admin promoted from the athletes keeps their seat).
//! Joins are serialised per team (SQLite's `BEGIN IMMEDIATE`, PostgreSQL's `SELECT … FOR UPDATE`
//! on the team row) and re-count members inside the transaction, so a seat is never sold twice.

pub mod domain;
pub mod extract;
pub mod routes;
pub mod sealed;
pub mod service;
pub mod storage;

pub use storage::create;
