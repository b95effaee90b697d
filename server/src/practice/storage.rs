//! Storage of practice events. Saves that cause an event (a daily action, a weekly map) call
//! [`record`] on their own transaction, so the event and the save land together or not at all;
//! every event is counted into the athlete's day summary ([`super::summary`]) in the same
//! transaction, so callers must be inside a write transaction.

use sqlx::AnyConnection;

use super::kind::PracticeKind;
use crate::db::{args_then_ids, Reads, Writes};

#[derive(Clone, Debug)]
pub struct Event {
    pub id: String,
    pub kind: PracticeKind,
    pub created_at: i64,
}

/// A row of `practice_events` as listed by [`between`] and [`page`].
#[derive(sqlx::FromRow)]
struct EventRow {
    id: String,
    kind: String,
    created_at: i64,
}

impl EventRow {
    /// The event, or `None` for a kind this build does not know (written by a newer one): such
    /// events are skipped, not an error.
    fn into_event(self) -> Option<Event> {
        PracticeKind::from_name(&self.kind).map(|kind| Event {
            id: self.id,
            kind,
            created_at: self.created_at,
        })
    }
}

/// Records that `user_id` practised `kind` at `now`.
pub async fn record<'c>(
    writes: impl Into<Writes<'c>>,
    user_id: &str,
    kind: PracticeKind,
    now: i64,
) -> sqlx::Result<Event> {
    let mut writes = writes.into();
    let event = Event {
        id: uuid::Uuid::new_v4().to_string(),
        kind,
        created_at: now,
    };
    writes
        .execute(
            "INSERT INTO practice_events (id, user_id, kind, created_at) VALUES ($1, $2, $3, $4)",
            &[
                (&event.id).into(),
                user_id.into(),
                kind.as_str().into(),
                now.into(),
            ],
        )
        .await?;
    super::summary::note(&mut writes, user_id, kind, now).await?;
    Ok(event)
}

/// Records `kind` at `at` under the id the device chose, unless that id was recorded before;
/// answers whether it was recorded now.
pub(crate) async fn record_once<'c>(
    writes: impl Into<Writes<'c>>,
    user_id: &str,
    id: &str,
    kind: PracticeKind,
    at: i64,
) -> sqlx::Result<bool> {
    let mut writes = writes.into();
    let recorded = writes
        .execute(
            "INSERT INTO practice_events (id, user_id, kind, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (id) DO NOTHING",
            &[id.into(), user_id.into(), kind.as_str().into(), at.into()],
        )
        .await?
        == 1;
    if recorded {
        super::summary::note(&mut writes, user_id, kind, at).await?;
    }
    Ok(recorded)
}

/// The athlete's event `id`, if it is theirs.
pub(crate) async fn own_event(
    conn: &mut AnyConnection,
    user_id: &str,
    id: &str,
) -> sqlx::Result<Option<Event>> {
    let row: Option<(String, String, i64)> = sqlx::query_as(
        "SELECT id, kind, created_at FROM practice_events WHERE id = $1 AND user_id = $2",
    )
    .bind(id)
    .bind(user_id)
    .fetch_optional(conn)
    .await?;
    Ok(row.and_then(|(id, kind, created_at)| {
        PracticeKind::from_name(&kind).map(|kind| Event {
            id,
            kind,
            created_at,
        })
    }))
}

/// The athlete's events in `[since, until)`, newest first, at most `limit`.
pub(crate) async fn between(
    conn: &mut AnyConnection,
    user_id: &str,
    since: i64,
    until: i64,
    limit: i64,
) -> sqlx::Result<Vec<Event>> {
    let rows = sqlx::query_as::<_, EventRow>(
        "SELECT id, kind, created_at FROM practice_events \
         WHERE user_id = $1 AND created_at >= $2 AND created_at < $3 \
         ORDER BY created_at DESC LIMIT $4",
    )
    .bind(user_id)
    .bind(since)
    .bind(until)
    .bind(limit)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().filter_map(EventRow::into_event).collect())
}

/// Where a page of events ends: the last event's time and id (events are listed newest first,
/// ties broken by id).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageEnd {
    pub created_at: i64,
    pub id: String,
}

/// One page of the athlete's events in `[since, until)`, newest first: at most `limit`, starting
/// after `after` (the end of the previous page). The second value is where this page ends when
/// older events remain.
pub async fn page(
    conn: &mut AnyConnection,
    user_id: &str,
    since: i64,
    until: i64,
    after: Option<&PageEnd>,
    limit: i64,
) -> sqlx::Result<(Vec<Event>, Option<PageEnd>)> {
    let (before_ms, before_id) = match after {
        Some(end) => (end.created_at, end.id.as_str()),
        // Above every stored time and id.
        None => (until, ""),
    };
    let rows = sqlx::query_as::<_, EventRow>(
        "SELECT id, kind, created_at FROM practice_events \
         WHERE user_id = $1 AND created_at >= $2 AND created_at < $3 \
           AND (created_at < $4 OR (created_at = $4 AND id < $5)) \
         ORDER BY created_at DESC, id DESC LIMIT $6",
    )
    .bind(user_id)
    .bind(since)
    .bind(until)
    .bind(before_ms)
    .bind(before_id)
    .bind(limit + 1)
    .fetch_all(conn)
    .await?;
    let more = rows.len() as i64 > limit;
    let mut events = Vec::with_capacity(rows.len());
    let mut end = None;
    for row in rows.into_iter().take(limit as usize) {
        // An event of an unknown kind is skipped but still ends the page.
        end = Some(PageEnd {
            created_at: row.created_at,
            id: row.id.clone(),
        });
        events.extend(row.into_event());
    }
    Ok((events, end.filter(|_| more)))
}

