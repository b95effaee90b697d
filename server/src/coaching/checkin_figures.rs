//! An athlete's check-ins as their coach sees them (only when the athlete shares check-ins): the
//! five numbers, never the note, and a flag when a measure has been worse than the athlete's own
//! 28-day average for three days running.

use std::collections::HashMap;

use chrono::{DateTime, Days, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::board::Flag;
use super::roster::Athlete;
use crate::checkins::storage::{self as checkins, CheckinNumbers};
use crate::dashboard::days;
use crate::db::Reads;

/// Days the averages cover.
const AVERAGE_DAYS: u64 = 28;
/// Check-ins in a row a measure must be worse for the flag.
const RUN: usize = 3;

/// One check-in's five numbers.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub(crate) struct Scores {
    /// The athlete's local day, `YYYY-MM-DD`.
    pub date: String,
    pub sleep: i64,
    pub energy: i64,
    pub mood: i64,
    /// 1 (calm) to 5 (very stressed): higher is worse.
    pub stress: i64,
    pub confidence: i64,
}

/// Each measure's average, to one decimal.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub(crate) struct Averages {
    pub sleep: f64,
    pub energy: f64,
    pub mood: f64,
    pub stress: f64,
    pub confidence: f64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CheckinFigures {
    /// The newest check-in; `null` with none in the period.
    pub latest: Option<Scores>,
    /// Averages over the last 28 days' check-ins; `null` with none.
    pub averages28: Option<Averages>,
    /// Check-ins in the last 28 days.
    pub count28: u32,
    /// The check-ins of the period asked for, oldest first.
    pub recent: Vec<Scores>,
}

/// The measures, with their names and whether a higher value is worse.
const MEASURES: [(&str, &str, bool); 5] = [
    ("sleep", "Sleep", false),
    ("energy", "Energy", false),
    ("mood", "Mood", false),
    ("stress", "Stress", true),
    ("confidence", "Confidence", false),
];

fn value(scores: &Scores, measure: &str) -> i64 {
    match measure {
        "sleep" => scores.sleep,
        "energy" => scores.energy,
        "mood" => scores.mood,
        "stress" => scores.stress,
        _ => scores.confidence,
    }
}

fn average(scores: &[Scores], measure: &str) -> f64 {
    let sum: i64 = scores.iter().map(|s| value(s, measure)).sum();
    sum as f64 / scores.len().max(1) as f64
}

impl From<CheckinNumbers> for Scores {
    fn from(c: CheckinNumbers) -> Self {
        Self {
            date: c.day,
            sleep: c.sleep,
            energy: c.energy,
            mood: c.mood,
            stress: c.stress,
            confidence: c.confidence,
        }
    }
}

/// The check-in figures of the last `days` days (at least the 28 the averages need) of the
/// athletes who share their check-ins, each ending on the athlete's today, with the flags they
/// raise; keyed by user id. One query for the whole team.
pub(crate) async fn team_figures(
    reads: &mut Reads<'_>,
    athletes: &[Athlete],
    now: DateTime<Utc>,
    days: u64,
) -> sqlx::Result<HashMap<String, (CheckinFigures, Vec<Flag>)>> {
    let sharing: Vec<&Athlete> = athletes.iter().filter(|a| a.sharing.checkins).collect();
    let span = days.max(AVERAGE_DAYS);
    let todays: HashMap<&str, NaiveDate> = sharing
        .iter()
        .map(|a| (a.user_id.as_str(), days::local_day(now, a.tz)))
        .collect();
    let first = todays
        .values()
        .min()
        .and_then(|d| d.checked_sub_days(Days::new(span - 1)));
    let Some(first) = first else {
        return Ok(HashMap::new());
    };
    let ids: Vec<&str> = sharing.iter().map(|a| a.user_id.as_str()).collect();
    let mut lists: HashMap<String, Vec<Scores>> = HashMap::new();
    for numbers in checkins::team_numbers_since(&mut *reads, &ids, &first.to_string()).await? {
        lists
            .entry(numbers.user_id.clone())
            .or_default()
            .push(Scores::from(numbers));
    }
    Ok(todays
        .into_iter()
        .map(|(id, today)| {
            let list = lists.remove(id).unwrap_or_default();
            (id.to_owned(), figures(list, today, days))
        })
        .collect())
}

