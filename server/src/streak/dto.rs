//! The fair streak's settings as the product API answers them, and its request bodies.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::rules::{self, Reason};
use super::storage::RestDay;
use crate::error::AppError;
use crate::http::json::WireBody;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RestDayEntry {
    /// `YYYY-MM-DD` in the athlete's time zone.
    pub date: String,
    /// `rest`, `injury` or `travel`.
    pub reason: String,
}

impl From<&RestDay> for RestDayEntry {
    fn from(r: &RestDay) -> Self {
        Self {
            date: r.day.to_string(),
            reason: r.reason.as_str().to_owned(),
        }
    }
}

/// The athlete's streak settings: whether it is hidden, and their rest days.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StreakSettings {
    /// The athlete hid the streak from their dashboard.
    pub hidden: bool,
    /// Today in the athlete's zone, `YYYY-MM-DD`: rest days are chosen from today on.
    pub today: String,
    /// Rest days from twelve weeks ago on (the calendar's span), oldest first.
    pub rest_days: Vec<RestDayEntry>,
    /// Rest days still free in this week (Monday to Sunday), out of `maxPerWeek`.
    pub week_left: u32,
    /// Rest days still free in this calendar year, out of `maxPerYear`.
    pub year_left: u32,
    pub max_per_week: u32,
    pub max_per_year: u32,
    /// How many days ahead a rest day may be chosen.
    pub max_days_ahead: u64,
}

impl StreakSettings {
    /// The settings on the athlete's `today`, from all their rest days.
    pub fn new(hidden: bool, today: NaiveDate, all: &[RestDay]) -> Self {
        let taken: Vec<NaiveDate> = all.iter().map(|r| r.day).collect();
        let (week_left, year_left) = rules::left(today, &taken);
        let from = crate::dashboard::days::heatmap_start(today);
        Self {
            hidden,
            today: today.to_string(),
            rest_days: all
                .iter()
                .filter(|r| r.day >= from)
                .map(Into::into)
                .collect(),
            week_left,
            year_left,
            max_per_week: rules::MAX_PER_WEEK,
            max_per_year: rules::MAX_PER_YEAR,
            max_days_ahead: rules::MAX_DAYS_AHEAD,
        }
    }
}

/// Why the athlete rests that day.
#[derive(Deserialize, ToSchema)]
pub(crate) struct RestDayBody {
    /// `rest`, `injury` or `travel`.
    #[schema(value_type = String, required = true)]
    pub reason: Option<Value>,
}

const REASON_REQUIRED: &str = "reason is required: rest, injury or travel.";

impl WireBody for RestDayBody {
    const NOT_AN_OBJECT: &'static str = REASON_REQUIRED;
}

impl TryFrom<RestDayBody> for Reason {
    type Error = AppError;

    fn try_from(body: RestDayBody) -> Result<Reason, AppError> {
        body.reason
            .as_ref()
            .and_then(Value::as_str)
            .and_then(|r| Reason::from_name(r.trim()))
            .ok_or_else(|| AppError::bad_request(REASON_REQUIRED))
    }
}

/// Hide the streak or show it.
#[derive(Deserialize, ToSchema)]
pub(crate) struct StreakHiddenBody {
    /// `true` hides the streak from the athlete's own dashboard.
    #[schema(value_type = bool, required = true)]
    pub hidden: Option<Value>,
}

const HIDDEN_REQUIRED: &str = "hidden is required: true or false.";

impl WireBody for StreakHiddenBody {
    const NOT_AN_OBJECT: &'static str = HIDDEN_REQUIRED;
}

impl TryFrom<StreakHiddenBody> for bool {
    type Error = AppError;

    fn try_from(body: StreakHiddenBody) -> Result<bool, AppError> {
        match body.hidden {
            Some(Value::Bool(on)) => Ok(on),
            _ => Err(AppError::bad_request(HIDDEN_REQUIRED)),
        }
    }
}

/// The `{date}` of a rest day's address.
pub(crate) fn parse_date(raw: &str) -> Result<NaiveDate, AppError> {
    NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d").map_err(|_| {
        AppError::bad_request("The date must be a day written YYYY-MM-DD, such as 2026-11-26.")
    })
}
