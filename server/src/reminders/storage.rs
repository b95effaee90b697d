//! Storage of notification settings, handled reminder occasions and snoozes (portable SQL).

use sqlx::AnyConnection;

use super::schedule::Kind;
use super::settings::{Channels, Settings, SettingsInput, TimeOfDay};
use crate::domain::TimeZone;
use crate::push::channel::Channel;

/// A row of `notification_settings` as [`COLUMNS`] selects it: the switches are stored as 0 or 1.
#[derive(sqlx::FromRow)]
struct SettingsRow {
    daily_reminder: i64,
    daily_minute: i64,
    time_zone: String,
    weekly_map_reminder: i64,
    live_call_reminder: i64,
    product_news: i64,
    coach_summary: i64,
    game_day_until: Option<i64>,
    saved_at: i64,
    daily_channel: String,
    weekly_map_channel: String,
    live_call_channel: String,
    nudge_channel: String,
}

impl From<SettingsRow> for Settings {
    fn from(row: SettingsRow) -> Self {
        Self {
            daily_reminder: row.daily_reminder != 0,
            daily_time: TimeOfDay::from_minutes(row.daily_minute),
            time_zone: TimeZone::stored_or_utc(Some(&row.time_zone)),
            weekly_map_reminder: row.weekly_map_reminder != 0,
            live_call_reminder: row.live_call_reminder != 0,
            product_news: row.product_news != 0,
            coach_summary: row.coach_summary != 0,
            game_day_until: row.game_day_until,
            saved_at: row.saved_at,
            channels: Channels {
                daily: Channel::stored(&row.daily_channel),
                weekly_map: Channel::stored(&row.weekly_map_channel),
                live_call: Channel::stored(&row.live_call_channel),
                nudge: Channel::stored(&row.nudge_channel),
            },
        }
    }
}

const COLUMNS: &str = "daily_reminder, daily_minute, time_zone, weekly_map_reminder, \
    live_call_reminder, product_news, coach_summary, game_day_until, saved_at, daily_channel, \
    weekly_map_channel, live_call_channel, nudge_channel";

/// The saved settings, or `None` before the first save.
pub async fn get(conn: &mut AnyConnection, user_id: &str) -> sqlx::Result<Option<Settings>> {
    let row = sqlx::query_as::<_, SettingsRow>(&format!(
        "SELECT {COLUMNS} FROM notification_settings WHERE user_id = $1"
    ))
    .bind(user_id)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(Settings::from))
}

/// Whether the account still exists (a one-click link may outlive it).
pub(crate) async fn user_exists(conn: &mut AnyConnection, user_id: &str) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar("SELECT 1 FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_optional(conn)
        .await?;
    Ok(found.is_some())
}

/// The saved settings, or the defaults in the profile's time zone (UTC when it has none).
pub(crate) async fn get_or_default(
    conn: &mut AnyConnection,
    user_id: &str,
) -> sqlx::Result<Settings> {
    if let Some(saved) = get(conn, user_id).await? {
        return Ok(saved);
    }
    let zone = crate::auth::users::stored_zone(&mut *conn, user_id).await?;
    Ok(Settings::defaults(TimeZone::stored_or_utc(
        zone.flatten().as_deref(),
    )))
}

fn flag(on: bool) -> i64 {
    i64::from(on)
}

