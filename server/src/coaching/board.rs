//! The coach's figures for one athlete, counted in the athlete's own time zone, and the flags
//! that say who needs a word.

use chrono::{DateTime, Datelike, Days, NaiveDate, Utc};
use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::dashboard::days::{self, DayCounts};
use crate::dashboard::figures::{streak_beyond_window, HeatmapDay, TodayChecklist};
use crate::domain::TimeZone;
use crate::error::Result;
use crate::practice::{storage as practice, PracticeKind};

/// Days without practice after which an athlete is flagged.
pub(crate) const QUIET_DAYS: u64 = 3;

/// An athlete's practice, as their coach sees it (only when the athlete shares it).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PracticeFigures {
    /// RFC 3339; `null` when the athlete has never practised.
    pub last_practice_at: Option<String>,
    /// Days with any practice among the last 7 (today included).
    pub practice_days7: u32,
    /// Days with any practice among the last 28 (today included).
    pub practice_days28: u32,
    pub streak_days: u32,
    pub today: TodayChecklist,
    /// The last 84 days in the athlete's time zone, oldest first, ending on their today.
    pub calendar: Vec<HeatmapDay>,
    /// Practised since the athlete's local Monday.
    #[serde(skip)]
    pub this_week: bool,
    #[serde(skip)]
    pub days: DayCounts,
    /// The athlete's today.
    #[serde(skip)]
    pub local_today: NaiveDate,
}

/// A reason an athlete needs attention, in words as well as a code.
#[derive(Clone, Serialize, ToSchema)]
pub(crate) struct Flag {
    /// `no_practice_3_days`.
    pub code: &'static str,
    pub label: String,
}

/// The practice figures of `user_id` at `now`, in the time zone the athlete stored.
pub(crate) async fn practice_figures(
    conn: &mut AnyConnection,
    user_id: &str,
    time_zone: Option<&str>,
    now: DateTime<Utc>,
) -> Result<PracticeFigures> {
    let tz = TimeZone::stored_or_utc(time_zone).tz();
    let today = days::local_day(now, tz);
    let start = days::heatmap_start(today);
    let since = days::day_start_ms(start, tz);
    let until = now.timestamp_millis() + 1;
    let mut counts = DayCounts::new();
    let recent = practice::counts_by_quarter_hour(conn, user_id, since, until).await?;
    days::add_by_day(&mut counts, recent, tz);
    let done = practice::kinds_between(conn, user_id, days::day_start_ms(today, tz), until).await?;
    let calendar = days::heatmap(&counts, today);
    let practised_within = |n: u64| {
        calendar
            .iter()
            .rev()
            .take(n as usize)
            .filter(|(_, c)| *c > 0)
            .count() as u32
    };
    let monday = today
        .checked_sub_days(Days::new(u64::from(today.weekday().num_days_from_monday())))
        .unwrap_or(today);
    let this_week = calendar.iter().any(|(d, c)| *d >= monday && *c > 0);
    let (practice_days7, practice_days28) = (practised_within(7), practised_within(28));
    let days_in_window = counts.clone();
    let streak_days = streak_beyond_window(conn, user_id, tz, &mut counts, today, since).await?;
    let last = practice::last_at(conn, user_id).await?;
    Ok(PracticeFigures {
        last_practice_at: last.map(crate::db::ms_to_rfc3339),
        practice_days7,
        practice_days28,
        streak_days,
        today: TodayChecklist {
            vision_listened: done.contains(&PracticeKind::VisionListened),
            breathing_done: done.contains(&PracticeKind::BreathingDone),
            daily_action_saved: done.contains(&PracticeKind::DailyActionSaved),
        },
        calendar: calendar
            .into_iter()
            .map(|(date, count)| HeatmapDay {
                date: date.to_string(),
                count,
            })
            .collect(),
        this_week,
        days: days_in_window,
        local_today: today,
    })
}

/// The flags of practice figures: no practice on any of the last three days (today included).
pub(crate) fn practice_flags(figures: &PracticeFigures) -> Vec<Flag> {
    let quiet = (0..QUIET_DAYS).all(|back| {
        figures
            .local_today
            .checked_sub_days(Days::new(back))
            .is_none_or(|d| figures.days.get(&d).is_none_or(|c| *c == 0))
    });
    if quiet {
        vec![Flag {
            code: "no_practice_3_days",
            label: "No practice in 3 days".to_owned(),
        }]
    } else {
        Vec::new()
    }
}
