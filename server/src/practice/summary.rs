//! The athlete's practice per local day (`practice_days`), kept in the same transaction as each
//! practice write, so the dashboard reads its calendar and streak from at most 84 rows, not from
//! the events of however long the streak is.
//!
//! Each row is a day the athlete practised, in the zone the summary was counted in
//! (`practice_summary.zone`): how many events, and `run`, the days practised in the run of
//! practised or rest days ending that day. A rest day can only be chosen for today or later, so
//! the rest days between two practised days are settled by the time the later one is written.
//!
//! **A change of time zone counts every day again** from the events, in the new zone, in the
//! transaction that stores the zone ([`rebuild`]): the calendar and streak always show the
//! athlete's days as the current zone divides them, exactly as counting the events would. An
//! athlete whose summary was never counted (practice recorded before it existed) is counted at
//! their next practice, or by [`backfill`] at start; until then the dashboard counts the events.

use std::collections::HashMap;

use chrono::NaiveDate;
use chrono_tz::Tz;
use sqlx::AnyConnection;

use super::storage::counts_by_quarter_hour;
use super::PracticeKind;
use crate::dashboard::day_text;
use crate::dashboard::days::{self, DayCounts, RestDays};
use crate::db::{Arg, Db, Reads, Writes};

/// One practised day of the summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Day {
    pub day: NaiveDate,
    pub events: u32,
    /// Days practised in the run of practised or rest days ending on this day.
    pub run: u32,
}

/// Counts an event of `kind` at `at` (ms) into the summary of `user_id`, in the transaction that
/// recorded it. Takes the summary's row lock first, so concurrent writes of one athlete count in
/// turn.
pub(crate) async fn note<'c>(
    writes: impl Into<Writes<'c>>,
    user_id: &str,
    kind: PracticeKind,
    at: i64,
) -> sqlx::Result<()> {
    let mut writes = writes.into();
    // Insert-or-touch, so the row is locked whether or not it existed ('' when it is new), and
    // the athlete's zone and the kept latest practice in the same round trip.
    let (counted_in, latest, zone): (String, Option<String>, Option<String>) = writes
        .one(
            "INSERT INTO practice_summary (user_id, zone) VALUES ($1, '') \
             ON CONFLICT (user_id) DO UPDATE SET zone = practice_summary.zone \
             RETURNING zone, latest, (SELECT time_zone FROM users WHERE id = $1)",
            &[user_id.into()],
        )
        .await?;
    let zone = crate::domain::TimeZone::stored_or_utc(zone.as_deref()).tz();
    if counted_in != zone.name() {
        return rebuild(&mut writes, user_id, zone, at).await;
    }
    let day = days::local_day_ms(at, zone);
    let (events,): (i64,) = writes
        .one(
            "INSERT INTO practice_days (user_id, day, events, run) VALUES ($1, $2, 1, 0) \
             ON CONFLICT (user_id, day) DO UPDATE SET events = practice_days.events + 1 \
             RETURNING events",
            &[user_id.into(), (&day.to_string()).into()],
        )
        .await?;
    if events == 1 {
        rerun_from(&mut writes, user_id, day).await?;
    }
    // Not kept yet (a summary from before it was): taken from the events.
    let Some(latest) = latest else {
        return keep_recent(&mut writes, user_id, at).await;
    };
    let (latest, latest_at) = latest_with(&latest, kind, at);
    let from = recent_from(at);
    writes
        .execute(
            KEEP_AFTER_NOTE,
            &[
                user_id.into(),
                (&from).into(),
                (&latest).into(),
                latest_at.into(),
            ],
        )
        .await?;
    Ok(())
}

/// The assignment of `practice_summary.recent` and `recent_from`, `$1` the athlete, `$2` the
/// first day kept; for the statements below.
macro_rules! kept_recent {
    () => {
        concat!(
            "recent_from = $2, recent = COALESCE((SELECT ",
            crate::practice_days_list!(),
            " FROM practice_days WHERE user_id = $1 AND day >= $2), '')"
        )
    };
}

/// Keeps the recent days and the latest practice after a practice write, given the latest as
/// `$3` and its newest time as `$4`.
const KEEP_AFTER_NOTE: &str = concat!(
    "UPDATE practice_summary SET ",
    kept_recent!(),
    ", latest = $3, latest_at = $4 WHERE user_id = $1"
);

