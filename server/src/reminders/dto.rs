//! The notification settings as the product API answers them and the data export carries them.

use serde::Serialize;
use utoipa::ToSchema;

use super::settings::Settings;
use crate::db::ms_to_rfc3339;
use crate::push::channel::Channel;

/// The athlete's notification settings (defaults until the first save).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationSettings {
    /// An e-mail reminding of the daily practice at `dailyReminderTime`.
    pub daily_reminder: bool,
    /// `HH:MM`, in `timeZone`.
    pub daily_reminder_time: String,
    /// IANA name of the zone reminders follow.
    pub time_zone: String,
    /// On Sundays at the daily time: map the week.
    pub weekly_map_reminder: bool,
    /// One hour before the weekly live call.
    pub live_call_reminder: bool,
    pub product_news: bool,
    /// For a team admin: the Monday summary of the team by e-mail.
    pub coach_summary: bool,
    /// True while game day silences every reminder.
    pub game_day: bool,
    /// When game day ends (the end of that day in `timeZone`); `null` when it is not on.
    pub game_day_until: Option<String>,
    /// Where the daily reminder goes: `push` (a notification on each device that turned them
    /// on, by e-mail when there is none), `email` or `both`.
    pub daily_reminder_channel: Channel,
    /// Where the weekly map reminder goes (`push`, `email` or `both`).
    pub weekly_map_reminder_channel: Channel,
    /// Where the live call reminder goes (`push`, `email` or `both`).
    pub live_call_reminder_channel: Channel,
    /// Where a coach's notes go (`push`, `email` or `both`).
    pub coach_nudge_channel: Channel,
}

impl NotificationSettings {
    pub fn new(s: Settings, now_ms: i64) -> Self {
        let until = s.game_day_until.filter(|until| *until > now_ms);
        Self {
            daily_reminder: s.daily_reminder,
            daily_reminder_time: s.daily_time.to_hhmm(),
            time_zone: s.time_zone.name().to_owned(),
            weekly_map_reminder: s.weekly_map_reminder,
            live_call_reminder: s.live_call_reminder,
            product_news: s.product_news,
            coach_summary: s.coach_summary,
            game_day: until.is_some(),
            game_day_until: until.map(ms_to_rfc3339),
            daily_reminder_channel: s.channels.daily,
            weekly_map_reminder_channel: s.channels.weekly_map,
            live_call_reminder_channel: s.channels.live_call,
            coach_nudge_channel: s.channels.nudge,
        }
    }
}