/// How finely the calendar and streaks read practice: a quarter of an hour. Every time zone in
/// use is offset from UTC by a whole number of quarters, so all of a quarter lies in one local
/// day, wherever the athlete is.
pub(crate) const QUARTER_HOUR_MS: i64 = 15 * 60 * 1000;

/// The athlete's events in `[since, until)` counted per quarter of an hour, oldest first: the
/// quarter's start (ms) and its count. Read from the (user, time) index alone, and one row per
/// practice session rather than per event.
pub(crate) async fn counts_by_quarter_hour<'c>(
    reads: impl Into<Reads<'c>>,
    user_id: &str,
    since: i64,
    until: i64,
) -> sqlx::Result<Vec<(i64, u32)>> {
    let rows: Vec<(i64, i64)> = reads
        .into()
        .all(
            &format!(
                "SELECT created_at / {QUARTER_HOUR_MS} AS quarter, COUNT(*) FROM practice_events \
                 WHERE user_id = $1 AND created_at >= $2 AND created_at < $3 \
                 GROUP BY quarter ORDER BY quarter"
            ),
            &[user_id.into(), since.into(), until.into()],
        )
        .await?;
    Ok(rows
        .into_iter()
        .map(|(quarter, n)| {
            (
                quarter * QUARTER_HOUR_MS,
                u32::try_from(n).unwrap_or(u32::MAX),
            )
        })
        .collect())
}

/// As [`counts_by_quarter_hour`] for several athletes at once: (user id, quarter start, count).
pub(crate) async fn team_counts_by_quarter_hour<'c>(
    conn: impl Into<Reads<'c>>,
    user_ids: &[&str],
    since: i64,
    until: i64,
) -> sqlx::Result<Vec<(String, i64, u32)>> {
    let sql = format!(
        "SELECT user_id, created_at / {QUARTER_HOUR_MS} AS quarter, COUNT(*) FROM practice_events \
         WHERE user_id IN ({}) AND created_at >= $1 AND created_at < $2 \
         GROUP BY user_id, quarter",
        crate::db::id_list(3, user_ids.len())
    );
    let args = args_then_ids([since.into(), until.into()], user_ids);
    let rows: Vec<(String, i64, i64)> = conn.into().all(&sql, &args).await?;
    Ok(rows
        .into_iter()
        .map(|(user, quarter, n)| {
            (
                user,
                quarter * QUARTER_HOUR_MS,
                u32::try_from(n).unwrap_or(u32::MAX),
            )
        })
        .collect())
}

/// For several athletes, each kind of practice recorded in `[since, until)` with its newest
/// time: (user id, kind, time).
pub(crate) async fn team_latest_by_kind<'c>(
    conn: impl Into<Reads<'c>>,
    user_ids: &[&str],
    since: i64,
    until: i64,
) -> sqlx::Result<Vec<(String, PracticeKind, i64)>> {
    let sql = format!(
        "SELECT user_id, kind, MAX(created_at) FROM practice_events \
         WHERE user_id IN ({}) AND created_at >= $1 AND created_at < $2 GROUP BY user_id, kind",
        crate::db::id_list(3, user_ids.len())
    );
    let args = args_then_ids([since.into(), until.into()], user_ids);
    let rows: Vec<(String, String, i64)> = conn.into().all(&sql, &args).await?;
    Ok(rows
        .into_iter()
        .filter_map(|(user, kind, at)| PracticeKind::from_name(&kind).map(|k| (user, k, at)))
        .collect())
}

/// When each of several athletes last practised (those who never did are left out).
pub(crate) async fn team_last_at<'c>(
    conn: impl Into<Reads<'c>>,
    user_ids: &[&str],
) -> sqlx::Result<Vec<(String, i64)>> {
    // One index seek per athlete on both databases, where a GROUP BY would read every event.
    let sql = user_ids
        .iter()
        .enumerate()
        .map(|(i, _)| {
            format!(
                "SELECT ${n} AS user_id, (SELECT MAX(created_at) FROM practice_events \
                 WHERE user_id = ${n}) AS last_at",
                n = i + 1
            )
        })
        .collect::<Vec<_>>()
        .join(" UNION ALL ");
    let args = args_then_ids([], user_ids);
    let rows: Vec<(String, Option<i64>)> = conn.into().all(&sql, &args).await?;
    Ok(rows
        .into_iter()
        .filter_map(|(user, at)| at.map(|at| (user, at)))
        .collect())
}