/// Saves a complete update; game day stays as it was.
pub async fn save(
    conn: &mut AnyConnection,
    user_id: &str,
    input: &SettingsInput,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO notification_settings (user_id, daily_reminder, daily_minute, time_zone, \
           weekly_map_reminder, live_call_reminder, product_news, coach_summary, saved_at, \
           created_at, updated_at, daily_channel, weekly_map_channel, live_call_channel, \
           nudge_channel) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, COALESCE($9, 1), $8, $8, $8, COALESCE($10, 'push'), \
           COALESCE($11, 'push'), COALESCE($12, 'push'), COALESCE($13, 'push')) \
         ON CONFLICT (user_id) DO UPDATE SET daily_reminder = $2, daily_minute = $3, time_zone = $4, \
           weekly_map_reminder = $5, live_call_reminder = $6, product_news = $7, \
           coach_summary = COALESCE($9, notification_settings.coach_summary), saved_at = $8, \
           updated_at = $8, daily_channel = COALESCE($10, notification_settings.daily_channel), \
           weekly_map_channel = COALESCE($11, notification_settings.weekly_map_channel), \
           live_call_channel = COALESCE($12, notification_settings.live_call_channel), \
           nudge_channel = COALESCE($13, notification_settings.nudge_channel)",
    )
    .bind(user_id)
    .bind(flag(input.daily_reminder))
    .bind(i64::from(input.daily_time.minutes()))
    .bind(input.time_zone.name())
    .bind(flag(input.weekly_map_reminder))
    .bind(flag(input.live_call_reminder))
    .bind(flag(input.product_news))
    .bind(now)
    .bind(input.coach_summary.map(flag))
    .bind(input.channels.daily.map(Channel::as_str))
    .bind(input.channels.weekly_map.map(Channel::as_str))
    .bind(input.channels.live_call.map(Channel::as_str))
    .bind(input.channels.nudge.map(Channel::as_str))
    .execute(conn)
    .await?;
    Ok(())
}

/// Stores `settings` as they are (used to write the defaults before a partial change).
async fn ensure(
    conn: &mut AnyConnection,
    user_id: &str,
    settings: &Settings,
    now: i64,
) -> sqlx::Result<()> {
    let input = SettingsInput {
        daily_reminder: settings.daily_reminder,
        daily_time: settings.daily_time,
        time_zone: settings.time_zone,
        weekly_map_reminder: settings.weekly_map_reminder,
        live_call_reminder: settings.live_call_reminder,
        product_news: settings.product_news,
        coach_summary: Some(settings.coach_summary),
        channels: Default::default(),
    };
    sqlx::query(
        "INSERT INTO notification_settings (user_id, daily_reminder, daily_minute, time_zone, \
           weekly_map_reminder, live_call_reminder, product_news, coach_summary, saved_at, \
           created_at, updated_at, daily_channel, weekly_map_channel, live_call_channel, \
           nudge_channel) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $9, $8, $8, $8, $10, $11, $12, $13) \
         ON CONFLICT (user_id) DO NOTHING",
    )
    .bind(user_id)
    .bind(flag(input.daily_reminder))
    .bind(i64::from(input.daily_time.minutes()))
    .bind(input.time_zone.name())
    .bind(flag(input.weekly_map_reminder))
    .bind(flag(input.live_call_reminder))
    .bind(flag(input.product_news))
    .bind(now)
    .bind(flag(settings.coach_summary))
    .bind(settings.channels.daily.as_str())
    .bind(settings.channels.weekly_map.as_str())
    .bind(settings.channels.live_call.as_str())
    .bind(settings.channels.nudge.as_str())
    .execute(conn)
    .await?;
    Ok(())
}

