//! `/_api/v1/sharing`, `/_api/v1/dailylogs/{id}/sharing`, `/_api/v1/team/board` and
//! `/_api/v1/team/athletes/{userId}`.

use axum::extract::{Path, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::board::{self, Flag, PracticeFigures};
use super::sharing::{self, Sharing};
use crate::app::AppState;
use crate::auth::{users, CurrentUser};
use crate::dashboard::days;
use crate::domain::TimeZone;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::json::ApiJson;
use crate::planning::dto::LogEntry;
use crate::planning::storage as planning;
use crate::teams::domain::TeamRole;
use crate::teams::extract::{action, TeamAdmin};
use crate::teams::storage::{self as teams, MemberRow};

/// This capability's product-API routes, joined under `/_api/v1` by `app::router`.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_sharing, put_sharing))
        .routes(routes!(share_entry))
        .routes(routes!(get_board))
        .routes(routes!(get_team_athlete))
}

/// What the caller's team coaches may see.
#[utoipa::path(get, path = "/sharing", tag = "coaching",
    responses((status = 200, body = Sharing), (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn get_sharing(
    State(state): State<AppState>,
    me: CurrentUser,
) -> Result<Json<Sharing>> {
    let mut conn = state.db.pool().acquire().await?;
    Ok(Json(sharing::of(&mut conn, &me.id).await?))
}

/// Changes what the caller's team coaches may see, from their next request.
#[utoipa::path(put, path = "/sharing", tag = "coaching", request_body = Sharing,
    responses((status = 200, body = Sharing), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn put_sharing(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<Sharing>,
) -> Result<Json<Sharing>> {
    let mut tx = state.db.begin_write().await?;
    sharing::set(&mut tx, &me.id, body, state.clock.now_ms()).await?;
    let now_shared = sharing::of(&mut tx, &me.id).await?;
    tx.commit().await?;
    Ok(Json(now_shared))
}

/// Whether one entry is shown to the coach.
#[derive(Serialize, Deserialize, ToSchema)]
pub(crate) struct EntrySharing {
    pub shared: bool,
}

/// Shows one of the caller's daily actions or weekly maps to their coach, or hides it again.
#[utoipa::path(put, path = "/dailylogs/{id}/sharing", tag = "coaching", request_body = EntrySharing,
    params(("id" = String, Path, description = "A daily action's or weekly map's id")),
    responses((status = 200, body = EntrySharing), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn share_entry(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<EntrySharing>,
) -> Result<Json<EntrySharing>> {
    let mut tx = state.db.begin_write().await?;
    let shared_at = body.shared.then(|| state.clock.now_ms());
    if !planning::set_shared(&mut tx, &me.id, &id, shared_at).await? {
        return Err(AppError::not_found(
            "There is no such entry in your daily logs.",
        ));
    }
    tx.commit().await?;
    Ok(Json(body))
}

/// One athlete's row of the board: `null` where the athlete does not share.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct BoardAthlete {
    pub user_id: String,
    pub first_name: String,
    pub last_name: String,
    pub sharing: Sharing,
    pub last_practice_at: Option<String>,
    pub practice_days7: Option<u32>,
    pub practice_days28: Option<u32>,
    pub streak_days: Option<u32>,
    /// The last 28 days' practice counts, oldest first, for a sparkline.
    pub last28: Option<Vec<u32>>,
    /// The latest check-in and 28-day averages; `null` unless the athlete shares check-ins.
    #[schema(value_type = Option<Object>)]
    pub checkin: Option<serde_json::Value>,
    pub flags: Vec<Flag>,
}

/// Athletes who practised, of those who share their practice.
#[derive(Serialize, ToSchema)]
pub(crate) struct Share {
    pub athletes: u32,
    pub of: u32,
}

/// The team calendar: per day, how many athletes (of those sharing) practised.
#[derive(Serialize, ToSchema)]
pub(crate) struct TeamDay {
    /// `YYYY-MM-DD`, each athlete's practice counted on their own calendar day.
    pub date: String,
    pub athletes: u32,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Board {
    /// Who needs attention first: flagged athletes, then the longest without practice.
    pub athletes: Vec<BoardAthlete>,
    pub practised_today: Share,
    /// Since each athlete's local Monday.
    pub practised_this_week: Share,
    /// The last 84 days, oldest first.
    pub calendar: Vec<TeamDay>,
}

/// The athletes of the coach's team: every member but the admins.
async fn athletes(conn: &mut AnyConnection, team_id: &str) -> Result<Vec<MemberRow>> {
    Ok(teams::members(conn, team_id)
        .await?
        .into_iter()
        .filter(|m| m.role != TeamRole::Admin)
        .collect())
}

/// The figures an athlete shares, read only when shared.
async fn shared_figures(
    conn: &mut AnyConnection,
    user_id: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<(Sharing, Option<PracticeFigures>)> {
    let shares = sharing::of(conn, user_id).await?;
    if !shares.practice {
        return Ok((shares, None));
    }
    let time_zone = users::by_id(conn, user_id).await?.and_then(|u| u.time_zone);
    let figures = board::practice_figures(conn, user_id, time_zone.as_deref(), now).await?;
    Ok((shares, Some(figures)))
}

/// The coach board: each athlete's shared figures and flags, the team's share who practised
/// today and this week, and a 12-week team calendar (team admins only).
#[utoipa::path(get, path = "/team/board", tag = "coaching",
    responses((status = 200, body = Board), (status = 401, body = ErrorBody),
              (status = 403, description = "Not an admin of the team", body = ErrorBody),
              (status = 404, description = "Not part of a team", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn get_board(
    State(state): State<AppState>,
    admin: TeamAdmin<action::SeeBoard>,
) -> Result<Json<Board>> {
    let now = state.clock.now();
    let mut conn = state.db.pool().acquire().await?;
    let mut rows = Vec::new();
    let (mut today, mut week, mut sharing_practice) = (0, 0, 0);
    let mut calendar: std::collections::BTreeMap<String, u32> = Default::default();
    for member in athletes(&mut conn, &admin.team.id).await? {
        let (shares, figures) = shared_figures(&mut conn, &member.user_id, now).await?;
        let flags = figures
            .as_ref()
            .map(board::practice_flags)
            .unwrap_or_default();
        if let Some(f) = &figures {
            sharing_practice += 1;
            today += u32::from(f.calendar.last().is_some_and(|d| d.count > 0));
            week += u32::from(f.this_week);
            for day in &f.calendar {
                *calendar.entry(day.date.clone()).or_default() += u32::from(day.count > 0);
            }
        }
        rows.push((
            figures.as_ref().and_then(|f| f.last_practice_at.clone()),
            BoardAthlete {
                user_id: member.user_id,
                first_name: member.first_name,
                last_name: member.last_name,
                sharing: shares,
                last_practice_at: figures.as_ref().and_then(|f| f.last_practice_at.clone()),
                practice_days7: figures.as_ref().map(|f| f.practice_days7),
                practice_days28: figures.as_ref().map(|f| f.practice_days28),
                streak_days: figures.as_ref().map(|f| f.streak_days),
                last28: figures.as_ref().map(|f| {
                    f.calendar
                        .iter()
                        .rev()
                        .take(28)
                        .rev()
                        .map(|d| d.count)
                        .collect()
                }),
                checkin: None,
                flags,
            },
        ));
    }
    // Flagged first; then those who share, the longest without practice first (never before
    // any date); then by name.
    rows.sort_by(|(a_last, a), (b_last, b)| {
        b.flags
            .len()
            .cmp(&a.flags.len())
            .then_with(|| b.sharing.practice.cmp(&a.sharing.practice))
            .then_with(|| a_last.cmp(b_last))
            .then_with(|| (&a.first_name, &a.last_name).cmp(&(&b.first_name, &b.last_name)))
    });
    let coach_tz = users::by_id(&mut conn, &admin.user.id)
        .await?
        .and_then(|u| u.time_zone);
    let coach_today = days::local_day(now, TimeZone::stored_or_utc(coach_tz.as_deref()).tz());
    let calendar = days::heatmap_start(coach_today)
        .iter_days()
        .take(days::HEATMAP_DAYS as usize)
        .map(|d| {
            let date = d.to_string();
            let athletes = calendar.get(&date).copied().unwrap_or(0);
            TeamDay { date, athletes }
        })
        .collect();
    Ok(Json(Board {
        athletes: rows.into_iter().map(|(_, a)| a).collect(),
        practised_today: Share {
            athletes: today,
            of: sharing_practice,
        },
        practised_this_week: Share {
            athletes: week,
            of: sharing_practice,
        },
        calendar,
    }))
}

/// One athlete as their coach sees them: shared figures over 12 weeks and shared entries.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AthleteDetail {
    pub user_id: String,
    pub first_name: String,
    pub last_name: String,
    pub sharing: Sharing,
    /// `null` unless the athlete shares their practice.
    pub practice: Option<PracticeFigures>,
    pub flags: Vec<Flag>,
    /// `null` unless the athlete shares check-ins.
    #[schema(value_type = Option<Object>)]
    pub checkins: Option<serde_json::Value>,
    /// The daily actions and weekly maps the athlete chose to show, newest first.
    pub shared_entries: Vec<LogEntry>,
}

/// One athlete of the coach's team (404 for anyone not an athlete of it).
#[utoipa::path(get, path = "/team/athletes/{userId}", tag = "coaching",
    params(("userId" = String, Path, description = "The athlete's user id")),
    responses((status = 200, body = AthleteDetail), (status = 401, body = ErrorBody),
              (status = 403, description = "Not an admin of the team", body = ErrorBody),
              (status = 404, description = "Not part of a team, or no such athlete in it", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn get_team_athlete(
    State(state): State<AppState>,
    admin: TeamAdmin<action::SeeBoard>,
    Path(user_id): Path<String>,
) -> Result<Json<AthleteDetail>> {
    let now = state.clock.now();
    let mut conn = state.db.pool().acquire().await?;
    let member = athletes(&mut conn, &admin.team.id)
        .await?
        .into_iter()
        .find(|m| m.user_id == user_id)
        .ok_or_else(|| AppError::not_found("There is no such athlete in your team."))?;
    let (shares, figures) = shared_figures(&mut conn, &member.user_id, now).await?;
    let flags = figures
        .as_ref()
        .map(board::practice_flags)
        .unwrap_or_default();
    let (daily, weekly) = planning::shared_entries(&mut conn, &member.user_id, 100).await?;
    let mut entries: Vec<LogEntry> = daily
        .into_iter()
        .map(LogEntry::daily)
        .chain(weekly.into_iter().map(LogEntry::weekly))
        .collect();
    entries.sort_by(|a, b| b.created_at.cmp(&a.created_at));
    Ok(Json(AthleteDetail {
        user_id: member.user_id,
        first_name: member.first_name,
        last_name: member.last_name,
        sharing: shares,
        practice: figures,
        flags,
        checkins: None,
        shared_entries: entries,
    }))
}
