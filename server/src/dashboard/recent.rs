//! The dashboard's practice, read in the same statement as its facts ([`super::facts`]): the
//! zone the summary is counted in, the summary's recent days, the athlete's rest days, and the
//! latest time of each kind of practice, each part one text column (a list the database keeps or
//! joins). The statement cannot know the athlete's zone before it has read it,
//! so it asks for a window wide enough for any zone and [`Practice::in_zone`] narrows it once the
//! zone is known.

use chrono::{DateTime, Days, NaiveDate, Utc};
use chrono_tz::Tz;

use super::day_text;
use super::days::{self, RestDays};
use crate::db::Reads;
use crate::practice::summary::{self, Day};
use crate::practice::PracticeKind;

/// The statement's part: five columns after the facts', reading the athlete's summary as `s`,
/// `$3` the first day of the window ([`Window::first_day`]) and `$2` now: the zone the summary is
/// counted in, its days (the text kept with it, [`crate::recent_days_list!`], while it holds the
/// window), the rest days, the latest practice of each kind (kept with the summary too, unless
/// one of them is later than now: the clock was set back), and 1 when the athlete has a summary
/// or any practice (0: they never practised, and there is nothing to count).
///
/// Where the kept texts cannot serve the read, their columns are `NULL` and
/// [`Practice::complete`] reads the rows in a second statement. That is rare (a clock set back,
/// a summary counted before the texts were kept), and keeping those reads out of this statement
/// spares PostgreSQL initialising their plan nodes at every dashboard: with them, the statement
/// cost its backend about a third more (bench/PROFILE.md, finding 32).
pub(crate) const COLUMNS: &str = "s.zone, \
    CASE WHEN s.recent_from <= $3 THEN s.recent END, \
    (SELECT string_agg(day, ',') FROM rest_days WHERE user_id = $1), \
    CASE WHEN s.latest_at <= $2 THEN s.latest END, \
    CAST(CASE WHEN s.user_id IS NOT NULL THEN 1 \
      WHEN EXISTS (SELECT 1 FROM practice_events WHERE user_id = $1) THEN 1 ELSE 0 END AS BIGINT)";

/// The summary's days from `$2` on, from its rows, when the kept text does not reach back that
/// far.
const DAYS_FROM_ROWS: &str = concat!(
    "SELECT ",
    crate::practice_days_list!(),
    " FROM practice_days WHERE user_id = $1 AND day >= $2"
);

/// The latest practice of each kind between `$2` and `$3` (ms), from the events.
const LATEST_FROM_EVENTS: &str = concat!(
    "SELECT ",
    crate::latest_practice_list!(),
    " FROM (SELECT kind, MAX(created_at) AS latest FROM practice_events \
       WHERE user_id = $1 AND created_at >= $2 AND created_at <= $3 GROUP BY kind) k"
);

pub(crate) struct Window {
    pub first_day: String,
    pub since: i64,
}

impl Window {
    pub fn at(now: DateTime<Utc>) -> Self {
        let widest = days::heatmap_start(now.date_naive())
            .checked_sub_days(Days::new(1))
            .unwrap_or(NaiveDate::MIN);
        Self {
            first_day: widest.to_string(),
            since: now.timestamp_millis() - 26 * 60 * 60 * 1000,
        }
    }
}

/// The practice columns as read, before the athlete's zone narrows them.
pub(crate) struct Practice {
    pub summary_zone: Option<String>,
    /// The summary's days from the window's first on, as a [`crate::practice_days_list!`].
    pub days: Option<String>,
    pub rest: Option<String>,
    pub latest: Option<String>,
    /// The athlete has a summary, or practice recorded before summaries were kept; false for an
    /// athlete who never practised.
    pub practised_ever: bool,
}

pub(crate) struct Recent {
    /// The summary's practised days from the calendar's first on, oldest first (none for an
    /// athlete who never practised); `None` when it is not counted in the athlete's zone (not
    /// counted yet, or the zone changed): the caller counts the events instead.
    pub practised: Option<Vec<Day>>,
    pub rest: RestDays,
    /// The kinds of practice done since the athlete's midnight.
    pub done_today: Vec<PracticeKind>,
}

