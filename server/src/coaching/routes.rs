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
use super::checkin_figures::{self, CheckinFigures};
use super::focus::{self, FocusInput, FocusText, TeamFocus};
use super::nudges::{self, NudgeMessage, NudgeOutcome, NudgeRequest, Nudged};
use super::sharing::{self, Sharing, SharingChange};
use crate::app::AppState;
use crate::auth::{users, CurrentUser};
use crate::dashboard::days;
use crate::domain::TimeZone;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::json::ApiJson;
use crate::mail::templates;
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
    pub checkin: Option<CheckinFigures>,
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

/// What a coach may see of one athlete: read only as far as the athlete shares.
struct Shared {
    sharing: Sharing,
    practice: Option<PracticeFigures>,
    checkins: Option<CheckinFigures>,
    flags: Vec<Flag>,
}

/// The figures `user_id` shares, with check-ins of the last `checkin_days` days.
async fn shared_figures(
    conn: &mut AnyConnection,
    user_id: &str,
    now: chrono::DateTime<chrono::Utc>,
    checkin_days: u64,
) -> Result<Shared> {
    let sharing = sharing::of(conn, user_id).await?;
    let mut shared = Shared {
        sharing,
        practice: None,
        checkins: None,
        flags: Vec::new(),
    };
    if !sharing.practice && !sharing.checkins {
        return Ok(shared);
    }
    let time_zone = users::by_id(conn, user_id).await?.and_then(|u| u.time_zone);
    if sharing.practice {
        let figures = board::practice_figures(conn, user_id, time_zone.as_deref(), now).await?;
        shared.flags.extend(board::practice_flags(&figures));
        shared.practice = Some(figures);
    }
    if sharing.checkins {
        let today = days::local_day(now, TimeZone::stored_or_utc(time_zone.as_deref()).tz());
        let (figures, flags) = checkin_figures::figures(conn, user_id, today, checkin_days).await?;
        shared.flags.extend(flags);
        shared.checkins = Some(figures);
    }
    Ok(shared)
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
        let Shared {
            sharing: shares,
            practice: figures,
            checkins,
            flags,
        } = shared_figures(&mut conn, &member.user_id, now, 28).await?;
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
                checkin: checkins,
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
    let now = state.clock.now();
    let mut conn = state.db.pool().acquire().await?;
    let member = athletes(&mut conn, &admin.team.id)
        .await?
        .into_iter()
        .find(|m| m.user_id == user_id)
        .ok_or_else(|| AppError::not_found("There is no such athlete in your team."))?;
    let shared = shared_figures(&mut conn, &member.user_id, now, days::HEATMAP_DAYS).await?;
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
        sharing: shared.sharing,
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
    let team_athletes = athletes(&mut conn, &admin.team.id).await?;
    let targets: Vec<MemberRow> = match body.user_ids {
        Some(ids) => {
            if ids.is_empty() || ids.len() > MAX_NUDGED {
                return Err(AppError::bad_request(format!(
                    "Choose 1 to {MAX_NUDGED} athletes (userIds), or send null for everyone who has not practised today."
                )));
            }
            let mut chosen = Vec::new();
            for id in ids {
                let athlete = team_athletes
                    .iter()
                    .find(|a| a.user_id == id.trim())
                    .ok_or_else(|| {
                        AppError::bad_request(
                            "One of the chosen people is not an athlete of your team (userIds).",
                        )
                    })?;
                if !chosen
                    .iter()
                    .any(|c: &MemberRow| c.user_id == athlete.user_id)
                {
                    chosen.push(athlete.clone());
                }
            }
            chosen
        }
        None => {
            let mut quiet = Vec::new();
            for athlete in &team_athletes {
                let shared = shared_figures(&mut conn, &athlete.user_id, now, 1).await?;
                if shared
                    .practice
                    .is_some_and(|f| f.calendar.last().is_none_or(|d| d.count == 0))
                {
                    quiet.push(athlete.clone());
                }
            }
            quiet
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
            state
                .outbox
                .enqueue(
                    &mut tx,
                    &templates::coach_nudge(
                        &athlete.email,
                        &athlete.first_name,
                        (&coach_name, &coach.email),
                        &admin.team.name,
                        message.as_str(),
                        &dashboard,
                    ),
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
