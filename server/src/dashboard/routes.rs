//! `GET /_api/v1/dashboard` (query key GetUserDashboardState) and `GET /_api/v1/livecall.ics`.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::routes;

use super::days::{self, DayCounts};
use super::facts;
use super::figures::{calendar, streak_beyond_window, write_calendar, HeatmapDay, TodayChecklist};
use super::live_call;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::domain::TimeZone;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::api_router::ApiRouter;
use crate::http::json_object::{self, JsonObject};
use crate::planning::dto::RecentObjectives;
use crate::practice::{storage as practice, summary, PracticeKind};

/// This capability's product-API routes, joined under `/_api/v1` by `app::router`.
pub fn routes() -> ApiRouter<AppState> {
    ApiRouter::new()
        .routes(routes!(get_dashboard))
        .routes(routes!(live_call_ics))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct LiveCall {
    /// RFC 3339, UTC.
    pub starts_at: String,
    pub duration_minutes: i64,
    pub join_url: String,
    /// True for the call's 60 minutes: it is on now (join it), not next week's.
    pub live: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Dashboard {
    pub first_name: String,
    pub paid: bool,
    pub vision_complete: bool,
    /// The zone the days below are counted in (UTC until the app has sent one).
    pub time_zone: String,
    /// Today's date in that zone, `YYYY-MM-DD`.
    pub today: String,
    /// Days practised in a row, today included; a streak that ended yesterday still counts
    /// until today ends, and rest days the athlete chose pause it instead of breaking it.
    pub streak_days: u32,
    /// The athlete hid the streak from their dashboard (the app shows no streak or milestones).
    pub streak_hidden: bool,
    pub checklist: TodayChecklist,
    /// The last 84 days, oldest first, ending today.
    pub heatmap: Vec<HeatmapDay>,
    pub latest_objectives: RecentObjectives,
    pub next_live_call: LiveCall,
    /// The week's focus the athlete's coach set for the team; `null` outside a team or before
    /// one is set.
    pub team_focus: Option<String>,
}

/// Room for a dashboard's answer with its 84 days (about 4.2 kB) and short objectives.
const ANSWER_CAPACITY: usize = 6 * 1024;

impl Dashboard {
    /// The answer's JSON: what serde_json writes for this struct (a unit test compares the two),
    /// but with the calendar, most of its bytes, written by hand ([`write_calendar`]).
    fn to_json(&self) -> serde_json::Result<Vec<u8>> {
        let Dashboard {
            first_name,
            paid,
            vision_complete,
            time_zone,
            today,
            streak_days,
            streak_hidden,
            checklist,
            heatmap,
            latest_objectives,
            next_live_call,
            team_focus,
        } = self;
        let mut out = Vec::with_capacity(ANSWER_CAPACITY);
        let mut object = JsonObject::start(&mut out);
        object.string("firstName", first_name);
        object.bool("paid", *paid);
        object.bool("visionComplete", *vision_complete);
        object.string("timeZone", time_zone);
        object.string("today", today);
        object.number("streakDays", i64::from(*streak_days));
        object.bool("streakHidden", *streak_hidden);
        object.field("checklist", checklist)?;
        object.written("heatmap", |out| write_calendar(heatmap, out));
        object.field("latestObjectives", latest_objectives)?;
        object.field("nextLiveCall", next_live_call)?;
        object.optional_string("teamFocus", team_focus.as_deref());
        object.end();
        Ok(out)
    }
}

impl IntoResponse for Dashboard {
    fn into_response(self) -> Response {
        match self.to_json() {
            Ok(json) => json_object::answer(json),
            Err(err) => AppError::Internal(err.into()).into_response(),
        }
    }
}

/// Everything the dashboard shows, in one answer.
#[utoipa::path(get, path = "/dashboard", tag = "dashboard",
    responses((status = 200, body = Dashboard), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn get_dashboard(
    State(state): State<AppState>,
    me: CurrentUser,
) -> Result<Dashboard> {
    let now = state.clock.now();
    let mut reads = state.db.reads().await?;
    let facts = facts::of(&mut reads, &me.id, now)
        .await?
        .ok_or_else(|| AppError::not_found("Your account no longer exists."))?;
    let zone = TimeZone::stored_or_utc(facts.time_zone.as_deref());
    let tz = zone.tz();
    let today = days::local_day(now, tz);
    let start = days::heatmap_start(today);
    let since = days::day_start_ms(start, tz);
    let until = now.timestamp_millis() + 1;
    let today_start = days::day_start_ms(today, tz);
    let recent = facts.practice.in_zone(tz, start, today_start);
    let rest = recent.rest;
    let (heatmap, streak_days) = match recent.practised {
        Some(practised) => {
            let counts: DayCounts = practised.iter().map(|d| (d.day, d.events)).collect();
            let streak = summary::streak(&practised, &counts, &rest, today);
            (calendar(&counts, &rest, today), streak)
        }
        // Not counted in this zone yet (practice from before summaries were kept, or the zone
        // changed): count the events, a scan that stays off the reader.
        None => {
            let mut scan = reads.for_scan().await?;
            let mut counts = DayCounts::new();
            let quarters =
                practice::counts_by_quarter_hour(&mut scan, &me.id, since, until).await?;
            days::add_by_day(&mut counts, quarters, tz);
            let heatmap = calendar(&counts, &rest, today);
            let streak =
                streak_beyond_window(&mut scan, &me.id, tz, (&mut counts, &rest), today, since)
                    .await?;
            (heatmap, streak)
        }
    };
    let done = &recent.done_today;
    let checklist = TodayChecklist {
        vision_listened: done.contains(&PracticeKind::VisionListened),
        breathing_done: done.contains(&PracticeKind::BreathingDone),
        daily_action_saved: done.contains(&PracticeKind::DailyActionSaved),
    };
    Ok(Dashboard {
        first_name: facts.first_name,
        paid: facts.paid,
        vision_complete: facts.vision_complete,
        time_zone: zone.name().to_owned(),
        today: today.to_string(),
        streak_days,
        streak_hidden: facts.streak_hidden,
        checklist,
        heatmap,
        latest_objectives: facts.latest_objectives,
        next_live_call: next_live_call(now, &state.config.live_call_url),
        team_focus: facts.team_focus,
    })
}

/// The call on now, or else the next one.
fn next_live_call(now: DateTime<Utc>, join_url: &str) -> LiveCall {
    let length = chrono::Duration::minutes(live_call::CALL_DURATION_MINUTES);
    let starts = live_call::next_call(now - length);
    LiveCall {
        starts_at: starts.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        duration_minutes: live_call::CALL_DURATION_MINUTES,
        join_url: join_url.to_owned(),
        live: starts <= now,
    }
}

/// The weekly live call as an iCalendar file (a recurring event) for calendar apps. Public: the
/// call is the same for every member.
#[utoipa::path(get, path = "/livecall.ics", tag = "dashboard",
    responses((status = 200, description = "An iCalendar (RFC 5545) file", content_type = "text/calendar")))]
pub(crate) async fn live_call_ics(State(state): State<AppState>) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/calendar; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"swaz-live-call.ics\"",
            ),
        ],
        live_call::ics(state.clock.now(), &state.config.live_call_url),
    )
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::planning::dto::{DailyObjectives, WeeklyObjectives};

    fn dashboard(first_name: &str, team_focus: Option<&str>, objectives: bool) -> Dashboard {
        let today = NaiveDate::from_ymd_opt(2026, 12, 7).unwrap();
        let words = |w: &str| std::array::from_fn(|i| format!("{w} {i}"));
        Dashboard {
            first_name: first_name.to_owned(),
            paid: true,
            vision_complete: false,
            time_zone: "America/Argentina/Buenos_Aires".to_owned(),
            today: today.to_string(),
            streak_days: 365,
            streak_hidden: false,
            checklist: TodayChecklist {
                vision_listened: true,
                breathing_done: false,
                daily_action_saved: true,
            },
            heatmap: days::heatmap(&DayCounts::from([(today, 3)]), today)
                .into_iter()
                .enumerate()
                .map(|(i, (date, count))| HeatmapDay {
                    date,
                    count: count + i as u32 * 1000,
                    rest: i % 7 == 3,
                })
                .chain([HeatmapDay {
                    date: NaiveDate::MIN,
                    count: u32::MAX,
                    rest: false,
                }])
                .collect(),
            latest_objectives: RecentObjectives {
                daily_objectives: objectives
                    .then(|| DailyObjectives::from(words("\"quoted\"\n\\ and ünïcödé \u{1}"))),
                weekly_map: objectives.then(|| WeeklyObjectives::from(words("Mind"))),
            },
            next_live_call: next_live_call(
                "2026-12-07T18:00:00Z".parse().unwrap(),
                "https://meet.example/swaz?a=1&b=\"2\"",
            ),
            team_focus: team_focus.map(str::to_owned),
        }
    }

    #[test]
    fn the_answer_written_by_hand_is_what_serde_writes() {
        for d in [
            dashboard("Ana", None, false),
            dashboard(
                "Zoë \"Z\" O'Neil\t</script>",
                Some("Win the\nsecond ball"),
                true,
            ),
        ] {
            let by_hand: serde_json::Value = serde_json::from_slice(&d.to_json().unwrap())
                .expect("the answer written by hand is JSON");
            assert_eq!(by_hand, serde_json::to_value(&d).unwrap());
            assert_eq!(by_hand["heatmap"].as_array().unwrap().len(), 85);
        }
    }
}