/// Silences every reminder due before `until` (`None` ends game day).
pub(crate) async fn set_game_day(
    conn: &mut AnyConnection,
    user_id: &str,
    current: &Settings,
    until: Option<i64>,
    now: i64,
) -> sqlx::Result<()> {
    ensure(conn, user_id, current, now).await?;
    sqlx::query(
        "UPDATE notification_settings SET game_day_until = $1, updated_at = $2 WHERE user_id = $3",
    )
    .bind(until)
    .bind(now)
    .bind(user_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Turns off one kind of reminder (the unsubscribe link).
pub(crate) async fn turn_off(
    conn: &mut AnyConnection,
    user_id: &str,
    current: &Settings,
    kind: Kind,
    now: i64,
) -> sqlx::Result<()> {
    ensure(conn, user_id, current, now).await?;
    let column = match kind {
        Kind::Daily => "daily_reminder",
        Kind::WeeklyMap => "weekly_map_reminder",
        Kind::LiveCall => "live_call_reminder",
    };
    sqlx::query(&format!(
        "UPDATE notification_settings SET {column} = 0, updated_at = $1 WHERE user_id = $2"
    ))
    .bind(now)
    .bind(user_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// An athlete with at least one reminder on.
pub(crate) struct Subscriber {
    pub user_id: String,
    pub email: String,
    pub first_name: String,
    pub settings: Settings,
}

/// A subscriber's row: who they are, then their settings.
#[derive(sqlx::FromRow)]
struct SubscriberRow {
    user_id: String,
    email: String,
    first_name: String,
    #[sqlx(flatten)]
    settings: SettingsRow,
}

/// Every athlete with a reminder on.
pub(crate) async fn subscribers(conn: &mut AnyConnection) -> sqlx::Result<Vec<Subscriber>> {
    let rows = sqlx::query_as::<_, SubscriberRow>(&format!(
        "SELECT n.user_id, u.email, u.first_name, {} FROM notification_settings n \
         JOIN users u ON u.id = n.user_id \
         WHERE n.daily_reminder <> 0 OR n.weekly_map_reminder <> 0 OR n.live_call_reminder <> 0 \
         ORDER BY n.user_id",
        COLUMNS
            .split(", ")
            .map(|c| format!("n.{}", c.trim()))
            .collect::<Vec<_>>()
            .join(", ")
    ))
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| Subscriber {
            user_id: row.user_id,
            email: row.email,
            first_name: row.first_name,
            settings: row.settings.into(),
        })
        .collect())
}

/// Whether the scheduler has already dealt with this occasion.
pub(crate) async fn handled(
    conn: &mut AnyConnection,
    user_id: &str,
    kind: &str,
    occasion: &str,
) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT 1 FROM reminder_occasions WHERE user_id = $1 AND kind = $2 AND occasion = $3",
    )
    .bind(user_id)
    .bind(kind)
    .bind(occasion)
    .fetch_optional(conn)
    .await?;
    Ok(found.is_some())
}

/// Claims an occasion for `outcome`; true only for the one caller whose row was inserted.
pub(crate) async fn claim_occasion(
    conn: &mut AnyConnection,
    user_id: &str,
    kind: &str,
    occasion: &str,
    due_at: i64,
    outcome: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO reminder_occasions (user_id, kind, occasion, due_at, outcome, handled_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id, kind, occasion) DO NOTHING",
    )
    .bind(user_id)
    .bind(kind)
    .bind(occasion)
    .bind(due_at)
    .bind(outcome)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Schedules one more reminder for `occasion`; answers when it is due (the first snooze's time
/// when the link is used again).
pub async fn snooze(
    conn: &mut AnyConnection,
    user_id: &str,
    kind: Kind,
    occasion: &str,
    due_at: i64,
    now: i64,
) -> sqlx::Result<i64> {
    sqlx::query(
        "INSERT INTO reminder_snoozes (user_id, kind, occasion, due_at, created_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id, kind, occasion) DO NOTHING",
    )
    .bind(user_id)
    .bind(kind.as_str())
    .bind(occasion)
    .bind(due_at)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    sqlx::query_scalar(
        "SELECT due_at FROM reminder_snoozes WHERE user_id = $1 AND kind = $2 AND occasion = $3",
    )
    .bind(user_id)
    .bind(kind.as_str())
    .bind(occasion)
    .fetch_one(conn)
    .await
}

pub(crate) struct Snooze {
    pub user_id: String,
    pub kind: Kind,
    pub occasion: String,
    pub due_at: i64,
}

/// A row of `reminder_snoozes` as [`due_snoozes`] reads it.
#[derive(sqlx::FromRow)]
struct SnoozeRow {
    user_id: String,
    kind: String,
    occasion: String,
    due_at: i64,
}

/// Snoozes due in `[since, until]`.
pub(crate) async fn due_snoozes(
    conn: &mut AnyConnection,
    since: i64,
    until: i64,
) -> sqlx::Result<Vec<Snooze>> {
    let rows = sqlx::query_as::<_, SnoozeRow>(
        "SELECT user_id, kind, occasion, due_at FROM reminder_snoozes \
         WHERE due_at > $1 AND due_at <= $2 ORDER BY due_at",
    )
    .bind(since)
    .bind(until)
    .fetch_all(conn)
    .await?;
    // A kind this build does not know (written by a newer one) is skipped, not an error.
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            Kind::from_name(&row.kind).map(|kind| Snooze {
                user_id: row.user_id,
                kind,
                occasion: row.occasion,
                due_at: row.due_at,
            })
        })
        .collect())
}
