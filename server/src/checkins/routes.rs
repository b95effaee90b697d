//! `/_api/v1/checkin`: the morning check-in, saved once a local day and listed for the trends.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::routes;

use super::dto::{Checkin, CheckinBody};
use super::input::CheckinInput;
use super::service;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::billing::PaidUser;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::api_router::ApiRouter;
use crate::http::json::ApiBody;

/// This capability's product-API routes, joined under `/_api/v1` by `app::router`.
pub fn routes() -> ApiRouter<AppState> {
    ApiRouter::new().routes(routes!(save_checkin, list_checkins))
}

/// The most days `?days=` reaches back.
const MAX_DAYS: u32 = 366;

#[derive(Deserialize, IntoParams)]
pub(crate) struct DaysQuery {
    /// How many local days back to list, today included: 1 to 366 (default 28).
    #[param(value_type = i64, required = false, minimum = 1, maximum = 366)]
    pub days: Option<String>,
}

/// Parses `?days=`: a whole number from 1 to [`MAX_DAYS`].
fn parse_days(raw: Option<&str>) -> Result<u32> {
    match raw.map(str::trim) {
        None | Some("") => Ok(28),
        Some(s) => match s.parse::<u32>() {
            Ok(n) if (1..=MAX_DAYS).contains(&n) => Ok(n),
            _ => Err(AppError::bad_request(format!(
                "days must be a whole number from 1 to {MAX_DAYS}."
            ))),
        },
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CheckinList {
    /// Today in the athlete's time zone, `YYYY-MM-DD`.
    pub today: String,
    /// Newest first, at most one a day.
    pub checkins: Vec<Checkin>,
}

/// Saves today's morning check-in; a second one the same local day replaces the first. The
/// first of the day counts as practice for the streak and the calendar.
#[utoipa::path(post, path = "/checkin", tag = "checkin", request_body = CheckinBody,
    responses((status = 201, body = Checkin), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn save_checkin(
    State(state): State<AppState>,
    PaidUser(me): PaidUser,
    ApiBody(body): ApiBody<CheckinBody>,
) -> Result<(StatusCode, Json<Checkin>)> {
    let input = CheckinInput::try_from(body)?;
    let saved = service::save(&state.db, &me.id, &input, state.clock.now()).await?;
    Ok((StatusCode::CREATED, Json(saved.into())))
}

/// The athlete's own check-ins of the last `days` local days, newest first.
#[utoipa::path(get, path = "/checkin", tag = "checkin", params(DaysQuery),
    responses((status = 200, body = CheckinList), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn list_checkins(
    State(state): State<AppState>,
    me: CurrentUser,
    Query(q): Query<DaysQuery>,
) -> Result<Json<CheckinList>> {
    let days = parse_days(q.days.as_deref())?;
    let (list, today) = service::recent(&state.db, &me.id, days, state.clock.now()).await?;
    Ok(Json(CheckinList {
        today: today.to_string(),
        checkins: list.into_iter().map(Into::into).collect(),
    }))
}
