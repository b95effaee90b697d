//! Choosing and removing rest days, hiding the streak: each answers the settings after it.

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::AnyConnection;

use super::dto::StreakSettings;
use super::rules::{self, Reason};
use super::storage::{self, RestDay};
use crate::db::Db;
use crate::error::{AppError, Result};

async fn read(conn: &mut AnyConnection, user_id: &str, today: NaiveDate) -> Result<StreakSettings> {
    let hidden = storage::hidden(conn, user_id).await?;
    let all = storage::of_member(conn, user_id).await?;
    Ok(StreakSettings::new(hidden, today, &all))
}

/// The athlete's streak settings now.
pub async fn settings(db: &Db, user_id: &str, now: DateTime<Utc>) -> Result<StreakSettings> {
    let mut conn = db.pool().acquire().await?;
    let today = crate::checkins::service::today(&mut conn, user_id, now).await?;
    read(&mut conn, user_id, today).await
}

/// Makes `day` a rest day (or changes why), within the weekly and yearly allowance.
pub async fn choose(
    db: &Db,
    user_id: &str,
    day: NaiveDate,
    reason: Reason,
    now: DateTime<Utc>,
) -> Result<StreakSettings> {
    let mut tx = db.begin_write().await?;
    // Two choices at once must not both fit into the last free day of a week.
    crate::teams::storage::lock_user(&mut tx, db.kind(), user_id).await?;
    let today = crate::checkins::service::today(&mut tx, user_id, now).await?;
    let taken: Vec<NaiveDate> = storage::of_member(&mut tx, user_id)
        .await?
        .into_iter()
        .map(|r| r.day)
        .filter(|d| *d != day)
        .collect();
    rules::check_new(day, today, &taken)?;
    storage::put(
        &mut tx,
        user_id,
        &RestDay { day, reason },
        now.timestamp_millis(),
    )
    .await?;
    let answer = read(&mut tx, user_id, today).await?;
    tx.commit().await?;
    Ok(answer)
}

/// Removes the rest day `day`, today or ahead.
pub async fn remove(
    db: &Db,
    user_id: &str,
    day: NaiveDate,
    now: DateTime<Utc>,
) -> Result<StreakSettings> {
    let mut tx = db.begin_write().await?;
    let today = crate::checkins::service::today(&mut tx, user_id, now).await?;
    rules::check_changeable(day, today)?;
    if !storage::remove(&mut tx, user_id, day).await? {
        return Err(AppError::not_found(format!(
            "There is no rest day on {}.",
            day.format("%A %-d %B %Y")
        )));
    }
    let answer = read(&mut tx, user_id, today).await?;
    tx.commit().await?;
    Ok(answer)
}

/// Hides the streak from the athlete's dashboard, or shows it again.
pub async fn set_hidden(
    db: &Db,
    user_id: &str,
    hidden: bool,
    now: DateTime<Utc>,
) -> Result<StreakSettings> {
    let mut tx = db.begin_write().await?;
    storage::set_hidden(&mut tx, user_id, hidden, now.timestamp_millis()).await?;
    let today = crate::checkins::service::today(&mut tx, user_id, now).await?;
    let answer = read(&mut tx, user_id, today).await?;
    tx.commit().await?;
    Ok(answer)
}
