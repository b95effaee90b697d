//! Planning's reads that other screens share.

use super::dto::{DailyActionEntry, RecentObjectives, WeeklyMapEntry};
use super::storage;
use crate::error::Result;

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
