//! `GET/PUT /_api/v1/notificationsettings` and `PUT /_api/v1/notificationsettings/gameday`.

use axum::extract::State;
use axum::Json;
use chrono::Days;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::dto::NotificationSettings;
use super::settings::SettingsInput;
use super::storage;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::dashboard::days;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::json::ApiJson;

/// This capability's product-API routes, joined under `/_api/v1` by `app::router`.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_settings, put_settings))
        .routes(routes!(put_game_day))
}

/// Every field is required.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // Documents the body; the handler validates the JSON itself.
pub struct NotificationSettingsInput {
    daily_reminder: bool,
    /// `HH:MM`, 00:00 to 23:59.
    daily_reminder_time: String,
    /// An IANA name such as `Europe/Berlin`.
    time_zone: String,
    weekly_map_reminder: bool,
    live_call_reminder: bool,
    product_news: bool,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct GameDayInput {
    /// `true` silences every reminder until the end of today in the settings' zone.
    game_day: bool,
}

/// The signed-in athlete's notification settings.
#[utoipa::path(get, path = "/notificationsettings", tag = "account",
    responses((status = 200, body = NotificationSettings), (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn get_settings(
    State(state): State<AppState>,
    me: CurrentUser,
) -> Result<Json<NotificationSettings>> {
    let mut conn = state.db.pool().acquire().await?;
    let settings = storage::get_or_default(&mut conn, &me.id).await?;
    Ok(Json(NotificationSettings::new(
        settings,
        state.clock.now_ms(),
    )))
}

/// Saves the notification settings (game day is left as it is).
#[utoipa::path(put, path = "/notificationsettings", tag = "account", request_body = NotificationSettingsInput,
    responses((status = 200, body = NotificationSettings), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn put_settings(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<Value>,
) -> Result<Json<NotificationSettings>> {
    let input = SettingsInput::parse(&body)?;
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await?;
    storage::save(&mut tx, &me.id, &input, now).await?;
    let saved = storage::get_or_default(&mut tx, &me.id).await?;
    tx.commit().await?;
    Ok(Json(NotificationSettings::new(saved, now)))
}

/// Turns game day on (every reminder silenced until the end of today in the athlete's zone) or
/// off.
#[utoipa::path(put, path = "/notificationsettings/gameday", tag = "account", request_body = GameDayInput,
    responses((status = 200, body = NotificationSettings), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn put_game_day(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<Value>,
) -> Result<Json<NotificationSettings>> {
    let on = match body.get("gameDay") {
        Some(Value::Bool(on)) => *on,
        _ => return Err(AppError::bad_request("gameDay is required: true or false.")),
    };
    let now = state.clock.now();
    let now_ms = now.timestamp_millis();
    let mut tx = state.db.begin_write().await?;
    let current = storage::get_or_default(&mut tx, &me.id).await?;
    let until = on.then(|| {
        let tz = current.time_zone.tz();
        let today = days::local_day(now, tz);
        today
            .checked_add_days(Days::new(1))
            .map_or(i64::MAX, |tomorrow| days::day_start_ms(tomorrow, tz))
    });
    storage::set_game_day(&mut tx, &me.id, &current, until, now_ms).await?;
    let saved = storage::get_or_default(&mut tx, &me.id).await?;
    tx.commit().await?;
    Ok(Json(NotificationSettings::new(saved, now_ms)))
}