/// The figures of one athlete's check-ins `list` (oldest first) ending `today`.
fn figures(list: Vec<Scores>, today: NaiveDate, days: u64) -> (CheckinFigures, Vec<Flag>) {
    let span = days.max(AVERAGE_DAYS);
    let first = today
        .checked_sub_days(Days::new(span - 1))
        .unwrap_or(today)
        .to_string();
    let list: Vec<Scores> = list
        .into_iter()
        .filter(|s| s.date >= first && s.date <= today.to_string())
        .collect();
    let average_from = today
        .checked_sub_days(Days::new(AVERAGE_DAYS - 1))
        .unwrap_or(today)
        .to_string();
    let window: Vec<Scores> = list
        .iter()
        .filter(|s| s.date >= average_from)
        .cloned()
        .collect();
    let round = |x: f64| (x * 10.0).round() / 10.0;
    let averages = (!window.is_empty()).then(|| Averages {
        sleep: round(average(&window, "sleep")),
        energy: round(average(&window, "energy")),
        mood: round(average(&window, "mood")),
        stress: round(average(&window, "stress")),
        confidence: round(average(&window, "confidence")),
    });
    let flags = flags(&window, today);
    let shown_from = today
        .checked_sub_days(Days::new(days.saturating_sub(1)))
        .unwrap_or(today)
        .to_string();
    let figures = CheckinFigures {
        latest: window.last().cloned(),
        averages28: averages,
        count28: window.len() as u32,
        recent: list.into_iter().filter(|s| s.date >= shown_from).collect(),
    };
    (figures, flags)
}

/// A flag for each measure that, on the last three check-ins (on consecutive days, the newest
/// today or yesterday), was at least one point worse than the 28-day average.
fn flags(window: &[Scores], today: NaiveDate) -> Vec<Flag> {
    if window.len() < RUN {
        return Vec::new();
    }
    let run = &window[window.len() - RUN..];
    let day = |s: &Scores| s.date.parse::<NaiveDate>().ok();
    let newest = day(&run[RUN - 1]);
    let recent = newest.is_some_and(|d| d == today || today.pred_opt() == Some(d));
    let consecutive = run
        .windows(2)
        .all(|pair| matches!((day(&pair[0]), day(&pair[1])), (Some(a), Some(b)) if a.succ_opt() == Some(b)));
    if !recent || !consecutive {
        return Vec::new();
    }
    MEASURES
        .iter()
        .filter(|(measure, _, higher_is_worse)| {
            let avg = average(window, measure);
            run.iter().all(|s| {
                let v = value(s, measure) as f64;
                let worse_by = if *higher_is_worse { v - avg } else { avg - v };
                worse_by >= 1.0
            })
        })
        .map(|(measure, name, higher_is_worse)| Flag {
            code: flag_code(measure),
            label: format!(
                "{name} {} 3 days running",
                if *higher_is_worse { "up" } else { "down" }
            ),
        })
        .collect()
}

fn flag_code(measure: &str) -> &'static str {
    match measure {
        "sleep" => "checkin_sleep_down",
        "energy" => "checkin_energy_down",
        "mood" => "checkin_mood_down",
        "stress" => "checkin_stress_up",
        _ => "checkin_confidence_down",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(n: u32, energy: i64) -> Scores {
        Scores {
            date: format!("2026-11-{n:02}"),
            sleep: 4,
            energy,
            mood: 4,
            stress: 2,
            confidence: 4,
        }
    }

    fn today() -> NaiveDate {
        "2026-11-20".parse().unwrap()
    }

    #[test]
    fn three_days_running_a_point_under_the_average_raise_a_flag() {
        let mut window: Vec<Scores> = (1..=17).map(|n| day(n, 5)).collect();
        window.extend([day(18, 3), day(19, 3), day(20, 3)]);
        let raised = flags(&window, today());
        assert_eq!(raised.len(), 1);
        assert_eq!(raised[0].code, "checkin_energy_down");
        assert_eq!(raised[0].label, "Energy down 3 days running");
    }

    #[test]
    fn a_gap_two_low_days_or_an_old_run_raise_none() {
        let base: Vec<Scores> = (1..=10).map(|n| day(n, 5)).collect();
        let with = |tail: &[Scores]| {
            let mut w = base.clone();
            w.extend_from_slice(tail);
            flags(&w, today())
        };
        assert!(
            with(&[day(17, 3), day(19, 3), day(20, 3)]).is_empty(),
            "a gap"
        );
        assert!(
            with(&[day(18, 5), day(19, 3), day(20, 3)]).is_empty(),
            "two days"
        );
        let mut old = base.clone();
        old.extend([day(15, 3), day(16, 3), day(17, 3)]);
        assert!(flags(&old, today()).is_empty(), "ended three days ago");
    }

    #[test]
    fn stress_is_flagged_when_it_rises() {
        let mut window: Vec<Scores> = (1..=10).map(|n| day(n, 4)).collect();
        for n in 18..=20 {
            let mut s = day(n, 4);
            s.stress = 4;
            window.push(s);
        }
        let raised = flags(&window, today());
        assert_eq!(raised.len(), 1);
        assert_eq!(raised[0].code, "checkin_stress_up");
    }
}