/// Keeps the recent days, and the latest practice of each kind as the events give it.
const KEEP_FROM_EVENTS: &str = concat!(
    "UPDATE practice_summary SET ",
    kept_recent!(),
    ", latest = COALESCE((SELECT ",
    crate::latest_practice_list!(),
    " FROM (SELECT kind, MAX(created_at) AS latest FROM practice_events \
       WHERE user_id = $1 GROUP BY kind) k), ''), \
     latest_at = COALESCE((SELECT MAX(created_at) FROM practice_events WHERE user_id = $1), 0) \
     WHERE user_id = $1"
);

/// The first day kept of the recent days at `at` (ms): the first any zone's calendar can show.
/// Readers whose window starts on or after it read the text instead of the rows
/// ([`recent_days_list!`]).
fn recent_from(at: i64) -> String {
    let at = chrono::DateTime::from_timestamp_millis(at).unwrap_or_default();
    crate::dashboard::recent::Window::at(at).first_day
}

/// Writes the athlete's recent days again as one text (`practice_summary.recent`) from
/// [`recent_from`] at `at` (ms) on, and their latest practice of each kind
/// (`practice_summary.latest`), both from what is stored.
async fn keep_recent(writes: &mut Writes<'_>, user_id: &str, at: i64) -> sqlx::Result<()> {
    let from = recent_from(at);
    writes
        .execute(KEEP_FROM_EVENTS, &[user_id.into(), (&from).into()])
        .await?;
    Ok(())
}

/// The latest practice of each kind, as a [`latest_practice_list!`], once an event of `kind` at
/// `at` (ms) joins `kept`; and the newest time in it.
fn latest_with(kept: &str, kind: PracticeKind, at: i64) -> (String, i64) {
    let mut items: Vec<(&str, i64)> = kept
        .split(',')
        .filter_map(|item| {
            let (name, time) = item.split_once(' ')?;
            Some((name, time.parse().ok()?))
        })
        .collect();
    match items.iter_mut().find(|(name, _)| *name == kind.as_str()) {
        Some((_, time)) => *time = (*time).max(at),
        None => items.push((kind.as_str(), at)),
    }
    let newest = items.iter().map(|(_, time)| *time).max().unwrap_or(at);
    let list = items
        .iter()
        .map(|(name, time)| format!("{name} {time}"))
        .collect::<Vec<_>>()
        .join(",");
    (list, newest)
}

/// The latest practice of each kind as one text column, `kind ms` items joined by commas, from
/// rows of `kind` and `latest`. Expands to a literal, for statements built with `concat!`.
#[macro_export]
macro_rules! latest_practice_list {
    () => {
        "string_agg(kind || ' ' || CAST(latest AS TEXT), ',')"
    };
}

/// The zone the athlete's days are counted in now.
async fn zone_of<'c>(reads: impl Into<Reads<'c>>, user_id: &str) -> sqlx::Result<Tz> {
    let name = crate::auth::users::stored_zone(reads, user_id).await?;
    Ok(crate::domain::TimeZone::stored_or_utc(name.flatten().as_deref()).tz())
}

/// Sets `run` again on every row from `first` on, after `first` became a practised day (a day
/// late from an offline phone can join two runs; the rows after it are at most a week's).
async fn rerun_from(writes: &mut Writes<'_>, user_id: &str, first: NaiveDate) -> sqlx::Result<()> {
    let first = first.to_string();
    let before: Option<(String, i64)> = writes
        .first(
            "SELECT day, run FROM practice_days WHERE user_id = $1 AND day < $2 \
             ORDER BY day DESC LIMIT 1",
            &[user_id.into(), (&first).into()],
        )
        .await?;
    let from: Vec<(String, i64)> = writes
        .all(
            "SELECT day, run FROM practice_days WHERE user_id = $1 AND day >= $2 ORDER BY day",
            &[user_id.into(), (&first).into()],
        )
        .await?;
    let rest = crate::streak::storage::days_of(&mut *writes, user_id).await?;
    let mut previous = before.and_then(|(day, run)| Some((day.parse().ok()?, run as u32)));
    for (day, stored) in from {
        let Ok(date) = day.parse::<NaiveDate>() else {
            continue;
        };
        let run = run_after(previous, date, &rest);
        if i64::from(run) != stored {
            writes
                .execute(
                    "UPDATE practice_days SET run = $1 WHERE user_id = $2 AND day = $3",
                    &[i64::from(run).into(), user_id.into(), (&day).into()],
                )
                .await?;
        }
        previous = Some((date, run));
    }
    Ok(())
}

