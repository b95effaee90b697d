//! `/_dev/clock`: reads or moves the app's clock, for browser tests of streaks and the live call.
//! Answers 404 unless the server runs with `SWAZ_SETTABLE_CLOCK=true` (never in production).

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::app::AppState;
use crate::error::{AppError, Result};
use crate::http::json::ApiJson;

#[derive(Serialize)]
pub struct ClockReading {
    now: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClockMove {
    /// Seconds to move forward (negative: back).
    advance_seconds: Option<i64>,
    /// An RFC 3339 time to jump to.
    now: Option<String>,
}

fn reading(state: &AppState) -> Json<ClockReading> {
    Json(ClockReading {
        now: state
            .clock
            .now()
            .to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
    })
}

pub async fn get(State(state): State<AppState>) -> Result<Json<ClockReading>> {
    state
        .settable_clock
        .as_ref()
        .ok_or_else(|| AppError::not_found("Not found"))?;
    Ok(reading(&state))
}

pub async fn set(
    State(state): State<AppState>,
    ApiJson(input): ApiJson<ClockMove>,
) -> Result<Json<ClockReading>> {
    let clock = state
        .settable_clock
        .as_ref()
        .ok_or_else(|| AppError::not_found("Not found"))?;
    match (input.advance_seconds, input.now.as_deref()) {
        (Some(secs), None) => clock.advance(chrono::Duration::seconds(secs)),
        (None, Some(at)) => clock.set(
            chrono::DateTime::parse_from_rfc3339(at)
                .map_err(|_| AppError::bad_request("now must be an RFC 3339 time."))?
                .with_timezone(&chrono::Utc),
        ),
        _ => return Err(AppError::bad_request("Send either advanceSeconds or now.")),
    }
    Ok(reading(&state))
}
