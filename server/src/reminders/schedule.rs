//! When reminders are due: pure functions of the settings and "now", in the athlete's own zone
//! and safe across daylight-saving switches.

use chrono::{DateTime, Datelike, Days, NaiveDate, TimeZone as _, Utc, Weekday};
use chrono_tz::Tz;

use super::settings::{Settings, TimeOfDay};
use crate::dashboard::live_call;

/// A reminder due more than this long ago (the server was down) is skipped, not sent late.
pub(crate) const LATE_LIMIT: chrono::Duration = chrono::Duration::hours(2);

/// How long before the weekly live call its reminder goes out.
pub(crate) const LIVE_CALL_LEAD: chrono::Duration = chrono::Duration::hours(1);

/// How long "Remind me in an hour" waits.
pub(crate) const SNOOZE: chrono::Duration = chrono::Duration::hours(1);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Daily,
    WeeklyMap,
    LiveCall,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Daily => "daily",
            Self::WeeklyMap => "weekly_map",
            Self::LiveCall => "live_call",
        }
    }

    pub(crate) fn from_name(name: &str) -> Option<Self> {
        match name {
            "daily" => Some(Self::Daily),
            "weekly_map" => Some(Self::WeeklyMap),
            "live_call" => Some(Self::LiveCall),
            _ => None,
        }
    }
}

/// One reminder to deal with: its kind, the key that names it once and for all (the local date,
/// the call's start, or `snooze:` and the snoozed occasion's key), and when it is due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Occasion {
    pub kind: Kind,
    pub key: String,
    pub due: DateTime<Utc>,
}

/// The instant `time` of `day` happens in `tz`. A time skipped by a spring-forward switch
/// happens at the first minute that exists after it; a time repeated by a fall-back switch
/// happens the first time round.
pub(crate) fn local_instant(day: NaiveDate, time: TimeOfDay, tz: Tz) -> DateTime<Utc> {
    let mut local = day.and_time(time.time());
    for _ in 0..=240 {
        if let Some(at) = tz.from_local_datetime(&local).earliest() {
            return at.with_timezone(&Utc);
        }
        local += chrono::Duration::minutes(1);
    }
    tz.from_utc_datetime(&local).with_timezone(&Utc)
}

fn is_recent(due: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    due <= now && now - due < LATE_LIMIT
}

/// Due now, not too late, and not before the athlete saved the settings that make it due.
fn is_due(due: DateTime<Utc>, now: DateTime<Utc>, settings: &Settings) -> bool {
    is_recent(due, now) && due.timestamp_millis() >= settings.saved_at
}

