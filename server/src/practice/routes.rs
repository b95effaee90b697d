//! `/_api/v1/practice/events`: the web app records a finished bedtime practice and lists its own.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::routes;

use super::dto::PracticeEvent;
use super::late::happened_at;
use super::storage::{self, PageEnd};
use super::PracticeKind;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::api_router::ApiRouter;
use crate::http::json::ApiJson;

/// This capability's product-API routes, joined under `/_api/v1` by `app::router`.
pub fn routes() -> ApiRouter<AppState> {
    ApiRouter::new().routes(routes!(record_event, list_events))
}

#[derive(Deserialize, ToSchema)]
pub struct NewPracticeEvent {
    /// `vision_listened` or `breathing_done`.
    #[schema(required = true)]
    pub kind: Option<String>,
    /// When the practice happened (RFC 3339), for practice done offline and sent later: at
    /// most 7 days back, never in the future (up to 5 minutes of clock difference are taken as
    /// now). Left out: now.
    pub at: Option<String>,
    /// A UUID the device chose for this practice: sending it again answers the first event
    /// (200) instead of recording it twice.
    pub id: Option<String>,
}

fn event_id(raw: Option<&str>) -> Result<Option<String>> {
    raw.map(|id| {
        uuid::Uuid::parse_str(id.trim())
            .map(|u| u.to_string())
            .map_err(|_| {
                AppError::bad_request(
                    "id must be a UUID the device chose, such as 3f2b8c1e-0d4a-4c7e-9b1a-2f6d8e9c0a1b.",
                )
            })
    })
    .transpose()
}

#[derive(Deserialize, IntoParams)]
pub(crate) struct EventsQuery {
    /// How many days back to list (1 to 400, default 90).
    pub days: Option<i64>,
    /// Events per page (1 to 1000, default 1000).
    pub limit: Option<i64>,
    /// The `next` of the previous page, to list the events older than it.
    pub cursor: Option<String>,
}

/// The largest page of events.
const MAX_PAGE: i64 = 1000;

#[derive(Serialize, ToSchema)]
pub(crate) struct PracticeEvents {
    pub events: Vec<PracticeEvent>,
    /// Present when older events remain: pass it as `cursor` to list them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
}

fn encode_cursor(end: &PageEnd) -> String {
    format!("{}.{}", end.created_at, end.id)
}

fn decode_cursor(raw: &str) -> Result<PageEnd> {
    raw.split_once('.')
        .and_then(|(ms, id)| {
            let created_at = ms.parse().ok()?;
            let id = uuid::Uuid::parse_str(id).ok()?.to_string();
            Some(PageEnd { created_at, id })
        })
        .ok_or_else(|| {
            AppError::bad_request(
                "cursor must be the `next` value of a previous page; leave it out for the first page.",
            )
        })
}

fn recordable(raw: Option<&str>) -> Result<PracticeKind> {
    raw.and_then(PracticeKind::from_name)
        .filter(|k| PracticeKind::RECORDABLE.contains(k))
        .ok_or_else(|| {
            let names: Vec<_> = PracticeKind::RECORDABLE
                .iter()
                .map(|k| k.as_str())
                .collect();
            AppError::bad_request(format!("kind must be one of {}.", names.join(", ")))
        })
}

/// Records that the athlete finished a practice, now or (sent later from a device that was
/// offline) when it happened.
#[utoipa::path(post, path = "/practice/events", tag = "practice", request_body = NewPracticeEvent,
    responses((status = 201, body = PracticeEvent),
              (status = 200, description = "This id was sent before: the event it recorded", body = PracticeEvent),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 409, description = "The id names an event that is not the caller's", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn record_event(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(input): ApiJson<NewPracticeEvent>,
) -> Result<(StatusCode, Json<PracticeEvent>)> {
    let kind = recordable(input.kind.as_deref())?;
    let at = happened_at(input.at.as_deref(), state.clock.now_ms())?;
    let id = event_id(input.id.as_deref())?;
    let mut tx = state.db.begin_write().await?;
    let Some(id) = id else {
        let event = storage::record(&mut tx, &me.id, kind, at).await?;
        tx.commit().await?;
        return Ok((StatusCode::CREATED, Json(event.into())));
    };
    if storage::record_once(&mut tx, &me.id, &id, kind, at).await? {
        tx.commit().await?;
        let event = storage::Event {
            id,
            kind,
            created_at: at,
        };
        return Ok((StatusCode::CREATED, Json(event.into())));
    }
    match storage::own_event(&mut tx, &me.id, &id).await? {
        Some(first) => Ok((StatusCode::OK, Json(first.into()))),
        None => Err(AppError::conflict(
            "This id is already taken: give the practice a new UUID.",
        )),
    }
}

/// The athlete's own practice events, newest first, a page at a time: follow `next` until it
/// is absent to list them all.
#[utoipa::path(get, path = "/practice/events", tag = "practice", params(EventsQuery),
    responses((status = 200, body = PracticeEvents), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn list_events(
    State(state): State<AppState>,
    me: CurrentUser,
    Query(q): Query<EventsQuery>,
) -> Result<Json<PracticeEvents>> {
    let days = q.days.unwrap_or(90).clamp(1, 400);
    let limit = q.limit.unwrap_or(MAX_PAGE).clamp(1, MAX_PAGE);
    let after = q.cursor.as_deref().map(decode_cursor).transpose()?;
    let now = state.clock.now_ms();
    let since = now - days * 24 * 3600 * 1000;
    let mut conn = state.db.pool().acquire().await?;
    let (events, end) =
        storage::page(&mut conn, &me.id, since, now + 1, after.as_ref(), limit).await?;
    Ok(Json(PracticeEvents {
        events: events.into_iter().map(Into::into).collect(),
        next: end.as_ref().map(encode_cursor),
    }))
}
