//! Coaching (issue 27): what an athlete shows their team's coaches, and the coach's board.
//!
//! The athlete decides: `practice` (days practised, streak, today's checklist, last practice)
//! starts shown, `checkins` starts hidden, and written answers are shown only one entry at a time
//! (`/dailylogs/{id}/sharing`). The queries here read only what is shown, so nothing unshared
//! leaves the server for a coach whatever the client asks; a change counts from the coach's next
//! request (nothing is cached).

pub mod board;
pub mod checkin_figures;
pub mod focus;
pub mod nudges;
pub mod roster;
pub mod routes;
pub mod sharing;
pub mod summary;
pub mod team_board;
