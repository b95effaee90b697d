//! The athlete's notification settings and how a request becomes them.

use chrono::NaiveTime;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::schedule::Kind;
use crate::domain::TimeZone;
use crate::error::AppError;
use crate::http::json::WireBody;
use crate::push::channel::Channel;

/// Minutes after local midnight of the default daily reminder (20:00).
pub(crate) const DEFAULT_DAILY_MINUTE: u32 = 20 * 60;

/// A time of day to the minute, written `HH:MM`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeOfDay(u32);

impl TimeOfDay {
    pub fn parse(raw: &str) -> Result<Self, AppError> {
        let bad = || {
            AppError::bad_request(format!(
                "dailyReminderTime must be a time of day written HH:MM, such as 07:30 or 20:00, not {:?}.",
                raw.chars().take(20).collect::<String>()
            ))
        };
        let (h, m) = raw.trim().split_once(':').ok_or_else(bad)?;
        if h.len() != 2 || m.len() != 2 {
            return Err(bad());
        }
        let h: u32 = h.parse().map_err(|_| bad())?;
        let m: u32 = m.parse().map_err(|_| bad())?;
        if h > 23 || m > 59 {
            return Err(bad());
        }
        Ok(Self(h * 60 + m))
    }

    /// From stored minutes after midnight; out-of-range values fall back to the default.
    pub(crate) fn from_minutes(minutes: i64) -> Self {
        if (0..24 * 60).contains(&minutes) {
            Self(minutes as u32)
        } else {
            Self(DEFAULT_DAILY_MINUTE)
        }
    }

    pub fn minutes(self) -> u32 {
        self.0
    }

    pub fn time(self) -> NaiveTime {
        NaiveTime::from_hms_opt(self.0 / 60, self.0 % 60, 0).expect("a valid time of day")
    }

    pub(crate) fn to_hhmm(self) -> String {
        format!("{:02}:{:02}", self.0 / 60, self.0 % 60)
    }
}

/// Where each kind of notification goes (push, e-mail or both).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Channels {
    pub daily: Channel,
    pub weekly_map: Channel,
    pub live_call: Channel,
    /// A coach's notes.
    pub nudge: Channel,
}

impl Default for Channels {
    fn default() -> Self {
        Self {
            daily: Channel::DEFAULT,
            weekly_map: Channel::DEFAULT,
            live_call: Channel::DEFAULT,
            nudge: Channel::DEFAULT,
        }
    }
}

impl Channels {
    pub fn of(&self, kind: Kind) -> Channel {
        match kind {
            Kind::Daily => self.daily,
            Kind::WeeklyMap => self.weekly_map,
            Kind::LiveCall => self.live_call,
        }
    }
}

/// Channels a settings update changes; `None` keeps one as it was.
#[derive(Clone, Copy, Debug, Default)]
pub struct ChannelsInput {
    pub daily: Option<Channel>,
    pub weekly_map: Option<Channel>,
    pub live_call: Option<Channel>,
    pub nudge: Option<Channel>,
}

/// What the athlete chose (or the defaults, before the first save).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub daily_reminder: bool,
    pub daily_time: TimeOfDay,
    pub time_zone: TimeZone,
    /// Sunday, at the daily time.
    pub weekly_map_reminder: bool,
    /// One hour before the weekly live call.
    pub live_call_reminder: bool,
    pub product_news: bool,
    /// A team admin's Monday summary of their team (on unless turned off).
    pub coach_summary: bool,
    /// Every reminder due before this instant (ms) is silenced.
    pub game_day_until: Option<i64>,
    /// When the athlete last saved the settings (ms); nothing due before is reminded.
    pub saved_at: i64,
    pub channels: Channels,
}

impl Settings {
    /// Reminders off, 20:00, in the profile's time zone (or UTC).
    pub fn defaults(time_zone: TimeZone) -> Self {
        Self {
            daily_reminder: false,
            daily_time: TimeOfDay(DEFAULT_DAILY_MINUTE),
            time_zone,
            weekly_map_reminder: false,
            live_call_reminder: false,
            product_news: false,
            coach_summary: true,
            game_day_until: None,
            saved_at: 0,
            channels: Channels::default(),
        }
    }
}

/// A complete settings update, validated.
#[derive(Clone, Debug)]
pub struct SettingsInput {
    pub daily_reminder: bool,
    pub daily_time: TimeOfDay,
    pub time_zone: TimeZone,
    pub weekly_map_reminder: bool,
    pub live_call_reminder: bool,
    pub product_news: bool,
    /// `None` keeps the Monday summary as it was.
    pub coach_summary: Option<bool>,
    pub channels: ChannelsInput,
}

fn flag(raw: Option<&Value>, name: &str) -> Result<bool, AppError> {
    match raw {
        Some(Value::Bool(b)) => Ok(*b),
        None | Some(Value::Null) => Err(AppError::bad_request(format!(
            "{name} is required: true or false."
        ))),
        Some(_) => Err(AppError::bad_request(format!(
            "{name} must be true or false."
        ))),
    }
}

fn text<'a>(raw: Option<&'a Value>, name: &str, example: &str) -> Result<&'a str, AppError> {
    match raw {
        Some(Value::String(s)) => Ok(s),
        None | Some(Value::Null) => Err(AppError::bad_request(format!(
            "{name} is required, for example {example}."
        ))),
        Some(_) => Err(AppError::bad_request(format!(
            "{name} must be text, for example {example}."
        ))),
    }
}

