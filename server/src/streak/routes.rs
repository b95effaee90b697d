//! `/_api/v1/streak`: the athlete's streak settings — rest days and hiding the streak.

use axum::extract::{Path, State};
use axum::Json;
use utoipa_axum::routes;

use super::dto::{parse_date, RestDayBody, StreakHiddenBody, StreakSettings};
use super::rules::Reason;
use super::service;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{ErrorBody, Result};
use crate::http::api_router::ApiRouter;
use crate::http::json::ApiBody;

/// This capability's product-API routes, joined under `/_api/v1` by `app::router`.
pub fn routes() -> ApiRouter<AppState> {
    ApiRouter::new()
        .routes(routes!(get_streak))
        .routes(routes!(put_hidden))
        .routes(routes!(put_rest_day, delete_rest_day))
}

/// Whether the streak is hidden, the rest days from twelve weeks ago on, and how many are left
/// this week and this year.
#[utoipa::path(get, path = "/streak", tag = "dashboard",
    responses((status = 200, body = StreakSettings), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn get_streak(
    State(state): State<AppState>,
    me: CurrentUser,
) -> Result<Json<StreakSettings>> {
    Ok(Json(
        service::settings(&state.db, &me.id, state.clock.now()).await?,
    ))
}

/// Hides the streak from the athlete's own dashboard (their coach's view is set in "What my
/// coach sees"), or shows it again.
#[utoipa::path(put, path = "/streak/hidden", tag = "dashboard", request_body = StreakHiddenBody,
    responses((status = 200, body = StreakSettings), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn put_hidden(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiBody(body): ApiBody<StreakHiddenBody>,
) -> Result<Json<StreakSettings>> {
    let hidden = bool::try_from(body)?;
    Ok(Json(
        service::set_hidden(&state.db, &me.id, hidden, state.clock.now()).await?,
    ))
}

/// Makes a day a rest day (rest, injury or travel), or changes why: today or up to twelve
/// weeks ahead, at most two a week (Monday to Sunday) and twenty a calendar year. A rest day
/// pauses the streak instead of breaking it.
#[utoipa::path(put, path = "/streak/restdays/{date}", tag = "dashboard", request_body = RestDayBody,
    params(("date" = String, Path, description = "The day, `YYYY-MM-DD` in the athlete's zone")),
    responses((status = 200, body = StreakSettings),
              (status = 400, description = "A malformed date or reason, a day that has passed or one too far ahead", body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, description = "The week or the year has no rest day left", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn put_rest_day(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(date): Path<String>,
    ApiBody(body): ApiBody<RestDayBody>,
) -> Result<Json<StreakSettings>> {
    let day = parse_date(&date)?;
    let reason = Reason::try_from(body)?;
    Ok(Json(
        service::choose(&state.db, &me.id, day, reason, state.clock.now()).await?,
    ))
}

/// Removes a rest day, today or ahead (one that has passed stays).
#[utoipa::path(delete, path = "/streak/restdays/{date}", tag = "dashboard",
    params(("date" = String, Path, description = "The day, `YYYY-MM-DD` in the athlete's zone")),
    responses((status = 200, body = StreakSettings),
              (status = 400, description = "A malformed date, or a day that has passed", body = ErrorBody),
              (status = 401, body = ErrorBody),
              (status = 404, description = "No rest day on that date", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn delete_rest_day(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(date): Path<String>,
) -> Result<Json<StreakSettings>> {
    let day = parse_date(&date)?;
    Ok(Json(
        service::remove(&state.db, &me.id, day, state.clock.now()).await?,
    ))
}
