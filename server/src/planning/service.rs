//! What saving a daily action or a weekly map does, and planning's reads that other screens
//! share.

use super::dto::{DailyActionEntry, RecentObjectives, WeeklyMapEntry};
use super::entries::{DailyActionInput, WeeklyMapInput};
use super::storage::{self, DailyAction, WeeklyMap};
use crate::db::Db;
use crate::error::{AppError, Result};

/// The newest objectives of both kinds, each `None` before its first save.
pub(crate) async fn latest_objectives(
    conn: &mut sqlx::AnyConnection,
    user_id: &str,
) -> Result<RecentObjectives> {
    let daily = storage::latest_daily_action(conn, user_id).await?;
    let weekly = storage::latest_weekly_map(conn, user_id).await?;
    Ok(RecentObjectives {
        daily_objectives: daily.map(|d| DailyActionEntry::from(d).objectives),
        weekly_map: weekly.map(|w| WeeklyMapEntry::from(w).objectives),
    })
}

/// Saves a daily action (and its practice event) in one transaction.
pub async fn save_daily_action(
    db: &Db,
    user_id: &str,
    input: &DailyActionInput,
    now: i64,
) -> Result<DailyAction> {
    let mut tx = db.begin_write().await?;
    let saved = storage::save_daily_action(&mut tx, user_id, input, now).await?;
    tx.commit().await?;
    Ok(saved)
}

/// Saves a weekly map; only the athlete's first may skip the review.
pub async fn save_weekly_map(
    db: &Db,
    user_id: &str,
    input: &WeeklyMapInput,
    now: i64,
) -> Result<WeeklyMap> {
    let mut tx = db.begin_write().await?;
    if input.first
        && storage::latest_weekly_map(&mut tx, user_id)
            .await?
            .is_some()
    {
        return Err(AppError::bad_request(
            "Only your first weekly map may skip the review. Start the weekly map again to review your past week.",
        ));
    }
    let saved = storage::save_weekly_map(&mut tx, user_id, input, now).await?;
    tx.commit().await?;
    Ok(saved)
}