/// The run of a practised `day` whose nearest earlier practised day is `previous` (with its run):
/// one more when only rest days lie between them, else a new run of one.
fn run_after(previous: Option<(NaiveDate, u32)>, day: NaiveDate, rest: &RestDays) -> u32 {
    match previous {
        Some((before, run)) if only_rest_between(before, day, rest) => run + 1,
        _ => 1,
    }
}

/// Whether every day strictly between `first` and `last` is a rest day.
fn only_rest_between(first: NaiveDate, last: NaiveDate, rest: &RestDays) -> bool {
    first
        .iter_days()
        .skip(1)
        .take_while(|d| *d < last)
        .all(|d| rest.contains(&d))
}

/// The summary as counting the athlete's events in `zone` gives it.
pub async fn recount<'c>(
    reads: impl Into<Reads<'c>>,
    user_id: &str,
    zone: Tz,
) -> sqlx::Result<Vec<Day>> {
    let mut reads = reads.into();
    let mut counts = DayCounts::new();
    let all = counts_by_quarter_hour(&mut reads, user_id, i64::MIN, i64::MAX).await?;
    days::add_by_day(&mut counts, all, zone);
    let rest = crate::streak::storage::days_of(&mut reads, user_id).await?;
    let mut previous = None;
    Ok(counts
        .into_iter()
        .filter(|(_, events)| *events > 0)
        .map(|(day, events)| {
            let run = run_after(previous, day, &rest);
            previous = Some((day, run));
            Day { day, events, run }
        })
        .collect())
}

/// Counts the athlete's summary again in `zone` (their zone changed, or it was never counted),
/// at `at` (ms).
pub(crate) async fn rebuild<'c>(
    writes: impl Into<Writes<'c>>,
    user_id: &str,
    zone: Tz,
    at: i64,
) -> sqlx::Result<()> {
    let mut writes = writes.into();
    let fresh = recount(&mut writes, user_id, zone).await?;
    writes
        .execute(
            "DELETE FROM practice_days WHERE user_id = $1",
            &[user_id.into()],
        )
        .await?;
    for chunk in fresh.chunks(200) {
        let values = (0..chunk.len())
            .map(|i| format!("($1, ${}, ${}, ${})", 3 * i + 2, 3 * i + 3, 3 * i + 4))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!("INSERT INTO practice_days (user_id, day, events, run) VALUES {values}");
        let names: Vec<String> = chunk.iter().map(|d| d.day.to_string()).collect();
        let mut args: Vec<Arg<'_>> = vec![user_id.into()];
        for (day, name) in chunk.iter().zip(&names) {
            args.extend::<[Arg<'_>; 3]>([
                name.into(),
                i64::from(day.events).into(),
                i64::from(day.run).into(),
            ]);
        }
        writes.execute(&sql, &args).await?;
    }
    writes
        .execute(
            "INSERT INTO practice_summary (user_id, zone) VALUES ($1, $2) \
             ON CONFLICT (user_id) DO UPDATE SET zone = $2",
            &[user_id.into(), zone.name().into()],
        )
        .await?;
    keep_recent(&mut writes, user_id, at).await
}

/// Counts the summary again when it was counted in another zone than `zone` (the athlete's new
/// one), in the transaction that stores the zone, at `now` (ms).
pub(crate) async fn recount_if_moved<'c>(
    writes: impl Into<Writes<'c>>,
    user_id: &str,
    zone: Tz,
    now: i64,
) -> sqlx::Result<()> {
    let mut writes = writes.into();
    // Locks the summary's row as [`note`] does, so the two count in turn.
    let counted_in: Option<(String,)> = writes
        .first(
            "UPDATE practice_summary SET zone = zone WHERE user_id = $1 RETURNING zone",
            &[user_id.into()],
        )
        .await?;
    match counted_in {
        Some((name,)) if name != zone.name() => rebuild(&mut writes, user_id, zone, now).await,
        _ => Ok(()),
    }
}

