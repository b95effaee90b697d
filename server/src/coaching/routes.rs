//! `/_api/v1/sharing`, `/_api/v1/dailylogs/{id}/sharing`, `/_api/v1/team/board` and
//! `/_api/v1/team/athletes/{userId}`.

use axum::extract::{Path, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::routes;

use super::board::{self, Flag, PracticeFigures};
use super::checkin_figures::CheckinFigures;
use super::focus::{self, FocusInput, FocusText, TeamFocus};
use super::nudges::{self, NudgeMessage, NudgeOutcome, NudgeRequest, Nudged};
use super::roster::{self, Athlete};
use super::sharing::{self, Sharing, SharingChange};
use super::team_board::{self, Board};
use crate::app::AppState;
use crate::auth::{users, CurrentUser};
use crate::dashboard::days;
use crate::db::Reads;
use crate::domain::TimeZone;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::api_router::ApiRouter;
use crate::http::json::ApiJson;
use crate::mail::templates;
use crate::planning::dto::LogEntry;
use crate::planning::storage as planning;
use crate::push::notify;
use crate::reminders::storage as reminder_settings;
use crate::teams::extract::{action, TeamAdmin};

/// This capability's product-API routes, joined under `/_api/v1` by `app::router`.
pub fn routes() -> ApiRouter<AppState> {
    ApiRouter::new()
        .routes(routes!(get_sharing, put_sharing))
        .routes(routes!(share_entry))
        .routes(routes!(get_board))
        .routes(routes!(get_team_athlete))
        .routes(routes!(send_nudge))
        .routes(routes!(get_focus, put_focus))
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
#[utoipa::path(put, path = "/sharing", tag = "coaching", request_body = SharingChange,
    responses((status = 200, body = Sharing), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn put_sharing(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<SharingChange>,
) -> Result<Json<Sharing>> {
    let mut tx = state.db.begin_write().await?;
    let now_shared = sharing::set(&mut tx, &me.id, body, state.clock.now_ms()).await?;
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

/// The coach board: each athlete's shared figures and flags, the team's share who practised
/// today and this week and who planned toward the week's focus, and a 12-week team calendar
/// (team admins only).
#[utoipa::path(get, path = "/team/board", tag = "coaching",
    responses((status = 200, body = Board), (status = 401, body = ErrorBody),
              (status = 403, description = "Not an admin of the team", body = ErrorBody),
              (status = 404, description = "Not part of a team", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn get_board(
    State(state): State<AppState>,
    admin: TeamAdmin<action::SeeBoard>,
) -> Result<Json<Board>> {
    // On SQLite the board's reads run on the request's thread (`Db::reads`): each of its rows
    // through sqlx was a hop to the connection's thread and back.
    let mut reads = state.db.reads().await?;
    let coach_tz = users::by_id(&mut reads, &admin.user.id)
        .await?
        .and_then(|u| u.time_zone);
    let tz = TimeZone::stored_or_utc(coach_tz.as_deref()).tz();
    let board = team_board::build(
        &mut reads,
        &admin.team.id,
        tz,
        state.clock.now(),
        &state.streaks,
    )
    .await?;
    Ok(Json(board))
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
    /// The last 12 weeks' check-ins (numbers only) and 28-day averages; `null` unless the
    /// athlete shares check-ins.
    pub checkins: Option<CheckinFigures>,
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
    let mut conn = state.db.pool().acquire().await?;
    let athlete = roster::athletes(&mut conn, &admin.team.id)
        .await?
        .into_iter()
        .find(|a| a.user_id == user_id)
        .ok_or_else(|| AppError::not_found("There is no such athlete in your team."))?;
    let shared = team_board::shared(
        &mut Reads::from(&mut conn),
        vec![athlete],
        state.clock.now(),
        days::HEATMAP_DAYS,
        &state.streaks,
    )
    .await?
    .pop()
    .ok_or_else(|| AppError::not_found("There is no such athlete in your team."))?;
    let member = &shared.athlete;
    let (daily, weekly) = planning::shared_entries(&mut conn, &member.user_id, 100).await?;
    let mut entries: Vec<LogEntry> = daily
        .into_iter()
        .map(LogEntry::daily)
        .chain(weekly.into_iter().map(LogEntry::weekly))
        .collect();
    entries.sort_by(|a, b| b.created_at.cmp(&a.created_at));
    Ok(Json(AthleteDetail {
        user_id: shared.athlete.user_id,
        first_name: shared.athlete.first_name,
        last_name: shared.athlete.last_name,
        sharing: shared.athlete.sharing,
        practice: shared.practice,
        flags: shared.flags,
        checkins: shared.checkins,
        shared_entries: entries,
    }))
}

/// Most athletes one nudge names.
const MAX_NUDGED: usize = 200;

/// Sends a short note from the coach to the chosen athletes (`userIds`), or with `null` to every
/// athlete who shares their practice and has not practised today; at most one a day each, never
/// to an athlete who turned coach notes off. Answers who got it and why the others did not.
#[utoipa::path(post, path = "/team/nudge", tag = "coaching", request_body = NudgeRequest,
    responses((status = 200, body = NudgeOutcome), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody),
              (status = 403, description = "Not an admin of the team", body = ErrorBody),
              (status = 404, description = "Not part of a team", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn send_nudge(
    State(state): State<AppState>,
    admin: TeamAdmin<action::Nudge>,
    ApiJson(body): ApiJson<NudgeRequest>,
) -> Result<Json<NudgeOutcome>> {
    let message = NudgeMessage::parse(&body.message)?;
    let now = state.clock.now();
    let mut conn = state.db.pool().acquire().await?;
    let team_athletes = roster::athletes(&mut conn, &admin.team.id).await?;
    let targets: Vec<Athlete> = match body.user_ids {
        Some(ids) => {
            if ids.is_empty() || ids.len() > MAX_NUDGED {
                return Err(AppError::bad_request(format!(
                    "Choose 1 to {MAX_NUDGED} athletes (userIds), or send null for everyone who has not practised today."
                )));
            }
            let mut chosen: Vec<Athlete> = Vec::new();
            for id in ids {
                let athlete = team_athletes
                    .iter()
                    .find(|a| a.user_id == id.trim())
                    .ok_or_else(|| {
                        AppError::bad_request(
                            "One of the chosen people is not an athlete of your team (userIds).",
                        )
                    })?;
                if !chosen.iter().any(|c| c.user_id == athlete.user_id) {
                    chosen.push(athlete.clone());
                }
            }
            chosen
        }
        None => {
            let practice = board::team_practice(
                &mut Reads::from(&mut conn),
                &team_athletes,
                now,
                Some(&state.streaks),
            )
            .await?;
            team_athletes
                .into_iter()
                .filter(|a| {
                    practice
                        .get(&a.user_id)
                        .is_some_and(|f| f.calendar.last().is_none_or(|d| d.count == 0))
                })
                .collect()
        }
    };
    drop(conn);
    let now_ms = now.timestamp_millis();
    let mut tx = state.db.begin_write().await?;
    let coach = users::by_id(&mut tx, &admin.user.id)
        .await?
        .ok_or_else(|| AppError::not_found("Your account no longer exists."))?;
    let coach_name = format!("{} {}", coach.first_name.trim(), coach.last_name.trim());
    let coach_name = match coach_name.trim() {
        "" => "Your coach".to_owned(),
        name => name.to_owned(),
    };
    let dashboard = format!("{}/user-dashboard", state.config.public_url);
    let mut outcome = NudgeOutcome {
        sent: Vec::new(),
        skipped: Vec::new(),
    };
    for target in targets {
        let Some(athlete) = users::by_id(&mut tx, &target.user_id).await? else {
            continue;
        };
        let reason = nudges::record(
            &mut tx,
            &admin.team.id,
            &admin.user.id,
            &athlete,
            &message,
            now_ms,
        )
        .await?;
        if reason.is_none() {
            let mail = templates::coach_nudge(
                &athlete.email,
                &athlete.first_name,
                (&coach_name, &coach.email),
                &admin.team.name,
                message.as_str(),
                &dashboard,
            );
            let secret = state.config.jwt_secret.expose();
            let note = nudges::notification(&athlete, &coach_name, &message, secret, now_ms);
            let channel = reminder_settings::get_or_default(&mut tx, &athlete.id)
                .await?
                .channels
                .nudge;
            notify::notify(
                &mut tx,
                state.outboxes(),
                &athlete.id,
                channel,
                &mail,
                &note,
                now_ms,
            )
            .await?;
        }
        let nudged = Nudged {
            user_id: target.user_id,
            first_name: target.first_name,
            last_name: target.last_name,
            reason: reason.map(str::to_owned),
        };
        match nudged.reason {
            None => outcome.sent.push(nudged),
            Some(_) => outcome.skipped.push(nudged),
        }
    }
    tx.commit().await?;
    Ok(Json(outcome))
}

/// The week's focus of the caller's team (any member).
#[utoipa::path(get, path = "/team/focus", tag = "coaching",
    responses((status = 200, body = TeamFocus), (status = 401, body = ErrorBody),
              (status = 404, description = "Not part of a team", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn get_focus(
    State(state): State<AppState>,
    me: CurrentUser,
) -> Result<Json<TeamFocus>> {
    let mut conn = state.db.pool().acquire().await?;
    focus::of_member(&mut conn, &me.id)
        .await?
        .map(Json)
        .ok_or_else(|| AppError::not_found(crate::teams::service::NOT_IN_TEAM))
}

/// Sets the week's focus of the team (admins), shown on every athlete's dashboard.
#[utoipa::path(put, path = "/team/focus", tag = "coaching", request_body = FocusInput,
    responses((status = 200, body = TeamFocus), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody),
              (status = 403, description = "Not an admin of the team", body = ErrorBody),
              (status = 404, description = "Not part of a team", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn put_focus(
    State(state): State<AppState>,
    admin: TeamAdmin<action::SetFocus>,
    ApiJson(body): ApiJson<FocusInput>,
) -> Result<Json<TeamFocus>> {
    let text = FocusText::parse(&body.text)?;
    let mut tx = state.db.begin_write().await?;
    focus::set(&mut tx, &admin.team.id, &text, state.clock.now_ms()).await?;
    let now_set = focus::of_member(&mut tx, &admin.user.id).await?;
    tx.commit().await?;
    now_set
        .map(Json)
        .ok_or_else(|| AppError::not_found(crate::teams::service::NOT_IN_TEAM))
}
