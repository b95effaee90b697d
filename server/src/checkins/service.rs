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
    let zone = users::stored_zone(conn, user_id)
        .await?
        .ok_or_else(|| AppError::not_found("Your account no longer exists."))?;
    let zone = TimeZone::stored_or_utc(zone.as_deref());
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
///
/// Read in one statement with the athlete's zone, before the zone says where their window
/// starts: from the earliest first day any zone could have (a local date is at most a day from
/// UTC's), newest first and at most `days` of them; the ones before the athlete's own first day
/// are then dropped. They can only be the last rows read, so what is left is exactly the
/// `days` newest from that first day on.
pub async fn recent(
    db: &Db,
    user_id: &str,
    days: u32,
    now: DateTime<Utc>,
) -> Result<(Vec<StoredCheckin>, NaiveDate)> {
    let back = |day: NaiveDate, by: u32| {
        day.checked_sub_days(Days::new(u64::from(by)))
            .unwrap_or(NaiveDate::MIN)
    };
    let widest = back(now.date_naive(), days);
    let (zone, read) =
        storage::zone_and_since(db.reads().await?, user_id, &widest.to_string(), days.into())
            .await?
            .ok_or_else(|| AppError::not_found("Your account no longer exists."))?;
    let today = days::local_day(now, TimeZone::stored_or_utc(zone.as_deref()).tz());
    let first = back(today, days.saturating_sub(1)).to_string();
    let list = read.into_iter().filter(|c| c.day >= first).collect();
    Ok((list, today))
}
