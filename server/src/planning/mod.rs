//! Planning: the daily action (review today, plan tomorrow), the weekly map (review the week, plan
//! the next) and the daily logs that list both (SPEC §2–§4, DESIGN §5).

pub mod dto;
pub mod entries;
pub mod fields;
pub mod logs;
mod logs_json;
pub mod routes;
pub mod service;
pub mod storage;
