//! Counting practice by the athlete's own calendar days: the streak and the 12-week calendar.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Days, NaiveDate, TimeZone as _, Utc};
use chrono_tz::Tz;

/// Days shown by the dashboard's calendar (12 weeks).
pub(crate) const HEATMAP_DAYS: u64 = 84;

/// The calendar day `at` falls on in `tz`.
pub(crate) fn local_day(at: DateTime<Utc>, tz: Tz) -> NaiveDate {
    at.with_timezone(&tz).date_naive()
}

/// The calendar day of a stored time (milliseconds since the epoch) in `tz`.
pub(crate) fn local_day_ms(ms: i64, tz: Tz) -> NaiveDate {
    local_day(DateTime::from_timestamp_millis(ms).unwrap_or_default(), tz)
}

/// The instant `day` begins in `tz`, in milliseconds. Where a daylight-saving switch skips
/// midnight, the day begins at the first instant that exists.
pub(crate) fn day_start_ms(day: NaiveDate, tz: Tz) -> i64 {
    let mut local = day.and_hms_opt(0, 0, 0).expect("midnight exists");
    for _ in 0..4 {
        if let Some(at) = tz.from_local_datetime(&local).earliest() {
            return at.timestamp_millis();
        }
        local += chrono::Duration::minutes(30);
    }
    tz.from_utc_datetime(&local).timestamp_millis()
}

/// Practice counts per local day.
pub type DayCounts = BTreeMap<NaiveDate, u32>;

/// Adds counts of practice, each at a time (ms), to the local day in `tz` the time falls on.
pub(crate) fn add_by_day(
    counts: &mut DayCounts,
    timed: impl IntoIterator<Item = (i64, u32)>,
    tz: Tz,
) {
    for (ms, n) in timed {
        *counts.entry(local_day_ms(ms, tz)).or_default() += n;
    }
}

/// Days the athlete chose to rest (rest, injury, travel): each pauses a streak instead of
/// breaking it, and adds nothing to it.
pub type RestDays = BTreeSet<NaiveDate>;

fn practised(counts: &DayCounts, day: NaiveDate) -> bool {
    counts.get(&day).is_some_and(|c| *c > 0)
}

/// Whether `day` keeps a streak going: practised, or a rest day.
fn keeps_streak(counts: &DayCounts, rest: &RestDays, day: NaiveDate) -> bool {
    practised(counts, day) || rest.contains(&day)
}

/// Days practised in a row ending today, or ending yesterday while today has none yet (a
/// streak is not lost until a whole day passes without practice). Rest days in between pause
/// it: they neither break it nor count.
pub fn streak(counts: &DayCounts, rest: &RestDays, today: NaiveDate) -> u32 {
    run_ending(counts, rest, streak_end(counts, rest, today))
}

/// The day a streak counted on `today` ends: today once practised or rested, else yesterday.
pub(crate) fn streak_end(counts: &DayCounts, rest: &RestDays, today: NaiveDate) -> NaiveDate {
    if keeps_streak(counts, rest, today) {
        today
    } else {
        today.pred_opt().unwrap_or(today)
    }
}

/// The days practised, and the first day, of the run of practised or rest days ending on `day`
/// (`(0, None)` when `day` is neither).
fn run(counts: &DayCounts, rest: &RestDays, day: NaiveDate) -> (u32, Option<NaiveDate>) {
    let mut n = 0;
    let mut first = None;
    let mut at = Some(day);
    while let Some(d) = at.filter(|d| keeps_streak(counts, rest, *d)) {
        n += u32::from(practised(counts, d));
        first = Some(d);
        at = d.pred_opt();
    }
    (n, first)
}

/// Days practised in the run of practised or rest days ending on `day` (0 when `day` is
/// neither).
pub(crate) fn run_ending(counts: &DayCounts, rest: &RestDays, day: NaiveDate) -> u32 {
    run(counts, rest, day).0
}

/// The first day of the run of practised or rest days ending on `day`; `None` when `day` is
/// neither.
pub(crate) fn run_start(counts: &DayCounts, rest: &RestDays, day: NaiveDate) -> Option<NaiveDate> {
    run(counts, rest, day).1
}

/// Whether the streak counted on `today` may go on before `first_read`, the earliest day whose
/// practice has been read: its run reaches that day.
pub(crate) fn streak_reaches(
    counts: &DayCounts,
    rest: &RestDays,
    today: NaiveDate,
    first_read: NaiveDate,
) -> bool {
    run_start(counts, rest, streak_end(counts, rest, today))
        .is_some_and(|first| first <= first_read)
}

/// Days practised from `first` to `last`, both included.
pub(crate) fn practised_between(counts: &DayCounts, first: NaiveDate, last: NaiveDate) -> u32 {
    counts.range(first..=last).filter(|(_, c)| **c > 0).count() as u32
}

/// The first day of the calendar that ends on `today`.
pub(crate) fn heatmap_start(today: NaiveDate) -> NaiveDate {
    today
        .checked_sub_days(Days::new(HEATMAP_DAYS - 1))
        .unwrap_or(today)
}

