//! What makes a rest day allowed: chosen ahead (up to twelve weeks) or on the day, at most two
//! in a week (Monday to Sunday) and twenty in a calendar year.

use chrono::{Datelike, Days, NaiveDate};

use crate::error::AppError;

/// Rest days allowed in one week, Monday to Sunday.
pub const MAX_PER_WEEK: u32 = 2;
/// Rest days allowed in one calendar year.
pub const MAX_PER_YEAR: u32 = 20;
/// How far ahead a rest day may be chosen (twelve weeks).
pub const MAX_DAYS_AHEAD: u64 = 84;

/// Why the athlete rests. Their coach sees only that a day was a rest day, never why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    Rest,
    Injury,
    Travel,
}

impl Reason {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Rest => "rest",
            Self::Injury => "injury",
            Self::Travel => "travel",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "rest" => Some(Self::Rest),
            "injury" => Some(Self::Injury),
            "travel" => Some(Self::Travel),
            _ => None,
        }
    }
}

/// The Monday of `day`'s week.
pub fn week_start(day: NaiveDate) -> NaiveDate {
    day.checked_sub_days(Days::new(u64::from(day.weekday().num_days_from_monday())))
        .unwrap_or(day)
}

/// Rest days still free in `day`'s week and in its year, given the athlete's `taken` days.
pub fn left(day: NaiveDate, taken: &[NaiveDate]) -> (u32, u32) {
    let monday = week_start(day);
    let in_week = taken.iter().filter(|d| week_start(**d) == monday).count() as u32;
    let in_year = taken.iter().filter(|d| d.year() == day.year()).count() as u32;
    (
        MAX_PER_WEEK.saturating_sub(in_week),
        MAX_PER_YEAR.saturating_sub(in_year),
    )
}

fn spoken(day: NaiveDate) -> String {
    day.format("%A %-d %B %Y").to_string()
}

/// Whether `day` may become a rest day on the athlete's `today`, given the rest days they have
/// (`taken`, without `day` itself).
pub fn check_new(day: NaiveDate, today: NaiveDate, taken: &[NaiveDate]) -> Result<(), AppError> {
    check_changeable(day, today)?;
    let furthest = today
        .checked_add_days(Days::new(MAX_DAYS_AHEAD))
        .unwrap_or(today);
    if day > furthest {
        return Err(AppError::bad_request(format!(
            "Rest days can be chosen up to twelve weeks ahead: choose {} or earlier.",
            spoken(furthest)
        )));
    }
    let (week_left, year_left) = left(day, taken);
    if week_left == 0 {
        return Err(AppError::conflict(format!(
            "You already have {MAX_PER_WEEK} rest days in the week of {}: remove one of them to \
             rest on {}.",
            spoken(week_start(day)),
            spoken(day)
        )));
    }
    if year_left == 0 {
        return Err(AppError::conflict(format!(
            "You have used all {MAX_PER_YEAR} rest days of {}.",
            day.year()
        )));
    }
    Ok(())
}

/// Rest days are chosen, changed and removed ahead or on the day, never afterwards: a day that
/// has passed stays as it was.
pub fn check_changeable(day: NaiveDate, today: NaiveDate) -> Result<(), AppError> {
    if day < today {
        return Err(AppError::bad_request(format!(
            "{} has passed: rest days are chosen ahead or on the day itself.",
            spoken(day)
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    #[test]
    fn today_and_days_ahead_may_be_rest_days_but_not_the_past() {
        let today = day("2026-11-25");
        assert!(check_new(today, today, &[]).is_ok());
        assert!(check_new(day("2026-12-01"), today, &[]).is_ok());
        let past = check_new(day("2026-11-24"), today, &[]).unwrap_err();
        assert_eq!(past.status_code(), 400);
        assert!(past
            .public_message()
            .contains("Tuesday 24 November 2026 has passed"));
        assert!(
            check_new(day("2027-02-17"), today, &[]).is_ok(),
            "twelve weeks ahead"
        );
        let far = check_new(day("2027-02-18"), today, &[]).unwrap_err();
        assert_eq!(far.status_code(), 400);
    }

    #[test]
    fn two_a_week_monday_to_sunday() {
        let today = day("2026-11-23"); // a Monday
        let taken = [day("2026-11-23"), day("2026-11-29")];
        let third = check_new(day("2026-11-26"), today, &taken).unwrap_err();
        assert_eq!(third.status_code(), 409);
        assert!(third
            .public_message()
            .contains("week of Monday 23 November 2026"));
        assert!(
            check_new(day("2026-11-30"), today, &taken).is_ok(),
            "next week"
        );
        assert_eq!(left(day("2026-11-24"), &taken), (0, 18));
    }

    #[test]
    fn twenty_a_calendar_year() {
        let today = day("2026-01-01");
        // Two a week for ten weeks from Monday 5 January.
        let taken: Vec<NaiveDate> = (0..10)
            .flat_map(|w| {
                let monday = day("2026-01-05") + Days::new(7 * w);
                [monday, monday + Days::new(1)]
            })
            .collect();
        let more = check_new(day("2026-12-01"), day("2026-11-20"), &taken).unwrap_err();
        assert_eq!(more.status_code(), 409);
        assert!(more.public_message().contains("all 20 rest days of 2026"));
        assert!(check_new(day("2026-01-01"), today, &taken).is_err());
        assert_eq!(left(day("2027-01-04"), &taken), (2, 20), "a new year");
    }
}
