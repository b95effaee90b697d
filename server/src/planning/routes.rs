//! `/_api/v1/userinput/dailyaction…`, `…/weeklymap…`, the two "recent" calls of SPEC §7 and
//! `/_api/v1/dailylogs`.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::routes;

use super::dto::{
    DailyActionBody, DailyActionEntry, LogEntry, RecentObjectives, WeeklyMapBody, WeeklyMapEntry,
    WeeklyObjectives,
};
use super::entries::{DailyActionInput, WeeklyMapInput};
use super::service::{self, latest_objectives};
use super::storage::{self, Cursor};
use super::{logs, logs_json};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::billing::PaidUser;
use crate::db::Transaction;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::api_router::ApiRouter;
use crate::http::json::ApiBody;
use crate::http::json_object;
use crate::idempotency::{self, IdempotencyKey};
use crate::practice::late::happened_at;
use serde_json::Value;

/// This capability's product-API routes, joined under `/_api/v1` by `app::router`.
pub fn routes() -> ApiRouter<AppState> {
    ApiRouter::new()
        .routes(routes!(save_daily_action, list_daily_actions))
        .routes(routes!(get_daily_action))
        .routes(routes!(save_weekly_map, list_weekly_maps))
        .routes(routes!(get_weekly_map))
        .routes(routes!(recent_objectives))
        .routes(routes!(recent_weekly_map))
        .routes(routes!(daily_logs))
        .routes(routes!(daily_log))
}

#[derive(Deserialize, IntoParams)]
pub(crate) struct LimitQuery {
    /// How many to answer, 1 to 100 (default 100).
    #[param(value_type = i64, required = false, minimum = 1, maximum = 100)]
    pub limit: Option<String>,
}

