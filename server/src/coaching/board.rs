//! The coach's figures for one athlete, counted in the athlete's own time zone, and the flags
//! that say who needs a word.

use std::collections::HashMap;
use std::sync::Mutex;

use chrono::{DateTime, Datelike, Days, NaiveDate, Utc};
use chrono_tz::Tz;
use serde::Serialize;
use utoipa::ToSchema;

use super::roster::Athlete;
use crate::dashboard::days::{self, DayCounts, RestDays};
use crate::dashboard::figures::{self as dashboard_figures, HeatmapDay, TodayChecklist};
use crate::db::Reads;
use crate::error::Result;
use crate::practice::{storage as practice, summary, PracticeKind};

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
    /// The athlete's rest days (the coach sees that a day was one, never why).
    #[serde(skip)]
    pub rest: RestDays,
    /// The athlete's today.
    #[serde(skip)]
    pub local_today: NaiveDate,
    /// The athlete's day they joined the team: no day before it counts as a quiet one.
    #[serde(skip)]
    pub joined: NaiveDate,
}

/// A reason an athlete needs attention, in words as well as a code.
#[derive(Clone, Serialize, ToSchema)]
pub(crate) struct Flag {
    /// `no_practice_3_days`.
    pub code: &'static str,
    pub label: String,
}

/// What the team queries read for one athlete before it becomes [`PracticeFigures`].
#[derive(Default)]
struct Read {
    counts: DayCounts,
    /// Each kind's newest time in the last day or so.
    latest_by_kind: Vec<(PracticeKind, i64)>,
    last_at: Option<i64>,
}

/// How many days each streak that reached a calendar's first day had already run the day
/// before: per athlete, zone and first day. Practice is recorded at the time it happens, so
/// nothing before a calendar's first day (84 days ago) changes any more: counted once, it is
/// kept while the instance runs (cleared when it grows past [`StreakCache::MAX`]).
#[derive(Default)]
pub struct StreakCache(Mutex<HashMap<(String, Tz, NaiveDate), u32>>);

impl StreakCache {
    const MAX: usize = 100_000;

    fn get(&self, user_id: &str, tz: Tz, first_day: NaiveDate) -> Option<u32> {
        let kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        kept.get(&(user_id.to_owned(), tz, first_day)).copied()
    }

    fn put(&self, user_id: &str, tz: Tz, first_day: NaiveDate, days: u32) {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() >= Self::MAX {
            kept.clear();
        }
        kept.insert((user_id.to_owned(), tz, first_day), days);
    }
}

