//! The coach board of one team, as `GET /team/board` answers it and the Monday summary mails
//! it: each athlete's shared figures and flags, who needs attention first, the team's shares
//! and its calendar. A handful of queries for the whole team, whatever its size.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Datelike, Days, NaiveDate, Utc};
use chrono_tz::Tz;
use serde::Serialize;
use utoipa::ToSchema;

use super::board::{self, Flag, PracticeFigures, StreakCache};
use super::checkin_figures::{self, CheckinFigures};
use super::focus::{self, TeamFocus};
use super::roster::{self, Athlete};
use super::sharing::Sharing;
use crate::dashboard::days;
use crate::db::Reads;
use crate::error::Result;
use crate::planning::storage as planning;

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
    /// Days this week (since the athlete's local Monday, and since the focus was set) with a
    /// daily action the athlete said works on the team's focus; `null` without a focus or when
    /// the athlete does not share their practice.
    pub planned_toward_focus: Option<u32>,
    /// The latest check-in and 28-day averages; `null` unless the athlete shares check-ins.
    pub checkin: Option<CheckinFigures>,
    pub flags: Vec<Flag>,
}

/// Athletes who did something, of those who share their practice.
#[derive(Serialize, ToSchema, Clone, Copy, Debug, PartialEq, Eq)]
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
    /// Athletes with at least one daily action toward the week's focus this week, of those who
    /// share their practice (0 of them while no focus is set).
    pub planned_toward_focus: Share,
    /// The week's focus; `text` is `null` until a coach sets one.
    pub focus: TeamFocus,
    /// The last 84 days, oldest first, ending on the coach's today.
    pub calendar: Vec<TeamDay>,
}

/// What a coach may see of one athlete: read only as far as the athlete shares.
pub(crate) struct Shared {
    pub athlete: Athlete,
    pub practice: Option<PracticeFigures>,
    pub checkins: Option<CheckinFigures>,
    pub flags: Vec<Flag>,
}

/// The shared figures of `athletes`, with check-ins of the last `checkin_days` days.
pub(crate) async fn shared(
    reads: &mut Reads<'_>,
    athletes: Vec<Athlete>,
    now: DateTime<Utc>,
    checkin_days: u64,
    streaks: &StreakCache,
) -> Result<Vec<Shared>> {
    let mut practice = board::team_practice(&mut *reads, &athletes, now, Some(streaks)).await?;
    let mut checkins =
        checkin_figures::team_figures(&mut *reads, &athletes, now, checkin_days).await?;
    Ok(athletes
        .into_iter()
        .map(|athlete| {
            let practice = practice.remove(&athlete.user_id);
            let mut flags = practice
                .as_ref()
                .map(board::practice_flags)
                .unwrap_or_default();
            let checkins = checkins.remove(&athlete.user_id).map(|(figures, raised)| {
                flags.extend(raised);
                figures
            });
            Shared {
                athlete,
                practice,
                checkins,
                flags,
            }
        })
        .collect())
}

/// The athlete's local Monday of the week `now` falls in, as an instant (ms).
fn week_start_ms(now: DateTime<Utc>, tz: Tz) -> i64 {
    let today = days::local_day(now, tz);
    let monday = today
        .checked_sub_days(Days::new(u64::from(today.weekday().num_days_from_monday())))
        .unwrap_or(today);
    days::day_start_ms(monday, tz)
}