/// Parses `?limit=`: a whole number from 1 to `max`.
pub(crate) fn parse_limit(raw: Option<&str>, default: i64, max: i64) -> Result<i64> {
    match raw.map(str::trim) {
        None | Some("") => Ok(default),
        Some(s) => match s.parse::<i64>() {
            Ok(n) if (1..=max).contains(&n) => Ok(n),
            _ => Err(AppError::bad_request(format!(
                "limit must be a whole number from 1 to {max}."
            ))),
        },
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct DailyActionList {
    pub daily_actions: Vec<DailyActionEntry>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct WeeklyMapList {
    pub weekly_maps: Vec<WeeklyMapEntry>,
}

/// Saves today's daily action (or, with `at`, one written offline). With an `Idempotency-Key`,
/// the same key within 24 hours answers the first save and stores nothing new.
#[utoipa::path(post, path = "/userinput/dailyaction", tag = "planning", request_body = DailyActionBody,
    params(("Idempotency-Key" = Option<String>, Header, description = "A key the app made for this draft (1 to 255 visible characters)")),
    responses((status = 201, body = DailyActionEntry), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 409, description = "The key was used for another kind of save", body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn save_daily_action(
    State(state): State<AppState>,
    PaidUser(me): PaidUser,
    key: IdempotencyKey,
    ApiBody(body): ApiBody<DailyActionBody>,
) -> Result<(StatusCode, Json<Value>)> {
    let now = state.clock.now_ms();
    let at = happened_at(written_at(body.at.as_ref())?, now)?;
    let input = DailyActionInput::try_from(body)?;
    let tx = state.db.begin_local_write().await?;
    let saved = idempotency::once(tx, &me.id, &key, "dailyaction", now, async |tx| {
        let saved = storage::save_daily_action(tx.writes(), &me.id, &input, at).await?;
        Ok(DailyActionEntry::from(saved))
    })
    .await?;
    Ok((StatusCode::CREATED, Json(saved)))
}

/// The `at` of a body: when a daily action saved offline was written.
fn written_at(raw: Option<&Value>) -> Result<Option<&str>> {
    match raw {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(at)) => Ok(Some(at)),
        Some(_) => Err(AppError::bad_request(
            "at must be the time the practice happened, written like 2026-11-25T21:30:00Z.",
        )),
    }
}

/// The athlete's daily actions, newest first (`GetDailyActions100`).
#[utoipa::path(get, path = "/userinput/dailyaction", tag = "planning", params(LimitQuery),
    responses((status = 200, body = DailyActionList), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn list_daily_actions(
    State(state): State<AppState>,
    me: CurrentUser,
    Query(q): Query<LimitQuery>,
) -> Result<Json<DailyActionList>> {
    let limit = parse_limit(q.limit.as_deref(), 100, 100)?;
    let mut reads = state.db.reads().await?;
    let list = storage::daily_actions(&mut reads, &me.id, None, limit).await?;
    Ok(Json(DailyActionList {
        daily_actions: list.into_iter().map(Into::into).collect(),
    }))
}

/// One of the athlete's own daily actions (404 for anyone else's).
#[utoipa::path(get, path = "/userinput/dailyaction/{id}", tag = "planning",
    params(("id" = String, Path, description = "The daily action's id")),
    responses((status = 200, body = DailyActionEntry), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn get_daily_action(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<DailyActionEntry>> {
    let mut reads = state.db.reads().await?;
    storage::daily_action(&mut reads, &me.id, &id)
        .await?
        .map(|d| Json(d.into()))
        .ok_or_else(|| AppError::not_found("There is no such daily action in your logs."))
}

/// Saves this week's map. With an `Idempotency-Key`, the same key within 24 hours answers the
/// first save and stores nothing new.
#[utoipa::path(post, path = "/userinput/weeklymap", tag = "planning", request_body = WeeklyMapBody,
    params(("Idempotency-Key" = Option<String>, Header, description = "A key the app made for this draft (1 to 255 visible characters)")),
    responses((status = 201, body = WeeklyMapEntry), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 409, description = "The key was used for another kind of save", body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn save_weekly_map(
    State(state): State<AppState>,
    PaidUser(me): PaidUser,
    key: IdempotencyKey,
    ApiBody(body): ApiBody<WeeklyMapBody>,
) -> Result<(StatusCode, Json<Value>)> {
    let input = WeeklyMapInput::try_from(body)?;
    let now = state.clock.now_ms();
    let tx = state.db.begin_write().await?;
    let saved = idempotency::once(tx, &me.id, &key, "weeklymap", now, async |tx| {
        let saved = service::save_weekly_map(tx, &me.id, &input, now).await?;
        Ok(WeeklyMapEntry::from(saved))
    })
    .await?;
    Ok((StatusCode::CREATED, Json(saved)))
}

/// The athlete's weekly maps, newest first.
#[utoipa::path(get, path = "/userinput/weeklymap", tag = "planning", params(LimitQuery),
    responses((status = 200, body = WeeklyMapList), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn list_weekly_maps(
    State(state): State<AppState>,
    me: CurrentUser,
    Query(q): Query<LimitQuery>,
) -> Result<Json<WeeklyMapList>> {
    let limit = parse_limit(q.limit.as_deref(), 100, 100)?;
    let mut reads = state.db.reads().await?;
    let list = storage::weekly_maps(&mut reads, &me.id, None, limit).await?;
    Ok(Json(WeeklyMapList {
        weekly_maps: list.into_iter().map(Into::into).collect(),
    }))
}

/// One of the athlete's own weekly maps (404 for anyone else's).
#[utoipa::path(get, path = "/userinput/weeklymap/{id}", tag = "planning",
    params(("id" = String, Path, description = "The weekly map's id")),
    responses((status = 200, body = WeeklyMapEntry), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn get_weekly_map(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<WeeklyMapEntry>> {
    let mut reads = state.db.reads().await?;
    storage::weekly_map(&mut reads, &me.id, &id)
        .await?
        .map(|w| Json(w.into()))
        .ok_or_else(|| AppError::not_found("There is no such weekly map in your logs."))
}

/// The newest daily and weekly objectives; 404 when the athlete has saved neither.
#[utoipa::path(get, path = "/userinput/weeklymapdailyobjectivesrecent", tag = "planning",
    responses((status = 200, body = RecentObjectives), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn recent_objectives(
    State(state): State<AppState>,
    me: CurrentUser,
) -> Result<Json<RecentObjectives>> {
    let mut reads = state.db.reads().await?;
    let recent = latest_objectives(&mut reads, &me.id).await?;
    if recent.daily_objectives.is_none() && recent.weekly_map.is_none() {
        return Err(AppError::not_found(
            "No daily action or weekly map is saved yet.",
        ));
    }
    Ok(Json(recent))
}

/// The newest weekly objectives; 404 before the first weekly map.
#[utoipa::path(get, path = "/userinput/weeklymaprecent", tag = "planning",
    responses((status = 200, body = WeeklyObjectives), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn recent_weekly_map(
    State(state): State<AppState>,
    me: CurrentUser,
) -> Result<Json<WeeklyObjectives>> {
    let mut reads = state.db.reads().await?;
    storage::latest_weekly_map(&mut reads, &me.id)
        .await?
        .map(|w| Json(WeeklyMapEntry::from(w).objectives))
        .ok_or_else(|| AppError::not_found("No weekly map is saved yet."))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct DailyLogs {
    pub entries: Vec<LogEntry>,
    /// Pass as `before` for the next page; `null` on the last page.
    pub next_before: Option<String>,
}

#[derive(Deserialize, IntoParams)]
pub(crate) struct LogsQuery {
    /// Entries per page, 1 to 100 (default 20).
    #[param(value_type = i64, required = false, minimum = 1, maximum = 100)]
    pub limit: Option<String>,
    /// The `nextBefore` of the previous page.
    pub before: Option<String>,
}

fn encode_cursor(c: &Cursor) -> String {
    format!("{}_{}", c.created_at, c.id)
}

fn decode_cursor(raw: &str) -> Result<Cursor> {
    let bad = || {
        AppError::bad_request(
            "before must be the nextBefore of a previous page of daily logs; start again without it.",
        )
    };
    let (at, id) = raw.trim().split_once('_').ok_or_else(bad)?;
    let created_at = at.parse::<i64>().map_err(|_| bad())?;
    if id.is_empty() || id.len() > 64 {
        return Err(bad());
    }
    Ok(Cursor {
        created_at,
        id: id.to_owned(),
    })
}

/// Daily actions and weekly maps together, newest first, a page at a time.
#[utoipa::path(get, path = "/dailylogs", tag = "planning", params(LogsQuery),
    responses((status = 200, body = DailyLogs), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn daily_logs(
    State(state): State<AppState>,
    me: CurrentUser,
    Query(q): Query<LogsQuery>,
) -> Result<Response> {
    let limit = parse_limit(q.limit.as_deref(), 20, 100)?;
    let before = q
        .before
        .as_deref()
        .filter(|s| !s.trim().is_empty())
        .map(decode_cursor)
        .transpose()?;
    // One more than a page: it tells whether another page exists.
    let mut entries = logs::page(
        &mut state.db.reads().await?,
        &me.id,
        before.as_ref(),
        limit + 1,
    )
    .await?;
    let more = entries.len() as i64 > limit;
    entries.truncate(limit as usize);
    let next_before = more
        .then(|| entries.last().map(|e| encode_cursor(&e.cursor())))
        .flatten();
    Ok(json_object::answer(logs_json::page(
        &entries,
        next_before.as_deref(),
    )))
}

/// One entry of the daily logs by id, whichever kind it is (404 for anyone else's).
#[utoipa::path(get, path = "/dailylogs/{id}", tag = "planning",
    params(("id" = String, Path, description = "A daily action's or weekly map's id")),
    responses((status = 200, body = LogEntry), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn daily_log(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<LogEntry>> {
    let mut reads = state.db.reads().await?;
    if let Some(d) = storage::daily_action(&mut reads, &me.id, &id).await? {
        return Ok(Json(LogEntry::daily(d)));
    }
    storage::weekly_map(&mut reads, &me.id, &id)
        .await?
        .map(|w| Json(LogEntry::weekly(w)))
        .ok_or_else(|| AppError::not_found("There is no such entry in your daily logs."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_and_cursors_refuse_what_they_cannot_read() {
        assert_eq!(parse_limit(None, 20, 100).unwrap(), 20);
        assert_eq!(parse_limit(Some("100"), 20, 100).unwrap(), 100);
        for bad in ["0", "101", "ten", "-3"] {
            assert_eq!(
                parse_limit(Some(bad), 20, 100).unwrap_err().to_string(),
                "limit must be a whole number from 1 to 100."
            );
        }
        let c = Cursor {
            created_at: 1_700_000_000_000,
            id: "0b7e".into(),
        };
        assert_eq!(decode_cursor(&encode_cursor(&c)).unwrap(), c);
        assert!(decode_cursor("yesterday").is_err());
        assert!(decode_cursor("12_").is_err());
    }
}
