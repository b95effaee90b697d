//! What checking in does: the day is the athlete's own, from their time zone and `now`.

use chrono::{DateTime, Days, NaiveDate, Utc};

use super::input::CheckinInput;
use super::storage::{self, StoredCheckin};
use crate::auth::users;
use crate::dashboard::days;
use crate::db::Db;
use crate::domain::TimeZone;
use crate::error::{AppError, Result};

/// The athlete's today, in their stored time zone (UTC until the app has sent one).
pub(crate) async fn today(
    conn: &mut sqlx::AnyConnection,
    user_id: &str,
    now: DateTime<Utc>,
) -> Result<NaiveDate> {
    let user = users::by_id(conn, user_id)
        .await?
        .ok_or_else(|| AppError::not_found("Your account no longer exists."))?;
    let zone = TimeZone::stored_or_utc(user.time_zone.as_deref());
    Ok(days::local_day(now, zone.tz()))
}

/// Saves today's check-in (replacing one saved earlier today) and, for the first of the day,
/// its practice event, in one transaction.
pub async fn save(
    db: &Db,
    user_id: &str,
    input: &CheckinInput,
    now: DateTime<Utc>,
) -> Result<StoredCheckin> {
    let mut tx = db.begin_write().await?;
    let day = today(&mut tx, user_id, now).await?;
    let saved = storage::save(
        &mut tx,
        user_id,
        &day.to_string(),
        input,
        now.timestamp_millis(),
    )
    .await?;
    tx.commit().await?;
    Ok(saved)
}

/// The check-ins of the last `days` local days (today included), newest first, and today.
pub async fn recent(
    db: &Db,
    user_id: &str,
    days: u32,
    now: DateTime<Utc>,
) -> Result<(Vec<StoredCheckin>, NaiveDate)> {
    let mut conn = db.pool().acquire().await?;
    let today = today(&mut conn, user_id, now).await?;
    let first = today
        .checked_sub_days(Days::new(u64::from(days.saturating_sub(1))))
        .unwrap_or(today);
    let list = storage::since(&mut conn, user_id, &first.to_string(), i64::from(days)).await?;
    Ok((list, today))
}
