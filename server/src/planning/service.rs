//! What saving a weekly map does, and planning's reads that other screens
//! share.

use super::dto::{DailyActionEntry, RecentObjectives, WeeklyMapEntry};
use super::entries::WeeklyMapInput;
use super::storage::{self, WeeklyMap};
use crate::db::{Reads, WriteTx};
use crate::error::{AppError, Result};

/// The newest objectives of both kinds, each `None` before its first save.
pub(crate) async fn latest_objectives<'c>(
    conn: impl Into<Reads<'c>>,
    user_id: &str,
) -> Result<RecentObjectives> {
    let mut reads = conn.into();
    let daily = storage::latest_daily_action(&mut reads, user_id).await?;
    let weekly = storage::latest_weekly_map(&mut reads, user_id).await?;
    Ok(RecentObjectives {
        daily_objectives: daily.map(|d| DailyActionEntry::from(d).objectives),
        weekly_map: weekly.map(|w| WeeklyMapEntry::from(w).objectives),
    })
}

/// Saves a weekly map; only the athlete's first may skip the review. Run in a write transaction.
pub async fn save_weekly_map(
    tx: &mut WriteTx,
    user_id: &str,
    input: &WeeklyMapInput,
    now: i64,
) -> Result<WeeklyMap> {
    if input.first
        && storage::latest_weekly_map(&mut *tx, user_id)
            .await?
            .is_some()
    {
        return Err(AppError::bad_request(
            "Only your first weekly map may skip the review. Start the weekly map again to review your past week.",
        ));
    }
    Ok(storage::save_weekly_map(tx, user_id, input, now).await?)
}
