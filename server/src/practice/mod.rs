//! Practice events: what the athlete did and when (listening to the vision, breathing, planning),
//! read by the dashboard for streaks, the calendar and today's checklist.

pub mod dto;
pub mod kind;
pub mod late;
pub mod routes;
pub mod storage;
pub mod summary;

pub use kind::PracticeKind;
