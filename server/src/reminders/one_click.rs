//! What the one-click links of reminder mails and the buttons of notifications do once their
//! signature is checked (see `links`): snooze a reminder for an hour, turn its kind off, or record
//! the practice. Using one twice changes nothing more than using it once.

use super::links::Link;
use super::schedule;
use super::settings::Settings;
use super::storage;
use crate::db::Db;
use crate::error::Result;
use crate::practice::{self, PracticeKind};

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

/// Records the practice a notification's "Done" stands for, once per notification however often
/// it is tapped; `false` when the account is gone.
pub async fn done(db: &Db, link: &Link, now_ms: i64) -> Result<bool> {
    let mut tx = db.begin_write().await?;
    if !storage::user_exists(&mut tx, &link.user_id).await? {
        return Ok(false);
    }
    let id = done_event_id(link);
    practice::storage::record_once(
        &mut tx,
        &link.user_id,
        &id,
        PracticeKind::MarkedDone,
        now_ms,
    )
    .await?;
    tx.commit().await?;
    Ok(true)
}

/// Whether "Done" was pressed on the notification `link` belongs to (its snooze, say).
pub async fn marked_done(db: &Db, link: &Link) -> Result<bool> {
    let mut conn = db.pool().acquire().await?;
    let found =
        practice::storage::own_event(&mut conn, &link.user_id, &done_event_id(link)).await?;
    Ok(found.is_some())
}

/// The practice event a "Done" records: the same for every tap on the same notification.
fn done_event_id(link: &Link) -> String {
    let seed = format!(
        "done\n{}\n{}\n{}",
        link.user_id,
        link.kind.as_str(),
        link.occasion
    );
    let digest = ring::digest::digest(&ring::digest::SHA256, seed.as_bytes());
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest.as_ref()[..16]);
    uuid::Builder::from_random_bytes(bytes)
        .into_uuid()
        .to_string()
}
