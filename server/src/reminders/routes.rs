//! `GET/PUT /_api/v1/notificationsettings` and `PUT /_api/v1/notificationsettings/gameday`.

use axum::extract::{Query, State};
use axum::response::Response;
use axum::routing::get;
use axum::Json;
use axum::Router;
use chrono::Days;
use serde::Deserialize;
use utoipa_axum::routes;

use super::dto::NotificationSettings;
use super::links::{self, Action, Link, Refused};
use super::settings::{GameDayBody, SettingsBody, SettingsInput};
use super::storage;
use super::{one_click, pages};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::dashboard::days;
use crate::error::{ErrorBody, Result};
use crate::http::api_router::ApiRouter;
use crate::http::json::ApiBody;

/// The one-click links of reminder mails: signed, idempotent, no sign-in. Opening one shows a
/// page with one button (so a mail scanner that opens links acts for nobody); the button, or a
/// mail program's one-click unsubscribe, POSTs; each answers a page.
pub fn pages() -> Router<AppState> {
    Router::new()
        .route("/_reminders/snooze", get(ask_snooze).post(snooze))
        .route(
            "/_reminders/unsubscribe",
            get(ask_unsubscribe).post(unsubscribe),
        )
}

/// This capability's product-API routes, joined under `/_api/v1` by `app::router`.
pub fn routes() -> ApiRouter<AppState> {
    ApiRouter::new()
        .routes(routes!(get_settings, put_settings))
        .routes(routes!(put_game_day))
}

/// The signed-in athlete's notification settings.
#[utoipa::path(get, path = "/notificationsettings", tag = "account",
    responses((status = 200, body = NotificationSettings), (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn get_settings(
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
#[utoipa::path(put, path = "/notificationsettings", tag = "account", request_body = SettingsBody,
    responses((status = 200, body = NotificationSettings), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn put_settings(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiBody(body): ApiBody<SettingsBody>,
) -> Result<Json<NotificationSettings>> {
    let input = SettingsInput::try_from(body)?;
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await?;
    storage::save(&mut tx, &me.id, &input, now).await?;
    let saved = storage::get_or_default(&mut tx, &me.id).await?;
    tx.commit().await?;
    Ok(Json(NotificationSettings::new(saved, now)))
}

/// Turns game day on (every reminder silenced until the end of today in the athlete's zone) or
/// off.
#[utoipa::path(put, path = "/notificationsettings/gameday", tag = "account", request_body = GameDayBody,
    responses((status = 200, body = NotificationSettings), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn put_game_day(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiBody(body): ApiBody<GameDayBody>,
) -> Result<Json<NotificationSettings>> {
    let on = bool::try_from(body)?;
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

#[derive(Deserialize)]
pub(crate) struct LinkQuery {
    t: Option<String>,
}

/// The token of a POST: from the address (`?t=`, as `List-Unsubscribe` gives it) or the form.
fn posted_token(query: LinkQuery, body: &[u8]) -> String {
    query
        .t
        .or_else(|| {
            url::form_urlencoded::parse(body)
                .find(|(name, _)| name == "t")
                .map(|(_, value)| value.into_owned())
        })
        .unwrap_or_default()
}

/// The link a token stands for by this server's secret and clock, or why it is refused.
fn verified(state: &AppState, token: &str, action: Action) -> std::result::Result<Link, Refused> {
    let secret = state.config.jwt_secret.expose();
    links::verify(token, secret, action, state.clock.now().timestamp())
}

/// `GET /_reminders/snooze?t=…`: asks, with one button; a mail scanner that opens the link
/// changes nothing.
async fn ask_snooze(State(state): State<AppState>, Query(q): Query<LinkQuery>) -> Response {
    let token = q.t.unwrap_or_default();
    match verified(&state, &token, Action::Snooze) {
        Ok(_) => pages::ask_snooze(&state.config.public_url, &token),
        Err(why) => pages::refused(&state.config.public_url, why),
    }
}

/// `POST /_reminders/snooze`: "Remind me in an hour".
async fn snooze(
    State(state): State<AppState>,
    Query(q): Query<LinkQuery>,
    body: axum::body::Bytes,
) -> Result<Response> {
    let now = state.clock.now();
    let base = &state.config.public_url;
    let link = match verified(&state, &posted_token(q, &body), Action::Snooze) {
        Ok(link) => link,
        Err(why) => return Ok(pages::refused(base, why)),
    };
    Ok(match one_click::snooze(&state.db, &link, now).await? {
        Some((due, settings)) => {
            let due = chrono::DateTime::from_timestamp_millis(due).unwrap_or(now);
            pages::snoozed(base, due, &settings)
        }
        None => pages::refused(base, Refused::Invalid),
    })
}

/// `GET /_reminders/unsubscribe?t=…`: asks, with one button.
async fn ask_unsubscribe(State(state): State<AppState>, Query(q): Query<LinkQuery>) -> Response {
    let token = q.t.unwrap_or_default();
    match verified(&state, &token, Action::Unsubscribe) {
        Ok(link) => pages::ask_unsubscribe(&state.config.public_url, &token, link.kind),
        Err(why) => pages::refused(&state.config.public_url, why),
    }
}

/// `POST /_reminders/unsubscribe`: turns off the kind of reminder the mail was; also the
/// one-click unsubscribe of mail programs (RFC 8058).
async fn unsubscribe(
    State(state): State<AppState>,
    Query(q): Query<LinkQuery>,
    body: axum::body::Bytes,
) -> Result<Response> {
    let now = state.clock.now();
    let base = &state.config.public_url;
    let link = match verified(&state, &posted_token(q, &body), Action::Unsubscribe) {
        Ok(link) => link,
        Err(why) => return Ok(pages::refused(base, why)),
    };
    Ok(
        if one_click::unsubscribe(&state.db, &link, now.timestamp_millis()).await? {
            pages::unsubscribed(base, link.kind)
        } else {
            pages::refused(base, Refused::Invalid)
        },
    )
}