/// The reminders due at `now` and not more than [`LATE_LIMIT`] late, whether or not they were
/// already sent (the occasions table decides that).
pub(crate) fn due_occasions(settings: &Settings, now: DateTime<Utc>) -> Vec<Occasion> {
    let tz = settings.time_zone.tz();
    let today = now.with_timezone(&tz).date_naive();
    let mut due = Vec::new();
    let days = [today.checked_sub_days(Days::new(1)), Some(today)];
    for day in days.into_iter().flatten() {
        let at = local_instant(day, settings.daily_time, tz);
        if !is_due(at, now, settings) {
            continue;
        }
        if settings.daily_reminder {
            due.push(Occasion {
                kind: Kind::Daily,
                key: day.to_string(),
                due: at,
            });
        }
        if settings.weekly_map_reminder && day.weekday() == Weekday::Sun {
            due.push(Occasion {
                kind: Kind::WeeklyMap,
                key: day.to_string(),
                due: at,
            });
        }
    }
    if settings.live_call_reminder {
        let call = live_call::next_call(now - LIVE_CALL_LEAD);
        let at = call - LIVE_CALL_LEAD;
        if is_due(at, now, settings) {
            due.push(Occasion {
                kind: Kind::LiveCall,
                key: call.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                due: at,
            });
        }
    }
    due
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::TimeZone;

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn daily(zone: &str, time: &str) -> Settings {
        Settings {
            daily_reminder: true,
            daily_time: TimeOfDay::parse(time).unwrap(),
            ..Settings::defaults(TimeZone::parse(zone).unwrap())
        }
    }

    #[test]
    fn a_time_skipped_by_spring_forward_happens_when_clocks_have_moved_on() {
        let la: Tz = "America/Los_Angeles".parse().unwrap();
        let day: NaiveDate = "2027-03-14".parse().unwrap();
        // 02:30 does not exist that night; 03:00 PDT is 10:00 UTC.
        assert_eq!(
            local_instant(day, TimeOfDay::parse("02:30").unwrap(), la),
            utc("2027-03-14T10:00:00Z")
        );
        // 01:30 on fall-back night happens twice: the first, PDT, is 08:30 UTC.
        let back: NaiveDate = "2026-11-01".parse().unwrap();
        assert_eq!(
            local_instant(back, TimeOfDay::parse("01:30").unwrap(), la),
            utc("2026-11-01T08:30:00Z")
        );
    }

    #[test]
    fn the_daily_reminder_is_due_from_its_time_for_two_hours() {
        let s = daily("Europe/Berlin", "20:00");
        assert!(due_occasions(&s, utc("2026-11-24T18:59:59Z")).is_empty());
        let at = due_occasions(&s, utc("2026-11-24T19:00:00Z"));
        assert_eq!(at.len(), 1);
        assert_eq!(at[0].key, "2026-11-24");
        assert_eq!(due_occasions(&s, utc("2026-11-24T20:59:00Z")).len(), 1);
        assert!(due_occasions(&s, utc("2026-11-24T21:00:00Z")).is_empty());
    }

    #[test]
    fn a_reminder_turned_on_after_its_time_waits_for_the_next_day() {
        let s = Settings {
            saved_at: utc("2026-11-24T20:30:00Z").timestamp_millis(),
            ..daily("UTC", "20:00")
        };
        assert!(due_occasions(&s, utc("2026-11-24T20:31:00Z")).is_empty());
        assert_eq!(due_occasions(&s, utc("2026-11-25T20:00:00Z")).len(), 1);
    }

    #[test]
    fn a_late_evening_reminder_is_still_due_after_midnight_for_its_own_day() {
        let s = daily("UTC", "23:30");
        let due = due_occasions(&s, utc("2026-11-25T00:10:00Z"));
        assert_eq!(due.len(), 1);
        assert_eq!(due[0].key, "2026-11-24");
    }

    #[test]
    fn the_weekly_map_reminder_is_due_on_sunday_only() {
        let s = Settings {
            daily_reminder: false,
            weekly_map_reminder: true,
            ..daily("Asia/Tokyo", "09:00")
        };
        // Sunday 29 November 2026, 09:00 in Tokyo is 00:00 UTC.
        let due = due_occasions(&s, utc("2026-11-29T00:00:00Z"));
        assert_eq!(due.len(), 1);
        assert_eq!(due[0].kind, Kind::WeeklyMap);
        assert!(due_occasions(&s, utc("2026-11-30T00:00:00Z")).is_empty());
    }

    #[test]
    fn the_live_call_reminder_is_due_an_hour_before_the_call() {
        let s = Settings {
            daily_reminder: false,
            live_call_reminder: true,
            ..daily("UTC", "20:00")
        };
        // The call of Tuesday 24 November 2026 starts 04:00 UTC on the 25th.
        assert!(due_occasions(&s, utc("2026-11-25T02:59:00Z")).is_empty());
        let due = due_occasions(&s, utc("2026-11-25T03:00:00Z"));
        assert_eq!(due.len(), 1);
        assert_eq!(due[0].key, "2026-11-25T04:00:00Z");
        assert_eq!(due_occasions(&s, utc("2026-11-25T04:30:00Z")).len(), 1);
        assert!(due_occasions(&s, utc("2026-11-25T05:00:00Z")).is_empty());
    }
}
