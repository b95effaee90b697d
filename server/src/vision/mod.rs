//! The Athletic Vision: nine answers written step by step or all at once, kept with their
//! history, and read back as the bedtime affirmation (SPEC §2 'Planning and vision screens').

pub mod answers;
pub mod dto;
pub mod recording;
pub mod routes;
pub mod storage;