// Each field is read loosely, so every mistake gets a sentence a person can act on.
/// The notification settings as the athlete sends them; every field is required.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SettingsBody {
    #[schema(value_type = bool, required = true)]
    pub daily_reminder: Option<Value>,
    /// `HH:MM`, 00:00 to 23:59.
    #[schema(value_type = String, required = true)]
    pub daily_reminder_time: Option<Value>,
    /// An IANA name such as `Europe/Berlin`.
    #[schema(value_type = String, required = true)]
    pub time_zone: Option<Value>,
    #[schema(value_type = bool, required = true)]
    pub weekly_map_reminder: Option<Value>,
    #[schema(value_type = bool, required = true)]
    pub live_call_reminder: Option<Value>,
    #[schema(value_type = bool, required = true)]
    pub product_news: Option<Value>,
    /// A team admin's Monday summary of the team; left out, it stays as it was.
    #[schema(value_type = Option<bool>)]
    pub coach_summary: Option<Value>,
    /// Where the daily reminder goes: `push` (a notification on each device that turned them
    /// on, by e-mail when there is none), `email` or `both`. Left out, it stays as it was.
    #[schema(value_type = Option<Channel>)]
    pub daily_reminder_channel: Option<Value>,
    /// Where the weekly map reminder goes, as `dailyReminderChannel`.
    #[schema(value_type = Option<Channel>)]
    pub weekly_map_reminder_channel: Option<Value>,
    /// Where the live call reminder goes, as `dailyReminderChannel`.
    #[schema(value_type = Option<Channel>)]
    pub live_call_reminder_channel: Option<Value>,
    /// Where a coach's notes go, as `dailyReminderChannel`.
    #[schema(value_type = Option<Channel>)]
    pub coach_nudge_channel: Option<Value>,
}

impl WireBody for SettingsBody {
    const NOT_AN_OBJECT: &'static str = "Send the notification settings as a JSON object.";
}

impl SettingsInput {
    /// Reads a body given as JSON (the API reads it with `ApiBody`).
    pub fn parse(body: &Value) -> Result<Self, AppError> {
        Self::try_from(SettingsBody::from_value(body.clone())?)
    }
}

impl TryFrom<SettingsBody> for SettingsInput {
    type Error = AppError;

    fn try_from(body: SettingsBody) -> Result<Self, AppError> {
        let time = text(
            body.daily_reminder_time.as_ref(),
            "dailyReminderTime",
            "\"20:00\"",
        )?;
        let zone = text(
            body.time_zone.as_ref(),
            "timeZone",
            "\"America/Los_Angeles\"",
        )?;
        Ok(Self {
            daily_reminder: flag(body.daily_reminder.as_ref(), "dailyReminder")?,
            daily_time: TimeOfDay::parse(time)?,
            time_zone: TimeZone::parse(zone)?,
            weekly_map_reminder: flag(body.weekly_map_reminder.as_ref(), "weeklyMapReminder")?,
            live_call_reminder: flag(body.live_call_reminder.as_ref(), "liveCallReminder")?,
            product_news: flag(body.product_news.as_ref(), "productNews")?,
            coach_summary: match body.coach_summary {
                None | Some(Value::Null) => None,
                Some(raw) => Some(flag(Some(&raw), "coachSummary")?),
            },
            channels: ChannelsInput {
                daily: Channel::parse(
                    body.daily_reminder_channel.as_ref(),
                    "dailyReminderChannel",
                )?,
                weekly_map: Channel::parse(
                    body.weekly_map_reminder_channel.as_ref(),
                    "weeklyMapReminderChannel",
                )?,
                live_call: Channel::parse(
                    body.live_call_reminder_channel.as_ref(),
                    "liveCallReminderChannel",
                )?,
                nudge: Channel::parse(body.coach_nudge_channel.as_ref(), "coachNudgeChannel")?,
            },
        })
    }
}

/// Game day on or off.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct GameDayBody {
    /// `true` silences every reminder until the end of today in the settings' zone.
    #[schema(value_type = bool, required = true)]
    pub game_day: Option<Value>,
}

impl WireBody for GameDayBody {
    const NOT_AN_OBJECT: &'static str = GAME_DAY_REQUIRED;
}

const GAME_DAY_REQUIRED: &str = "gameDay is required: true or false.";

impl TryFrom<GameDayBody> for bool {
    type Error = AppError;

    fn try_from(body: GameDayBody) -> Result<bool, AppError> {
        match body.game_day {
            Some(Value::Bool(on)) => Ok(on),
            _ => Err(AppError::bad_request(GAME_DAY_REQUIRED)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn times_of_day_are_hh_mm_within_a_day() {
        assert_eq!(TimeOfDay::parse("07:05").unwrap().minutes(), 425);
        assert_eq!(TimeOfDay::parse(" 23:59 ").unwrap().to_hhmm(), "23:59");
        for bad in [
            "24:00", "7:05", "12:60", "noon", "", "12:5", "-1:00", "12:00:00",
        ] {
            assert!(TimeOfDay::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_settings_body_needs_every_field_with_its_type() {
        let good = json!({"dailyReminder": true, "dailyReminderTime": "06:30", "timeZone": "Europe/Berlin",
            "weeklyMapReminder": false, "liveCallReminder": true, "productNews": false});
        let parsed = SettingsInput::parse(&good).unwrap();
        assert_eq!(parsed.time_zone.name(), "Europe/Berlin");
        let mut missing = good.clone();
        missing.as_object_mut().unwrap().remove("productNews");
        assert_eq!(
            SettingsInput::parse(&missing).unwrap_err().to_string(),
            "productNews is required: true or false."
        );
        let mut wrong = good.clone();
        wrong["dailyReminder"] = json!("yes");
        assert_eq!(
            SettingsInput::parse(&wrong).unwrap_err().to_string(),
            "dailyReminder must be true or false."
        );
    }
}
