//! `GET/PUT /_api/v1/swazprofile`.

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::app::AppState;
use crate::auth::names;
use crate::auth::users::{self, User};
use crate::auth::CurrentUser;
use crate::billing::entitlements;
use crate::domain::TimeZone;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::json::ApiJson;

/// The member's team, once teams exist.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamSummary {
    pub team_name: String,
    /// `admin`, `pending_admin` or `member`.
    pub team_role: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    /// A new e-mail waiting for its confirmation link (sent to that address) to be used.
    pub pending_email: Option<String>,
    /// Contains `PAID` while the member has a membership.
    pub roles: Vec<String>,
    pub team: Option<TeamSummary>,
    /// The IANA time zone the athlete's days are counted in; `null` until the app sends one.
    pub time_zone: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimeZoneUpdate {
    /// An IANA name such as `America/Los_Angeles`.
    #[schema(required = true)]
    pub time_zone: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileUpdate {
    pub first_name: String,
    #[serde(default)]
    pub last_name: String,
    pub email: String,
}

/// The profile answer for `user` (paid role and team included).
pub async fn load(state: &AppState, user: User) -> Result<Profile> {
    let mut conn = state.db.pool().acquire().await?;
    let paid = entitlements::is_paid(&mut conn, &user.id, state.clock.now_ms()).await?;
    let team =
        crate::teams::membership(&mut conn, &user.id)
            .await?
            .map(|(team_name, team_role)| TeamSummary {
                team_name,
                team_role,
            });
    Ok(Profile {
        id: user.id,
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        pending_email: user.email_change,
        roles: if paid {
            vec!["PAID".to_owned()]
        } else {
            vec![]
        },
        team,
        time_zone: user.time_zone,
    })
}

/// Saves the names; a different e-mail becomes a pending change confirmed from the new address.
pub async fn update(state: &AppState, user_id: &str, input: &names::NamesAndEmail) -> Result<User> {
    let mut tx = state.db.begin_write().await?;
    let updated = names::apply(
        &mut tx,
        state.mailer(),
        user_id,
        input,
        state.clock.now_ms(),
    )
    .await?;
    tx.commit().await?;
    Ok(updated)
}

/// The signed-in member's profile.
#[utoipa::path(get, path = "/swazprofile", tag = "account",
    responses((status = 200, body = Profile), (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn get_profile(State(state): State<AppState>, me: CurrentUser) -> Result<Json<Profile>> {
    let user = {
        let mut conn = state.db.pool().acquire().await?;
        users::by_id(&mut conn, &me.id).await?
    }
    .ok_or_else(|| AppError::not_found("Your account no longer exists."))?;
    Ok(Json(load(&state, user).await?))
}

/// Saves first name, last name and e-mail.
#[utoipa::path(put, path = "/swazprofile", tag = "account", request_body = ProfileUpdate,
    responses((status = 200, body = Profile), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 409, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn put_profile(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<ProfileUpdate>,
) -> Result<Json<Profile>> {
    let input = names::parse(&body.first_name, &body.last_name, &body.email)?;
    let user = update(&state, &me.id, &input).await?;
    Ok(Json(load(&state, user).await?))
}

/// Sets the time zone the athlete's days, streak and calendar are counted in.
#[utoipa::path(put, path = "/swazprofile/timezone", tag = "account", request_body = TimeZoneUpdate,
    responses((status = 200, body = Profile), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn put_time_zone(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(input): ApiJson<TimeZoneUpdate>,
) -> Result<Json<Profile>> {
    let zone = TimeZone::parse(input.time_zone.as_deref().unwrap_or(""))?;
    let user = {
        let mut tx = state.db.begin_write().await?;
        users::set_time_zone(&mut tx, &me.id, &zone, state.clock.now_ms()).await?;
        let user = users::by_id(&mut tx, &me.id).await?;
        tx.commit().await?;
        user
    }
    .ok_or_else(|| AppError::not_found("Your account no longer exists."))?;
    Ok(Json(load(&state, user).await?))
}
