//! Fixed-window rate limits kept in the database, so every instance counts the same hits.

use crate::db::Db;

/// Counts one hit on `key`; `false` once the window's `limit` is exceeded.
pub async fn allow(db: &Db, key: &str, limit: i64, window_secs: i64) -> sqlx::Result<bool> {
    let now = db.now_ms();
    let window_start_min = now - window_secs * 1000;
    let hits: i64 = sqlx::query_scalar(
        "INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, $2, 1) \
         ON CONFLICT (key) DO UPDATE SET \
           hits = CASE WHEN rate_limits.window_start < $3 THEN 1 ELSE rate_limits.hits + 1 END, \
           window_start = CASE WHEN rate_limits.window_start < $3 THEN $2 ELSE rate_limits.window_start END \
         RETURNING hits",
    )
    .bind(key)
    .bind(now)
    .bind(window_start_min)
    .fetch_one(db.pool())
    .await?;
    Ok(hits <= limit)
}

/// Forgets windows that ended more than `older_than_secs` ago.
pub async fn prune(db: &Db, older_than_secs: i64) -> sqlx::Result<u64> {
    Ok(
        sqlx::query("DELETE FROM rate_limits WHERE window_start < $1")
            .bind(db.now_ms() - older_than_secs * 1000)
            .execute(db.pool())
            .await?
            .rows_affected(),
    )
}