/// The last [`HEATMAP_DAYS`] days, oldest first, with their practice counts.
pub fn heatmap(counts: &DayCounts, today: NaiveDate) -> Vec<(NaiveDate, u32)> {
    heatmap_start(today)
        .iter_days()
        .take(HEATMAP_DAYS as usize)
        .map(|d| (d, counts.get(&d).copied().unwrap_or(0)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn day(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    fn counts(days: &[&str]) -> DayCounts {
        days.iter().map(|d| (day(d), 1)).collect()
    }

    #[test]
    fn a_streak_counts_consecutive_days_ending_today() {
        let c = counts(&["2026-11-20", "2026-11-22", "2026-11-23", "2026-11-24"]);
        assert_eq!(streak(&c, &RestDays::new(), day("2026-11-24")), 3);
    }

    #[test]
    fn a_streak_survives_until_today_ends_without_practice() {
        let c = counts(&["2026-11-22", "2026-11-23"]);
        assert_eq!(
            streak(&c, &RestDays::new(), day("2026-11-24")),
            2,
            "today is not over yet"
        );
        assert_eq!(
            streak(&c, &RestDays::new(), day("2026-11-25")),
            0,
            "a whole day was missed"
        );
    }

    #[test]
    fn a_missed_day_breaks_the_streak() {
        let c = counts(&["2026-11-21", "2026-11-22", "2026-11-24"]);
        assert_eq!(streak(&c, &RestDays::new(), day("2026-11-24")), 1);
        assert_eq!(
            streak(&DayCounts::new(), &RestDays::new(), day("2026-11-24")),
            0
        );
    }

    #[test]
    fn days_are_counted_in_the_athletes_own_time_zone() {
        // 23:30 in Los Angeles on the 23rd is already the 24th in UTC and in Tokyo.
        let late = utc("2026-11-24T07:30:00Z");
        let la: Tz = "America/Los_Angeles".parse().unwrap();
        let tokyo: Tz = "Asia/Tokyo".parse().unwrap();
        assert_eq!(local_day(late, la), day("2026-11-23"));
        assert_eq!(local_day(late, tokyo), day("2026-11-24"));
        // Practice at 23:30 and at 00:30 Los Angeles time: two days there, one day in UTC.
        let times = [
            utc("2026-11-24T07:30:00Z").timestamp_millis(),
            utc("2026-11-24T08:30:00Z").timestamp_millis(),
        ];
        let count_in = |tz| {
            let mut counts = DayCounts::new();
            add_by_day(&mut counts, times.map(|t| (t, 1)), tz);
            counts
        };
        let in_la = count_in(la);
        assert_eq!(streak(&in_la, &RestDays::new(), day("2026-11-24")), 2);
        let in_utc = count_in(chrono_tz::UTC);
        assert_eq!(streak(&in_utc, &RestDays::new(), day("2026-11-24")), 1);
    }

    #[test]
    fn a_day_begins_at_local_midnight_even_across_daylight_saving() {
        let la: Tz = "America/Los_Angeles".parse().unwrap();
        // 8 March 2026: clocks jump from 02:00 to 03:00; midnight is still 08:00 UTC (PST).
        assert_eq!(
            day_start_ms(day("2026-03-08"), la),
            utc("2026-03-08T08:00:00Z").timestamp_millis()
        );
        assert_eq!(
            day_start_ms(day("2026-03-09"), la),
            utc("2026-03-09T07:00:00Z").timestamp_millis()
        );
        // Santiago skips midnight itself on 6 September 2026: the day starts at 01:00.
        let santiago: Tz = "America/Santiago".parse().unwrap();
        assert_eq!(
            day_start_ms(day("2026-09-06"), santiago),
            utc("2026-09-06T04:00:00Z").timestamp_millis()
        );
    }

    #[test]
    fn the_calendar_shows_twelve_weeks_ending_today() {
        let c = counts(&["2026-11-24", "2026-09-02", "2026-09-01"]);
        let map = heatmap(&c, day("2026-11-24"));
        assert_eq!(map.len(), 84);
        assert_eq!(map[0].0, day("2026-09-02"));
        assert_eq!(map[0].1, 1, "the first day is inside the calendar");
        assert_eq!(map[83], (day("2026-11-24"), 1));
        assert_eq!(
            map.iter().map(|(_, n)| n).sum::<u32>(),
            2,
            "1 September is outside"
        );
    }

    fn rest(days: &[&str]) -> RestDays {
        days.iter().map(|d| day(d)).collect()
    }

    #[test]
    fn a_rest_day_pauses_the_streak_without_counting() {
        let c = counts(&["2026-11-21", "2026-11-22", "2026-11-24"]);
        let r = rest(&["2026-11-23"]);
        assert_eq!(
            streak(&c, &r, day("2026-11-24")),
            3,
            "the 23rd rested, not missed"
        );
        assert_eq!(streak(&c, &RestDays::new(), day("2026-11-24")), 1);
    }

    #[test]
    fn resting_today_keeps_yesterdays_streak_after_today_ends() {
        let c = counts(&["2026-11-22", "2026-11-23"]);
        let r = rest(&["2026-11-24"]);
        assert_eq!(streak(&c, &r, day("2026-11-24")), 2);
        assert_eq!(
            streak(&c, &r, day("2026-11-25")),
            2,
            "the 25th is not over yet"
        );
        assert_eq!(streak(&c, &r, day("2026-11-26")), 0, "the 25th was missed");
    }

    #[test]
    fn rest_days_alone_are_no_streak() {
        let r = rest(&["2026-11-23", "2026-11-24"]);
        assert_eq!(streak(&DayCounts::new(), &r, day("2026-11-24")), 0);
        let c = counts(&["2026-11-20", "2026-11-22"]);
        let r = rest(&["2026-11-21", "2026-11-23", "2026-11-24"]);
        assert_eq!(streak(&c, &r, day("2026-11-25")), 2);
        assert_eq!(
            run_start(&c, &r, day("2026-11-24")),
            Some(day("2026-11-20")),
            "the run reaches back to its first practised day"
        );
    }
}
