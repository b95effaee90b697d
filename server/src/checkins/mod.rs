//! The athlete's morning check-in (issue 27): sleep, energy, mood, stress and confidence, each
//! 1–5, and an optional note; one per local day, replaced when saved again that day. The first
//! save of a day records a `checkin_saved` practice event in the same transaction, so the
//! check-in counts for the streak and the calendar like any other practice.

pub mod dto;
pub mod input;
pub mod routes;
pub mod service;
pub mod storage;
