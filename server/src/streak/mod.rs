//! A fair streak (issue 29): rest days that pause the streak instead of breaking it — rest,
//! injury or travel, chosen ahead or on the day, at most two a week and twenty a year — and an
//! athlete's choice to hide the streak from their own dashboard. The streak itself is counted
//! by `dashboard::days`, which skips rest days.

pub mod dto;
pub mod routes;
pub mod rules;
pub mod service;
pub mod storage;