/// The summary as stored, oldest first.
pub async fn stored(conn: &mut AnyConnection, user_id: &str) -> sqlx::Result<Vec<Day>> {
    read(conn, user_id, "0000-00-00").await
}

async fn read(conn: &mut AnyConnection, user_id: &str, from: &str) -> sqlx::Result<Vec<Day>> {
    let rows: Vec<(String, i64, i64)> = sqlx::query_as(
        "SELECT day, events, run FROM practice_days WHERE user_id = $1 AND day >= $2 ORDER BY day",
    )
    .bind(user_id)
    .bind(from)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(day, events, run)| day_of_row(&day, events, run))
        .collect())
}

/// A stored row of `practice_days` as a [`Day`]; `None` for a day that does not parse.
pub(crate) fn day_of_row(day: &str, events: i64, run: i64) -> Option<Day> {
    Some(Day {
        day: day_text::parse(day)?,
        events: events as u32,
        run: run as u32,
    })
}

/// The summary's days as one text column: `day events run` items joined by commas, in no
/// order; [`days_of_list`] reads them back. Expands to a literal, for statements built with
/// `concat!`.
#[macro_export]
macro_rules! practice_days_list {
    () => {
        "string_agg(day || ' ' || CAST(events AS TEXT) || ' ' || CAST(run AS TEXT), ',')"
    };
}

/// The summary's days from the day in the parameter `$first` on, as one text column like
/// [`practice_days_list!`]'s: the text kept with the summary (`practice_summary.recent`) when it
/// holds that day on, else the list built from the rows. Reads the summary as `s`; expands to a
/// literal, for statements built with `concat!`.
#[macro_export]
macro_rules! recent_days_list {
    ($first:literal) => {
        concat!(
            "COALESCE(CASE WHEN s.recent_from <= ",
            $first,
            " THEN s.recent END, (SELECT ",
            $crate::practice_days_list!(),
            " FROM practice_days d WHERE d.user_id = s.user_id AND d.day >= ",
            $first,
            "))"
        )
    };
}

/// The days of a list read with [`practice_days_list!`], from `first` on, oldest first; an
/// item that does not parse is left out.
///
/// Read in one pass from the front, not with nested splits and a UTF-8 check per item: a
/// dashboard at a year of practice reads 84 of them, and the splits cost it a sixth of its
/// instructions (bench/PROFILE.md, finding 35).
pub(crate) fn days_of_list(list: Option<&str>, first: NaiveDate) -> Vec<Day> {
    let mut rest = list.unwrap_or_default().as_bytes();
    let mut practised = Vec::with_capacity(rest.len() / 16 + 1);
    while !rest.is_empty() {
        match day_at_front(rest) {
            Some((day, after)) => {
                if day.day >= first {
                    practised.push(day);
                }
                rest = after;
            }
            // An item of another shape: skipped, up to its comma.
            None => {
                rest = rest
                    .iter()
                    .position(|&b| b == b',')
                    .map_or(&[][..], |comma| &rest[comma + 1..]);
            }
        }
    }
    practised.sort_by_key(|d| d.day);
    practised
}

/// The `YYYY-MM-DD events run` item at the front of `list`, and the list after it and its
/// comma; `None` when the front item has another shape.
fn day_at_front(list: &[u8]) -> Option<(Day, &[u8])> {
    let (day, rest) = list.split_at_checked(10)?;
    let (events, rest) = number_at_front(rest.strip_prefix(b" ")?)?;
    let (run, rest) = number_at_front(rest.strip_prefix(b" ")?)?;
    let rest = match rest {
        [] => rest,
        [b',', after @ ..] => after,
        _ => return None,
    };
    let day = day_text::parse_bytes(day)?;
    Some((Day { day, events, run }, rest))
}

/// The run of digits at the front of `text` as a number, and what follows it.
fn number_at_front(text: &[u8]) -> Option<(u32, &[u8])> {
    let len = text
        .iter()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(text.len());
    Some((day_text::digits(&text[..len])?, &text[len..]))
}

