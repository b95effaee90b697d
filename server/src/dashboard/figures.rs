//! The dashboard's practice figures that the coach board shows too: today's checklist, the
//! calendar's days and the streak.

use chrono::{Days, NaiveDate};
use serde::Serialize;
use utoipa::ToSchema;

use super::day_text;
use super::days::{self, DayCounts, RestDays};
use crate::db::Reads;
use crate::error::Result;
use crate::practice::storage as practice;

/// Today's Daily Flow: what the athlete has done since their local midnight.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TodayChecklist {
    pub vision_listened: bool,
    pub breathing_done: bool,
    pub daily_action_saved: bool,
}

/// One day of the calendar.
#[derive(Serialize, ToSchema)]
pub(crate) struct HeatmapDay {
    /// `YYYY-MM-DD` in the athlete's time zone.
    #[serde(serialize_with = "day_text::serialize")]
    #[schema(value_type = String)]
    pub date: NaiveDate,
    /// Practice events that day.
    pub count: u32,
    /// A rest day the athlete chose: it pauses the streak instead of breaking it.
    pub rest: bool,
}

/// The calendar's 84 days ending on `today`, with practice counts and rest days.
pub(crate) fn calendar(counts: &DayCounts, rest: &RestDays, today: NaiveDate) -> Vec<HeatmapDay> {
    days::heatmap(counts, today)
        .into_iter()
        .map(|(date, count)| HeatmapDay {
            date,
            count,
            rest: rest.contains(&date),
        })
        .collect()
}

/// `days` as JSON, appended to `out`: what serde_json writes for them, written straight into the
/// buffer. serde_json escapes every key and every date byte by byte; for the dashboard's 84 days
/// that was a fifth of its instructions (bench/PROFILE.md, finding 36).
pub(crate) fn write_calendar(days: &[HeatmapDay], out: &mut Vec<u8>) {
    out.push(b'[');
    for (i, HeatmapDay { date, count, rest }) in days.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(b"{\"date\":\"");
        day_text::write(*date, out);
        out.extend_from_slice(b"\",\"count\":");
        out.extend_from_slice(itoa::Buffer::new().format(*count).as_bytes());
        out.extend_from_slice(if *rest {
            b",\"rest\":true}"
        } else {
            b",\"rest\":false}"
        });
    }
    out.push(b']');
}

/// The streak, reading further back than the calendar only when the streak fills all of it.
pub(crate) async fn streak_beyond_window(
    reads: &mut Reads<'_>,
    user_id: &str,
    tz: chrono_tz::Tz,
    (counts, rest): (&mut DayCounts, &RestDays),
    today: NaiveDate,
    mut window_start_ms: i64,
) -> Result<u32> {
    let mut window_start = days::heatmap_start(today);
    loop {
        if !days::streak_reaches(counts, rest, today, window_start) {
            return Ok(days::streak(counts, rest, today));
        }
        let Some(earlier) = window_start.checked_sub_days(Days::new(365)) else {
            return Ok(days::streak(counts, rest, today));
        };
        let earlier_ms = days::day_start_ms(earlier, tz);
        let older =
            practice::counts_by_quarter_hour(&mut *reads, user_id, earlier_ms, window_start_ms)
                .await?;
        if older.is_empty() {
            return Ok(days::streak(counts, rest, today));
        }
        days::add_by_day(counts, older, tz);
        window_start = earlier;
        window_start_ms = earlier_ms;
    }
}