/// The practice figures at `now` of the athletes who share their practice, keyed by user id,
/// each counted in the athlete's own zone: a handful of queries for the whole team. The days
/// come from the practice summary; for an athlete whose summary is not counted in their zone
/// yet, from the events (and the streak reads further back only for those whose streak fills
/// the calendar).
pub(crate) async fn team_practice(
    reads: &mut Reads<'_>,
    athletes: &[Athlete],
    now: DateTime<Utc>,
    cache: Option<&StreakCache>,
) -> Result<HashMap<String, PracticeFigures>> {
    let sharing: Vec<&Athlete> = athletes.iter().filter(|a| a.sharing.practice).collect();
    if sharing.is_empty() {
        return Ok(HashMap::new());
    }
    let ids: Vec<&str> = sharing.iter().map(|a| a.user_id.as_str()).collect();
    let until = now.timestamp_millis() + 1;
    let todays: HashMap<&str, NaiveDate> = sharing
        .iter()
        .map(|a| (a.user_id.as_str(), days::local_day(now, a.tz)))
        .collect();
    let window_start =
        |a: &Athlete| days::day_start_ms(days::heatmap_start(todays[a.user_id.as_str()]), a.tz);
    let today_start = |a: &Athlete| days::day_start_ms(todays[a.user_id.as_str()], a.tz);
    let since = sharing.iter().map(|a| window_start(a)).min().unwrap_or(0);
    let mut read: HashMap<&str, Read> = ids.iter().map(|id| (*id, Read::default())).collect();
    let tz_of: HashMap<&str, chrono_tz::Tz> =
        sharing.iter().map(|a| (a.user_id.as_str(), a.tz)).collect();
    let window_start_day = |id: &str| days::heatmap_start(todays[id]);
    // The calendar's days and the streak come from the summary of each athlete whose summary
    // is counted in their zone; only the others' events are counted here, a scan that stays
    // off SQLite's reader (`Reads::for_scan`).
    let mut summarised: HashMap<&str, Vec<summary::Day>> = HashMap::new();
    let first_day = ids.iter().map(|id| window_start_day(id)).min();
    if let Some(first_day) = first_day {
        for (user_id, (zone, practised)) in
            summary::team_days_from(&mut *reads, &ids, first_day).await?
        {
            let Some((&id, tz)) = tz_of.get_key_value(user_id.as_str()) else {
                continue;
            };
            if zone != tz.name() {
                continue;
            }
            let start = window_start_day(id);
            let practised: Vec<summary::Day> =
                practised.into_iter().filter(|d| d.day >= start).collect();
            if let Some(r) = read.get_mut(id) {
                r.counts = practised.iter().map(|d| (d.day, d.events)).collect();
            }
            summarised.insert(id, practised);
        }
    }
    let counted: Vec<&str> = ids
        .iter()
        .copied()
        .filter(|id| !summarised.contains_key(id))
        .collect();
    if !counted.is_empty() {
        let events = practice::team_counts_by_quarter_hour(
            &mut reads.for_scan().await?,
            &counted,
            since,
            until,
        )
        .await?;
        for (user_id, at, n) in events {
            if let Some(r) = read.get_mut(user_id.as_str()) {
                days::add_by_day(&mut r.counts, [(at, n)], tz_of[user_id.as_str()]);
            }
        }
    }
    let day_ago = sharing.iter().map(|a| today_start(a)).min().unwrap_or(0);
    for (user_id, kind, at) in
        practice::team_latest_by_kind(&mut *reads, &ids, day_ago, until).await?
    {
        if let Some(r) = read.get_mut(user_id.as_str()) {
            r.latest_by_kind.push((kind, at));
        }
    }
    for (user_id, at) in practice::team_last_at(&mut *reads, &ids).await? {
        if let Some(r) = read.get_mut(user_id.as_str()) {
            r.last_at = Some(at);
        }
    }
    let mut rest_days = crate::streak::storage::days_of_team(&mut *reads, &ids).await?;
    let no_rest = RestDays::new();
    let rest_of = |id: &str| rest_days.get(id).unwrap_or(&no_rest);
    // A streak that fills the calendar goes on before it: counted once and kept (`cache`),
    // or read further back, a year at a time, for all such athletes at once. `reach`: the first
    // day the streak may be counted from, and the instant from which practice has been read.
    let cached = |id: &str| cache.and_then(|c| c.get(id, tz_of[id], window_start_day(id)));
    let mut before: HashMap<&str, u32> = HashMap::new();
    let mut reach: HashMap<&str, (NaiveDate, i64)> = ids
        .iter()
        .map(|id| (*id, (window_start_day(id), since)))
        .collect();
    let mut read_further: Vec<&str> = Vec::new();
    loop {
        let longer: Vec<&str> = counted
            .iter()
            .copied()
            .filter(|id| !before.contains_key(id))
            .filter(|id| {
                days::streak_reaches(&read[id].counts, rest_of(id), todays[id], reach[id].0)
            })
            .collect();
        let (known, longer): (Vec<&str>, Vec<&str>) = longer.into_iter().partition(|id| {
            reach[id].0 == window_start_day(id)
                && covers_window(&read[id].counts, rest_of(id), todays[id])
                && cached(id).is_some()
        });
        for id in known {
            before.insert(id, cached(id).unwrap_or(0));
        }
        if longer.is_empty() {
            break;
        }
        for id in &longer {
            if !read_further.contains(id) {
                read_further.push(id);
            }
        }
        let earliest = |id: &str| reach[id].0.checked_sub_days(Days::new(365));
        let from = longer
            .iter()
            .filter_map(|id| earliest(id).map(|d| days::day_start_ms(d, tz_of[id])))
            .min();
        let to = longer.iter().map(|id| reach[id].1).max().unwrap_or(0);
        let Some(from) = from else { break };
        let older =
            practice::team_counts_by_quarter_hour(&mut reads.for_scan().await?, &longer, from, to)
                .await?;
        if older.is_empty() {
            break;
        }
        for (user_id, at, n) in older {
            let id = user_id.as_str();
            if at < reach.get(id).map_or(i64::MIN, |r| r.1) {
                if let Some(r) = read.get_mut(id) {
                    days::add_by_day(&mut r.counts, [(at, n)], tz_of[id]);
                }
            }
        }
        let moved: Vec<(&str, NaiveDate)> = longer
            .iter()
            .filter_map(|id| earliest(id).map(|day| (*id, day)))
            .collect();
        for (id, day) in moved {
            reach.insert(id, (day, from));
        }
    }
    if let Some(cache) = cache {
        for id in read_further {
            let start = window_start_day(id);
            let run = start.pred_opt().map_or(0, |last| {
                days::run_ending(&read[id].counts, rest_of(id), last)
            });
            cache.put(id, tz_of[id], start, run);
        }
    }
    Ok(sharing
        .iter()
        .map(|a| {
            let id = a.user_id.as_str();
            let r = read.remove(id).unwrap_or_default();
            let rest = rest_days.remove(id).unwrap_or_default();
            let today = todays[id];
            let streak = match (summarised.get(id), before.get(id)) {
                (Some(practised), _) => summary::streak(practised, &r.counts, &rest, today),
                // The streak covers the whole calendar: its days there, and those before.
                (None, Some(earlier)) => {
                    let end = days::streak_end(&r.counts, &rest, today);
                    days::practised_between(&r.counts, days::heatmap_start(today), end) + earlier
                }
                (None, None) => days::streak(&r.counts, &rest, today),
            };
            let joined = days::local_day_ms(a.joined_at, a.tz);
            (
                a.user_id.clone(),
                figures(r, rest, (today, joined), today_start(a), streak),
            )
        })
        .collect())
}