/// For several athletes, the zone each summary is counted in and its practised days from
/// `first` on, oldest first; an athlete without a summary is missing.
///
/// A row per athlete with the days as one text, the one kept with the summary
/// ([`recent_days_list!`]). Before it was kept, the rows were each database's best
/// (bench/PROFILE.md, finding 16): on PostgreSQL the days built into a list per athlete, on
/// SQLite's reader a row per day; the kept text costs either less than building it.
pub(crate) async fn team_days_from<'c>(
    conn: impl Into<Reads<'c>>,
    user_ids: &[&str],
    first: NaiveDate,
) -> sqlx::Result<HashMap<String, (String, Vec<Day>)>> {
    if user_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let sql = format!(
        concat!(
            "SELECT s.user_id, s.zone, ",
            recent_days_list!("$1"),
            " FROM practice_summary s WHERE s.user_id IN ({})"
        ),
        crate::db::id_list(2, user_ids.len())
    );
    let first_text = first.to_string();
    let args = crate::db::args_then_ids([(&first_text).into()], user_ids);
    let rows: Vec<(String, String, Option<String>)> = conn.into().all(&sql, &args).await?;
    Ok(rows
        .into_iter()
        .map(|(user_id, zone, days)| (user_id, (zone, days_of_list(days.as_deref(), first))))
        .collect())
}

/// The streak on `today` from the practised days of the summary (at least today's and
/// yesterday's) and their counts: the run of the latest practised day, while only rest days
/// follow it up to the day the streak ends ([`days::streak_end`]).
pub(crate) fn streak(
    practised: &[Day],
    counts: &DayCounts,
    rest: &RestDays,
    today: NaiveDate,
) -> u32 {
    let end = days::streak_end(counts, rest, today);
    match practised.iter().rev().find(|p| p.day <= end) {
        Some(latest)
            if (latest.day == end || rest.contains(&end))
                && only_rest_between(latest.day, end, rest) =>
        {
            latest.run
        }
        _ => 0,
    }
}

/// Counts the summary of every athlete who has practice but none yet (practice recorded before
/// summaries were kept), a hundred at a time in the order of their ids, each in its own
/// transaction, then keeps the recent days of every summary kept before they were
/// ([`keep_recent`]). Answers how many summaries it counted. Each batch starts after the last
/// one's final id, so it does not walk again past the accounts already done (at 10,000 such
/// athletes on PostgreSQL, each batch took over a second by the end). `now` in ms.
pub async fn backfill(db: &Db, now: i64) -> sqlx::Result<usize> {
    let mut done = 0;
    let mut after = String::new();
    loop {
        let ids: Vec<String> = sqlx::query_scalar(
            "SELECT u.id FROM users u WHERE u.id > $1 \
               AND NOT EXISTS (SELECT 1 FROM practice_summary s WHERE s.user_id = u.id) \
               AND EXISTS (SELECT 1 FROM practice_events e WHERE e.user_id = u.id) \
             ORDER BY u.id LIMIT 100",
        )
        .bind(&after)
        .fetch_all(db.pool())
        .await?;
        let Some(last) = ids.last() else {
            break;
        };
        after = last.clone();
        for id in ids {
            let mut tx = db.begin_write().await?;
            let zone = zone_of(&mut tx, &id).await?;
            rebuild(&mut tx, &id, zone, now).await?;
            tx.commit().await?;
            done += 1;
        }
    }
    keep_every_recent(db, now).await?;
    Ok(done)
}

