//! The athlete's dashboard: today's Daily Flow checklist, the streak, a 12-week calendar, the
//! latest objectives and the next weekly live call (SPEC §1, DESIGN §5).

pub(crate) mod day_text;
pub mod days;
mod facts;
pub mod figures;
pub mod live_call;
pub(crate) mod recent;
pub mod routes;
