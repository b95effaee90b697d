//! Storage of practice events. Saves that cause an event (a daily action, a weekly map) call
//! [`record`] on their own transaction, so the event and the save land together or not at all.

use sqlx::{AnyConnection, Row};

use super::kind::PracticeKind;

#[derive(Clone, Debug)]
pub struct Event {
    pub id: String,
    pub kind: PracticeKind,
    pub created_at: i64,
}

/// Records that `user_id` practised `kind` at `now`.
pub async fn record(
    conn: &mut AnyConnection,
    user_id: &str,
    kind: PracticeKind,
    now: i64,
) -> sqlx::Result<Event> {
    let event = Event {
        id: uuid::Uuid::new_v4().to_string(),
        kind,
        created_at: now,
    };
    sqlx::query(
        "INSERT INTO practice_events (id, user_id, kind, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(&event.id)
    .bind(user_id)
    .bind(kind.as_str())
    .bind(now)
    .execute(conn)
    .await?;
    Ok(event)
}

/// The athlete's events in `[since, until)`, newest first, at most `limit`.
pub async fn between(
    conn: &mut AnyConnection,
    user_id: &str,
    since: i64,
    until: i64,
    limit: i64,
) -> sqlx::Result<Vec<Event>> {
    let rows = sqlx::query(
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
    let mut events = Vec::with_capacity(rows.len());
    for row in rows {
        let name: String = row.try_get("kind")?;
        // A kind this build does not know (written by a newer one) is skipped, not an error.
        if let Some(kind) = PracticeKind::from_name(&name) {
            events.push(Event {
                id: row.try_get("id")?,
                kind,
                created_at: row.try_get("created_at")?,
            });
        }
    }
    Ok(events)
}

/// Times of the athlete's events in `[since, until)`, oldest first: what streaks and the calendar
/// count.
pub async fn times_between(
    conn: &mut AnyConnection,
    user_id: &str,
    since: i64,
    until: i64,
) -> sqlx::Result<Vec<(PracticeKind, i64)>> {
    let rows = sqlx::query(
        "SELECT kind, created_at FROM practice_events \
         WHERE user_id = $1 AND created_at >= $2 AND created_at < $3 ORDER BY created_at",
    )
    .bind(user_id)
    .bind(since)
    .bind(until)
    .fetch_all(conn)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let name: String = row.try_get("kind")?;
        if let Some(kind) = PracticeKind::from_name(&name) {
            out.push((kind, row.try_get("created_at")?));
        }
    }
    Ok(out)
}
