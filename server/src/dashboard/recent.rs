//! The dashboard's practice, read in one statement: the zone the summary is counted in and its
//! days since the calendar's first, the athlete's rest days, and what they have done since
//! their midnight. Each part's rows carry a tag in the first column.

use chrono::NaiveDate;
use chrono_tz::Tz;

use super::days::RestDays;
use crate::db::Reads;
use crate::practice::summary::{self, Day};
use crate::practice::PracticeKind;

pub(crate) struct Recent {
    /// The summary's practised days from the calendar's first on, oldest first; `None` when it
    /// is not counted in the athlete's zone (never counted, or the zone changed): the caller
    /// counts the events instead.
    pub practised: Option<Vec<Day>>,
    pub rest: RestDays,
    /// The kinds of practice done since the athlete's midnight.
    pub done_today: Vec<PracticeKind>,
}

const SQL: &str = "\
    SELECT 'zone', zone, CAST(NULL AS BIGINT), CAST(NULL AS BIGINT) \
      FROM practice_summary WHERE user_id = $1 \
    UNION ALL SELECT 'day', day, events, run \
      FROM practice_days WHERE user_id = $1 AND day >= $2 \
    UNION ALL SELECT 'rest', day, CAST(NULL AS BIGINT), CAST(NULL AS BIGINT) \
      FROM rest_days WHERE user_id = $1 \
    UNION ALL SELECT DISTINCT 'done', kind, CAST(NULL AS BIGINT), CAST(NULL AS BIGINT) \
      FROM practice_events WHERE user_id = $1 AND created_at >= $3 AND created_at < $4";

/// A row of [`SQL`]: the part it belongs to, a day, zone or kind, and a day's events and run.
type Tagged = (String, String, Option<i64>, Option<i64>);

/// The practice of `user_id` whose zone is `zone`: the summary's days from `first` on, and the
/// kinds done from `today_start` (ms) to before `until`.
pub(crate) async fn of<'c>(
    conn: impl Into<Reads<'c>>,
    user_id: &str,
    (zone, first): (Tz, NaiveDate),
    (today_start, until): (i64, i64),
) -> sqlx::Result<Recent> {
    let rows: Vec<Tagged> = conn
        .into()
        .all(
            SQL,
            &[
                user_id.into(),
                (&first.to_string()).into(),
                today_start.into(),
                until.into(),
            ],
        )
        .await?;
    let mut counted_in_zone = false;
    let mut practised = Vec::new();
    let mut rest = RestDays::new();
    let mut done_today = Vec::new();
    for (tag, text, events, run) in rows {
        match tag.as_str() {
            "zone" => counted_in_zone = text == zone.name(),
            "day" => practised.extend(
                events
                    .zip(run)
                    .and_then(|(events, run)| summary::day_of_row(&text, events, run)),
            ),
            "rest" => rest.extend(text.parse::<NaiveDate>().ok()),
            _ => done_today.extend(PracticeKind::from_name(&text)),
        }
    }
    practised.sort_by_key(|d| d.day);
    Ok(Recent {
        practised: counted_in_zone.then_some(practised),
        rest,
        done_today,
    })
}
