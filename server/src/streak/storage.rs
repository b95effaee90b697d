//! Storage of rest days and of the choice to hide the streak.

use std::collections::HashMap;

use chrono::NaiveDate;
use sqlx::AnyConnection;

use super::rules::Reason;
use crate::dashboard::days::RestDays;
use crate::db::Reads;

/// One rest day of an athlete.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RestDay {
    pub day: NaiveDate,
    pub reason: Reason,
}

fn parse((day, reason): (String, String)) -> Option<RestDay> {
    Some(RestDay {
        day: day.parse().ok()?,
        reason: Reason::from_name(&reason)?,
    })
}

/// Every rest day of the athlete, oldest first (twenty a year at most).
pub async fn of_member<'c>(
    conn: impl Into<Reads<'c>>,
    user_id: &str,
) -> sqlx::Result<Vec<RestDay>> {
    let rows: Vec<(String, String)> = conn
        .into()
        .all(
            "SELECT day, reason FROM rest_days WHERE user_id = $1 ORDER BY day",
            &[user_id.into()],
        )
        .await?;
    Ok(rows.into_iter().filter_map(parse).collect())
}

/// The days of [`of_member`], as the streak counts them.
pub async fn days_of<'c>(conn: impl Into<Reads<'c>>, user_id: &str) -> sqlx::Result<RestDays> {
    Ok(of_member(conn, user_id)
        .await?
        .into_iter()
        .map(|r| r.day)
        .collect())
}

/// The rest days of each of `user_ids` (the reasons stay with the athlete).
pub async fn days_of_team<'c>(
    conn: impl Into<Reads<'c>>,
    user_ids: &[&str],
) -> sqlx::Result<HashMap<String, RestDays>> {
    let mut by_user: HashMap<String, RestDays> = HashMap::new();
    if user_ids.is_empty() {
        return Ok(by_user);
    }
    let sql = format!(
        "SELECT user_id, day FROM rest_days WHERE user_id IN ({})",
        crate::db::id_list(1, user_ids.len())
    );
    let rows: Vec<(String, String)> = conn
        .into()
        .all(&sql, &crate::db::args_then_ids([], user_ids))
        .await?;
    for (user_id, day) in rows {
        if let Ok(day) = day.parse() {
            by_user.entry(user_id).or_default().insert(day);
        }
    }
    Ok(by_user)
}

/// Makes `day` a rest day for `reason`, or changes the reason of one already chosen.
pub async fn put(
    conn: &mut AnyConnection,
    user_id: &str,
    rest: &RestDay,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO rest_days (user_id, day, reason, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id, day) DO UPDATE SET reason = excluded.reason",
    )
    .bind(user_id)
    .bind(rest.day.to_string())
    .bind(rest.reason.as_str())
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Removes the rest day `day`; answers whether there was one.
pub async fn remove(conn: &mut AnyConnection, user_id: &str, day: NaiveDate) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM rest_days WHERE user_id = $1 AND day = $2")
        .bind(user_id)
        .bind(day.to_string())
        .execute(conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Whether the athlete hid their streak.
pub async fn hidden(conn: &mut AnyConnection, user_id: &str) -> sqlx::Result<bool> {
    let at: Option<Option<i64>> =
        sqlx::query_scalar("SELECT hidden_at FROM streak_preferences WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(conn)
            .await?;
    Ok(at.flatten().is_some())
}

/// Hides the streak from the athlete's dashboard, or shows it again.
pub async fn set_hidden(
    conn: &mut AnyConnection,
    user_id: &str,
    hidden: bool,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO streak_preferences (user_id, hidden_at) VALUES ($1, $2) \
         ON CONFLICT (user_id) DO UPDATE SET hidden_at = excluded.hidden_at",
    )
    .bind(user_id)
    .bind(hidden.then_some(now))
    .execute(conn)
    .await?;
    Ok(())
}
