//! Practice events: what the athlete did and when (`vision_listened`, `breathing_done`, …), read
//! by the dashboard for streaks and the calendar.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::{IntoParams, ToSchema};

use crate::auth::CurrentUser;
use crate::db::{ms_to_rfc3339, now_ms};
use crate::error::{AppError, ErrorBody, Result};
use crate::http::json::ApiJson;
use crate::AppState;

/// The kinds the web app may record directly; planning saves record their own.
pub const RECORDABLE: [&str; 2] = ["vision_listened", "breathing_done"];

#[derive(Deserialize, ToSchema)]
pub struct NewPracticeEvent {
    /// `vision_listened` or `breathing_done`.
    pub kind: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PracticeEvent {
    pub id: String,
    pub kind: String,
    pub created_at: String,
}

#[derive(Deserialize, IntoParams)]
pub struct EventsQuery {
    /// How many days back to list (1 to 400, default 90).
    pub days: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct PracticeEvents {
    pub events: Vec<PracticeEvent>,
}

/// Records that the athlete finished a practice.
#[utoipa::path(post, path = "/practice/events", tag = "practice", request_body = NewPracticeEvent,
    responses((status = 201, body = PracticeEvent), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn record_event(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(input): ApiJson<NewPracticeEvent>,
) -> Result<(StatusCode, Json<PracticeEvent>)> {
    let kind = input.kind.unwrap_or_default();
    if !RECORDABLE.contains(&kind.as_str()) {
        return Err(AppError::bad_request(format!(
            "kind must be one of {}.",
            RECORDABLE.join(", ")
        )));
    }
    let event = PracticeEvent {
        id: uuid::Uuid::new_v4().to_string(),
        kind,
        created_at: String::new(),
    };
    let now = now_ms();
    sqlx::query(
        "INSERT INTO practice_events (id, user_id, kind, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(&event.id)
    .bind(&me.id)
    .bind(&event.kind)
    .bind(now)
    .execute(state.db.pool())
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(PracticeEvent {
            created_at: ms_to_rfc3339(now),
            ..event
        }),
    ))
}

/// The athlete's own practice events, newest first.
#[utoipa::path(get, path = "/practice/events", tag = "practice", params(EventsQuery),
    responses((status = 200, body = PracticeEvents), (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn list_events(
    State(state): State<AppState>,
    me: CurrentUser,
    Query(q): Query<EventsQuery>,
) -> Result<Json<PracticeEvents>> {
    let days = q.days.unwrap_or(90).clamp(1, 400);
    let since = now_ms() - days * 24 * 3600 * 1000;
    let rows = sqlx::query(
        "SELECT id, kind, created_at FROM practice_events WHERE user_id = $1 AND created_at >= $2 \
         ORDER BY created_at DESC LIMIT 5000",
    )
    .bind(&me.id)
    .bind(since)
    .fetch_all(state.db.pool())
    .await?;
    let events = rows
        .iter()
        .map(|r| {
            Ok(PracticeEvent {
                id: r.try_get("id")?,
                kind: r.try_get("kind")?,
                created_at: ms_to_rfc3339(r.try_get("created_at")?),
            })
        })
        .collect::<sqlx::Result<Vec<_>>>()?;
    Ok(Json(PracticeEvents { events }))
}