impl Practice {
    /// Reads from the rows what the kept texts could not give ([`COLUMNS`]): the summary's days
    /// of `window`, and the latest practice of each kind up to `now` (ms).
    pub async fn complete(
        &mut self,
        reads: &mut Reads<'_>,
        user_id: &str,
        window: &Window,
        now: i64,
    ) -> sqlx::Result<()> {
        if self.days.is_none() && self.summary_zone.is_some() {
            let args = [user_id.into(), (&window.first_day).into()];
            self.days = reads
                .first::<(Option<String>,)>(DAYS_FROM_ROWS, &args)
                .await?
                .and_then(|(list,)| list);
        }
        if self.latest.is_none() && self.practised_ever {
            let args = [user_id.into(), window.since.into(), now.into()];
            self.latest = reads
                .first::<(Option<String>,)>(LATEST_FROM_EVENTS, &args)
                .await?
                .and_then(|(list,)| list);
        }
        Ok(())
    }

    /// The practice of an athlete whose zone is `zone`: the summary's days from `first` on, and
    /// the kinds done since `today_start` (ms).
    pub fn in_zone(self, zone: Tz, first: NaiveDate, today_start: i64) -> Recent {
        let counted_in_zone =
            !self.practised_ever || self.summary_zone.as_deref() == Some(zone.name());
        let practised = summary::days_of_list(self.days.as_deref(), first);
        let rest = items(&self.rest).filter_map(day_text::parse).collect();
        let done_today = items(&self.latest)
            .filter_map(|item| {
                let (kind, latest) = item.split_once(' ')?;
                (latest.parse::<i64>().ok()? >= today_start)
                    .then(|| PracticeKind::from_name(kind))
                    .flatten()
            })
            .collect();
        Recent {
            practised: counted_in_zone.then_some(practised),
            rest,
            done_today,
        }
    }
}

/// The items of a list the database joined with commas; none for no list.
fn items(list: &Option<String>) -> impl Iterator<Item = &str> {
    list.as_deref().into_iter().flat_map(|l| l.split(','))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone as _;

    /// Every zone's calendar and today fall inside the window read for all zones at once,
    /// at every hour of a year that crosses the daylight-saving switches.
    #[test]
    fn the_window_holds_every_zones_calendar_and_today() {
        let zones: [Tz; 5] = [
            "Pacific/Kiritimati".parse().unwrap(),
            "Etc/GMT+12".parse().unwrap(),
            "America/Los_Angeles".parse().unwrap(),
            "Australia/Lord_Howe".parse().unwrap(),
            "UTC".parse().unwrap(),
        ];
        let start = Utc.with_ymd_and_hms(2027, 1, 1, 0, 30, 0).unwrap();
        for hour in 0..(366 * 24) {
            let now = start + chrono::Duration::hours(hour);
            let window = Window::at(now);
            for tz in zones {
                let today = days::local_day(now, tz);
                let first = days::heatmap_start(today).to_string();
                assert!(window.first_day <= first, "{now} in {tz}");
                assert!(
                    window.since <= days::day_start_ms(today, tz),
                    "{now} in {tz}"
                );
            }
        }
    }

    #[test]
    fn the_zone_narrows_the_window_to_the_calendar_and_today() {
        let tz: Tz = "America/Los_Angeles".parse().unwrap();
        let read = Practice {
            summary_zone: Some("America/Los_Angeles".into()),
            days: Some("2027-01-15 2 3,2027-01-13 1 1,2027-01-14 1 2".into()),
            rest: Some("2027-01-10".into()),
            latest: Some("breathing_done 2000,vision_listened 999".into()),
            practised_ever: true,
        };
        let first = "2027-01-14".parse().unwrap();
        let recent = read.in_zone(tz, first, 1000);
        let days: Vec<_> = recent.practised.unwrap().iter().map(|d| d.day).collect();
        assert_eq!(
            days,
            ["2027-01-14".parse().unwrap(), "2027-01-15".parse().unwrap()]
        );
        assert_eq!(recent.done_today, [PracticeKind::BreathingDone]);
        assert!(recent.rest.contains(&"2027-01-10".parse().unwrap()));

        let other = Practice {
            summary_zone: Some("UTC".into()),
            days: None,
            rest: None,
            latest: None,
            practised_ever: true,
        };
        let recent = other.in_zone(tz, first, 1000);
        assert!(recent.practised.is_none(), "counted in another zone");
        assert!(recent.done_today.is_empty() && recent.rest.is_empty());

        let never = Practice {
            summary_zone: None,
            days: None,
            rest: None,
            latest: None,
            practised_ever: false,
        };
        let recent = never.in_zone(tz, first, 1000);
        assert_eq!(
            recent.practised.map(|days| days.len()),
            Some(0),
            "nothing to count for an athlete who never practised"
        );
    }
}
