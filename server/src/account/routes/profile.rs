//! `GET/PUT /_api/v1/swazprofile` and `PUT /_api/v1/swazprofile/timezone`.

use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::account::profile::{self, Profile};
use crate::app::AppState;
use crate::auth::names;
use crate::auth::users;
use crate::auth::CurrentUser;
use crate::domain::TimeZone;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::json::ApiJson;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TimeZoneUpdate {
    /// An IANA name such as `America/Los_Angeles`.
    #[schema(required = true)]
    pub time_zone: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ProfileUpdate {
    pub first_name: String,
    #[serde(default)]
    pub last_name: String,
    pub email: String,
}

/// The signed-in member's profile.
#[utoipa::path(get, path = "/swazprofile", tag = "account",
    responses((status = 200, body = Profile), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn get_profile(
    State(state): State<AppState>,
    me: CurrentUser,
) -> Result<Json<Profile>> {
    profile_of(&state, &me.id).await
}

/// The profile answer of `user_id` now; 404 once the account no longer exists.
async fn profile_of(state: &AppState, user_id: &str) -> Result<Json<Profile>> {
    profile::read(&state.db, user_id, state.clock.now_ms())
        .await?
        .map(Json)
        .ok_or_else(|| AppError::not_found("Your account no longer exists."))
}

/// Saves first name, last name and e-mail.
#[utoipa::path(put, path = "/swazprofile", tag = "account", request_body = ProfileUpdate,
    responses((status = 200, body = Profile), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn put_profile(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<ProfileUpdate>,
) -> Result<Json<Profile>> {
    let input = names::parse(&body.first_name, &body.last_name, &body.email)?;
    profile::update(
        &state.db,
        state.mailer(),
        &me.id,
        &input,
        state.clock.now_ms(),
    )
    .await?;
    profile_of(&state, &me.id).await
}

/// Sets the time zone the athlete's days, streak and calendar are counted in.
#[utoipa::path(put, path = "/swazprofile/timezone", tag = "account", request_body = TimeZoneUpdate,
    responses((status = 200, body = Profile), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn put_time_zone(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(input): ApiJson<TimeZoneUpdate>,
) -> Result<Json<Profile>> {
    let zone = TimeZone::parse(input.time_zone.as_deref().unwrap_or(""))?;
    let mut tx = state.db.begin_write().await?;
    users::set_time_zone(&mut tx, &me.id, &zone, state.clock.now_ms()).await?;
    crate::practice::summary::recount_if_moved(&mut tx, &me.id, zone.tz(), state.clock.now_ms())
        .await?;
    tx.commit().await?;
    profile_of(&state, &me.id).await
}