/// Keeps the recent days and the latest practice of every summary counted before they were kept.
async fn keep_every_recent(db: &Db, now: i64) -> sqlx::Result<()> {
    let mut after = String::new();
    loop {
        let ids: Vec<String> = sqlx::query_scalar(
            "SELECT user_id FROM practice_summary \
             WHERE (recent IS NULL OR latest IS NULL) AND user_id > $1 \
             ORDER BY user_id LIMIT 100",
        )
        .bind(&after)
        .fetch_all(db.pool())
        .await?;
        let Some(last) = ids.last() else {
            return Ok(());
        };
        after = last.clone();
        for id in ids {
            let mut tx = db.begin_write().await?;
            let mut writes: Writes<'_> = (&mut tx).into();
            // The row's lock first, as [`note`] takes it, so the days are read after any
            // practice write of this athlete that is under way has committed (on PostgreSQL a
            // statement that waits for a lock still reads what it saw when it began).
            let still_missing: Option<(String,)> = writes
                .first(
                    "UPDATE practice_summary SET zone = zone \
                     WHERE user_id = $1 AND (recent IS NULL OR latest IS NULL) RETURNING zone",
                    &[(&id).into()],
                )
                .await?;
            if still_missing.is_some() {
                keep_recent(&mut writes, &id, now).await?;
            }
            tx.commit().await?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    fn practised(days: &[(&str, u32)]) -> Vec<Day> {
        days.iter()
            .map(|(d, run)| Day {
                day: day(d),
                events: 1,
                run: *run,
            })
            .collect()
    }

    /// The list as the database joins it, in any order, read back oldest first from the first
    /// day on; an item of any other shape is left out, not read as something else.
    #[test]
    fn a_days_list_reads_back_in_order_and_leaves_out_what_does_not_parse() {
        let list = "2027-01-15 2 3,2027-01-12 1 1,garbage,,2027-01-13 1 2,2027-01-1 1 1,\
                    2027-02-30 1 1,2027-01-16 x 4,2027-01-17 1,2027-01-18 1 2 3,2027-01-19  1 2,\
                    2027-01-14 12 345";
        let read: Vec<_> = days_of_list(Some(list), day("2027-01-13"))
            .into_iter()
            .map(|d| (d.day.to_string(), d.events, d.run))
            .collect();
        assert_eq!(
            read,
            [
                ("2027-01-13".to_string(), 1, 2),
                ("2027-01-14".to_string(), 12, 345),
                ("2027-01-15".to_string(), 2, 3),
            ]
        );
        assert!(days_of_list(None, day("2027-01-13")).is_empty());
        assert!(days_of_list(Some(""), day("2027-01-13")).is_empty());
    }

    #[test]
    fn the_streak_is_the_latest_run_while_only_rest_days_follow_it() {
        let p = practised(&[("2026-11-20", 1), ("2026-11-22", 1), ("2026-11-23", 2)]);
        let counts: DayCounts = p.iter().map(|d| (d.day, d.events)).collect();
        let none = RestDays::new();
        assert_eq!(streak(&p, &counts, &none, day("2026-11-23")), 2);
        assert_eq!(
            streak(&p, &counts, &none, day("2026-11-24")),
            2,
            "today not over"
        );
        assert_eq!(
            streak(&p, &counts, &none, day("2026-11-25")),
            0,
            "a day missed"
        );
        let rest: RestDays = [day("2026-11-24"), day("2026-11-25")].into();
        assert_eq!(streak(&p, &counts, &rest, day("2026-11-25")), 2, "paused");
        assert_eq!(
            streak(&p, &counts, &rest, day("2026-11-26")),
            2,
            "today not over"
        );
        assert_eq!(streak(&p, &counts, &rest, day("2026-11-27")), 0);
    }

    #[test]
    fn the_latest_practice_keeps_the_newest_time_of_each_kind() {
        let kept = "breathing_done 500,vision_listened 900";
        let (list, newest) = latest_with(kept, PracticeKind::BreathingDone, 700);
        assert_eq!(
            (list.as_str(), newest),
            ("breathing_done 700,vision_listened 900", 900)
        );
        // A late event from an offline phone does not move the time back.
        let (list, _) = latest_with(kept, PracticeKind::VisionListened, 100);
        assert_eq!(list, kept);
        let (list, newest) = latest_with("", PracticeKind::DailyActionSaved, 42);
        assert_eq!((list.as_str(), newest), ("daily_action_saved 42", 42));
    }

    #[test]
    fn runs_go_on_over_rest_days_only() {
        let rest: RestDays = [day("2026-11-21")].into();
        let before = Some((day("2026-11-20"), 4));
        assert_eq!(run_after(before, day("2026-11-22"), &rest), 5);
        assert_eq!(run_after(before, day("2026-11-23"), &rest), 1);
        assert_eq!(run_after(before, day("2026-11-21"), &RestDays::new()), 5);
        assert_eq!(run_after(None, day("2026-11-21"), &rest), 1);
    }
}