/// Whether the streak counted on `today` runs through every day of the calendar from its
/// first (practised or rested).
fn covers_window(counts: &DayCounts, rest: &RestDays, today: NaiveDate) -> bool {
    days::streak_reaches(counts, rest, today, days::heatmap_start(today))
}

/// The figures of what was read for an athlete whose day is `today`, beginning at `today_start`.
fn figures(
    read: Read,
    rest: RestDays,
    (today, joined): (NaiveDate, NaiveDate),
    today_start: i64,
    streak_days: u32,
) -> PracticeFigures {
    let calendar = days::heatmap(&read.counts, today);
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
    let done = |kind: PracticeKind| {
        read.latest_by_kind
            .iter()
            .any(|(k, at)| *k == kind && *at >= today_start)
    };
    PracticeFigures {
        last_practice_at: read.last_at.map(crate::db::ms_to_rfc3339),
        practice_days7: practised_within(7),
        practice_days28: practised_within(28),
        streak_days,
        today: TodayChecklist {
            vision_listened: done(PracticeKind::VisionListened),
            breathing_done: done(PracticeKind::BreathingDone),
            daily_action_saved: done(PracticeKind::DailyActionSaved),
        },
        calendar: dashboard_figures::calendar(&read.counts, &rest, today),
        this_week,
        days: read.counts,
        rest,
        local_today: today,
        joined,
    }
}

/// The flags of practice figures: no practice on any of the last three days (today included),
/// all of them days on the team and none a rest day the athlete chose.
pub(crate) fn practice_flags(figures: &PracticeFigures) -> Vec<Flag> {
    let quiet = (0..QUIET_DAYS).all(|back| {
        figures
            .local_today
            .checked_sub_days(Days::new(back))
            .is_some_and(|d| {
                d >= figures.joined
                    && figures.days.get(&d).is_none_or(|c| *c == 0)
                    && !figures.rest.contains(&d)
            })
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
