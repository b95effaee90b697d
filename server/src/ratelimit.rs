//! Fixed-window rate limits kept in the database, so every instance counts the same hits.

use sqlx::Row as _;

use crate::db::Db;

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

/// What counting one more hit on a key already in the table does: `$2` now, `$3` the start of
/// the oldest window still open (a hit after its key's window has ended starts a new window).
macro_rules! count_on_conflict {
    () => {
        "ON CONFLICT (key) DO UPDATE SET \
           hits = CASE WHEN rate_limits.window_start < $3 THEN 1 ELSE rate_limits.hits + 1 END, \
           window_start = CASE WHEN rate_limits.window_start < $3 THEN $2 ELSE rate_limits.window_start END"
    };
}

/// Counts one hit on `key`: `$1` the key, `$2` and `$3` as in `count_on_conflict!`.
const COUNT_HIT: &str = concat!(
    "INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, $2, 1) ",
    count_on_conflict!(),
    " RETURNING hits, window_start"
);

/// Counts one hit on `key`; refuses once the window's `limit` is exceeded.
pub(crate) async fn hit(
    db: &Db,
    now: i64,
    key: &str,
    limit: i64,
    window_secs: i64,
) -> sqlx::Result<Result<(), Limited>> {
    let (outcome, []) = hit_reading(db, now, key, limit, window_secs, []).await?;
    Ok(outcome)
}

/// Counts one hit on `key` as [`hit`] does and, in the same statement, reads the hits counted
/// on each of `others` in its current window without counting one more: for each, the hits and
/// the seconds until its window ends, or `(0, 0)` when it has none. One round trip where a hit
/// and its reads took one each (a sign-in reads two).
pub(crate) async fn hit_reading<const N: usize>(
    db: &Db,
    now: i64,
    key: &str,
    limit: i64,
    window_secs: i64,
    others: [&str; N],
) -> sqlx::Result<(Result<(), Limited>, [(i64, u64); N])> {
    let window_start_min = now - window_secs * 1000;
    let mut sql = String::from(COUNT_HIT);
    for n in 0..N {
        let other = format!(
            "FROM rate_limits o WHERE o.key = ${} AND o.window_start >= $3",
            n + 4
        );
        sql.push_str(&format!(
            ", (SELECT o.hits {other}), (SELECT o.window_start {other})"
        ));
    }
    let mut query = sqlx::query(&sql).bind(key).bind(now).bind(window_start_min);
    for other in others {
        query = query.bind(other);
    }
    let row = query.fetch_one(db.pool()).await?;
    let (hits, window_start): (i64, i64) = (row.try_get(0)?, row.try_get(1)?);
    let outcome = if hits <= limit {
        Ok(())
    } else {
        Err(Limited {
            retry_after_secs: seconds_left(window_start, window_secs, now),
        })
    };
    let mut counted = [(0, 0); N];
    for (n, slot) in counted.iter_mut().enumerate() {
        let hits: Option<i64> = row.try_get(2 + 2 * n)?;
        let start: Option<i64> = row.try_get(3 + 2 * n)?;
        if let (Some(hits), Some(start)) = (hits, start) {
            *slot = (hits, seconds_left(start, window_secs, now));
        }
    }
    Ok((outcome, counted))
}

/// Counts one hit on each of two keys: `$1` and `$4` the keys, `$2` and `$3` as in
/// `count_on_conflict!`.
const COUNT_TWO: &str = concat!(
    "INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, $2, 1), ($4, $2, 1) ",
    count_on_conflict!()
);

/// Counts one hit on each of two different keys in one statement, with no limit: hits recorded
/// for [`hit_reading`] to read and apply. Both are counted or, if the statement fails, neither.
pub(crate) async fn count_both(
    db: &Db,
    now: i64,
    [first, second]: [&str; 2],
    window_secs: i64,
) -> sqlx::Result<()> {
    sqlx::query(COUNT_TWO)
        .bind(first)
        .bind(now)
        .bind(now - window_secs * 1000)
        .bind(second)
        .execute(db.pool())
        .await?;
    Ok(())
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
