//! What the one-click links of reminder mails do once their signature is checked (see `links`):
//! snooze a reminder for an hour, or turn its kind off. Using a link twice changes nothing more
//! than using it once.

use super::links::Link;
use super::schedule;
use super::settings::Settings;
use super::storage;
use crate::db::Db;
use crate::error::Result;

/// Schedules one more reminder an hour after the first use of the link: answers when it is due
/// and the athlete's settings, or `None` when the account is gone.
pub async fn snooze(
    db: &Db,
    link: &Link,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Option<(i64, Settings)>> {
    let mut tx = db.begin_write().await?;
    if !storage::user_exists(&mut tx, &link.user_id).await? {
        return Ok(None);
    }
    let settings = storage::get_or_default(&mut tx, &link.user_id).await?;
    let due = storage::snooze(
        &mut tx,
        &link.user_id,
        link.kind,
        &link.occasion,
        (now + schedule::SNOOZE).timestamp_millis(),
        now.timestamp_millis(),
    )
    .await?;
    tx.commit().await?;
    Ok(Some((due, settings)))
}

/// Turns off the kind of reminder the link came with; `false` when the account is gone.
pub async fn unsubscribe(db: &Db, link: &Link, now_ms: i64) -> Result<bool> {
    let mut tx = db.begin_write().await?;
    if !storage::user_exists(&mut tx, &link.user_id).await? {
        return Ok(false);
    }
    let current = storage::get_or_default(&mut tx, &link.user_id).await?;
    storage::turn_off(&mut tx, &link.user_id, &current, link.kind, now_ms).await?;
    tx.commit().await?;
    Ok(true)
}
