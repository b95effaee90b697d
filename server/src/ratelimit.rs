//! Fixed-window rate limits kept in the database, so every instance counts the same hits.

use crate::db::{Db, Reads};

/// How many hits a key may take per window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Limit {
    pub max: i64,
    pub window_secs: i64,
}

/// A refusal: the window's limit is used up for `retry_after_secs` more seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limited {
    pub retry_after_secs: u64,
}

/// Seconds from `now_ms` until the window that started at `window_start_ms` ends, at least 1.
fn seconds_left(window_start_ms: i64, window_secs: i64, now_ms: i64) -> u64 {
    let left_ms = window_start_ms + window_secs * 1000 - now_ms;
    u64::try_from((left_ms + 999) / 1000).unwrap_or(0).max(1)
}

/// Counts one hit on `key`; refuses once the window's `limit` is exceeded.
pub(crate) async fn hit(
    db: &Db,
    now: i64,
    key: &str,
    limit: i64,
    window_secs: i64,
) -> sqlx::Result<Result<(), Limited>> {
    let window_start_min = now - window_secs * 1000;
    let (hits, window_start): (i64, i64) = sqlx::query_as(
        "INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, $2, 1) \
         ON CONFLICT (key) DO UPDATE SET \
           hits = CASE WHEN rate_limits.window_start < $3 THEN 1 ELSE rate_limits.hits + 1 END, \
           window_start = CASE WHEN rate_limits.window_start < $3 THEN $2 ELSE rate_limits.window_start END \
         RETURNING hits, window_start",
    )
    .bind(key)
    .bind(now)
    .bind(window_start_min)
    .fetch_one(db.pool())
    .await?;
    if hits <= limit {
        Ok(Ok(()))
    } else {
        Ok(Err(Limited {
            retry_after_secs: seconds_left(window_start, window_secs, now),
        }))
    }
}

/// Hits counted on `key` in its current window, without counting one more; read on `reads`
/// (on PostgreSQL a connection kept for reads, without the pool's pings: a sign-in asks twice).
pub(crate) async fn hits(
    reads: &mut Reads<'_>,
    now: i64,
    key: &str,
    window_secs: i64,
) -> sqlx::Result<(i64, u64)> {
    let row: Option<(i64, i64)> = reads
        .first(
            "SELECT hits, window_start FROM rate_limits WHERE key = $1",
            &[key.into()],
        )
        .await?;
    Ok(match row {
        Some((hits, start)) if start >= now - window_secs * 1000 => {
            (hits, seconds_left(start, window_secs, now))
        }
        _ => (0, 0),
    })
}

/// Forgets windows that ended more than `older_than_secs` ago.
pub(crate) async fn prune(db: &Db, now: i64, older_than_secs: i64) -> sqlx::Result<u64> {
    Ok(
        sqlx::query("DELETE FROM rate_limits WHERE window_start < $1")
            .bind(now - older_than_secs * 1000)
            .execute(db.pool())
            .await?
            .rows_affected(),
    )
}

#[cfg(test)]
mod tests {
    use super::seconds_left;

    #[test]
    fn the_wait_rounds_up_to_whole_seconds_and_is_never_zero() {
        assert_eq!(seconds_left(0, 60, 20_000), 40);
        assert_eq!(seconds_left(0, 60, 20_001), 40);
        assert_eq!(seconds_left(0, 60, 59_999), 1);
        assert_eq!(seconds_left(0, 60, 60_000), 1);
    }
}