/// Per athlete sharing practice: the days this week with a plan toward the focus set at
/// `focus_set_at`.
async fn toward_focus(
    reads: &mut Reads<'_>,
    shared: &[Shared],
    focus_set_at: i64,
    now: DateTime<Utc>,
) -> Result<HashMap<String, u32>> {
    let sharing: Vec<&Athlete> = shared
        .iter()
        .filter(|s| s.practice.is_some())
        .map(|s| &s.athlete)
        .collect();
    let from = |a: &Athlete| week_start_ms(now, a.tz).max(focus_set_at);
    let Some(since) = sharing.iter().map(|a| from(a)).min() else {
        return Ok(HashMap::new());
    };
    let ids: Vec<&str> = sharing.iter().map(|a| a.user_id.as_str()).collect();
    let mut planned: HashMap<&str, std::collections::BTreeSet<chrono::NaiveDate>> = HashMap::new();
    let by_id: HashMap<&str, &&Athlete> = sharing.iter().map(|a| (a.user_id.as_str(), a)).collect();
    for (user_id, at) in planning::team_toward_focus(&mut *reads, &ids, since).await? {
        if let Some((id, athlete)) = by_id.get_key_value(user_id.as_str()) {
            if at >= from(athlete) {
                planned
                    .entry(id)
                    .or_default()
                    .insert(days::local_day_ms(at, athlete.tz));
            }
        }
    }
    Ok(sharing
        .iter()
        .map(|a| {
            let n = planned
                .get(a.user_id.as_str())
                .map_or(0, |d| d.len() as u32);
            (a.user_id.clone(), n)
        })
        .collect())
}

/// The board of `team_id` at `now`, its calendar ending on the coach's today in `coach_tz`.
pub(crate) async fn build(
    reads: &mut Reads<'_>,
    team_id: &str,
    coach_tz: Tz,
    now: DateTime<Utc>,
    streaks: &StreakCache,
) -> Result<Board> {
    let athletes = roster::athletes(&mut *reads, team_id).await?;
    // The board shows the latest check-in and the averages: no list of earlier ones.
    let shared = shared(&mut *reads, athletes, now, 1, streaks).await?;
    let focus = focus::of_team(&mut *reads, team_id).await?;
    let planned = match focus.set_at_ms {
        Some(set_at) if focus.focus.text.is_some() => {
            Some(toward_focus(&mut *reads, &shared, set_at, now).await?)
        }
        _ => None,
    };
    let mut rows = Vec::new();
    let (mut today, mut week, mut toward, mut sharing_practice) = (0, 0, 0, 0);
    let mut calendar: BTreeMap<NaiveDate, u32> = BTreeMap::new();
    for Shared {
        athlete,
        practice: figures,
        checkins,
        flags,
    } in shared
    {
        let planned_days = planned
            .as_ref()
            .and_then(|p| p.get(&athlete.user_id).copied());
        if let Some(f) = &figures {
            sharing_practice += 1;
            today += u32::from(f.calendar.last().is_some_and(|d| d.count > 0));
            week += u32::from(f.this_week);
            toward += u32::from(planned_days.is_some_and(|n| n > 0));
            for day in &f.calendar {
                *calendar.entry(day.date).or_default() += u32::from(day.count > 0);
            }
        }
        let last_practice_at = figures.as_ref().and_then(|f| f.last_practice_at.clone());
        rows.push((
            last_practice_at.clone(),
            BoardAthlete {
                user_id: athlete.user_id,
                first_name: athlete.first_name,
                last_name: athlete.last_name,
                sharing: athlete.sharing,
                last_practice_at,
                practice_days7: figures.as_ref().map(|f| f.practice_days7),
                practice_days28: figures.as_ref().map(|f| f.practice_days28),
                streak_days: figures.as_ref().map(|f| f.streak_days),
                last28: figures.as_ref().map(|f| {
                    let skip = f.calendar.len().saturating_sub(28);
                    f.calendar.iter().skip(skip).map(|d| d.count).collect()
                }),
                planned_toward_focus: planned_days,
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
    let coach_today = days::local_day(now, coach_tz);
    let calendar = days::heatmap_start(coach_today)
        .iter_days()
        .take(days::HEATMAP_DAYS as usize)
        .map(|d| TeamDay {
            date: d.to_string(),
            athletes: calendar.get(&d).copied().unwrap_or(0),
        })
        .collect();
    let share = |athletes| Share {
        athletes,
        of: sharing_practice,
    };
    Ok(Board {
        athletes: rows.into_iter().map(|(_, a)| a).collect(),
        practised_today: share(today),
        practised_this_week: share(week),
        planned_toward_focus: share(toward),
        focus: focus.focus,
        calendar,
    })
}
