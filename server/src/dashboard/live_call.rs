//! The weekly live call: Tuesday 20:00 in Los Angeles (SPEC §1, §9), whatever daylight saving
//! does, and its iCalendar file.

use chrono::{DateTime, Datelike, Days, NaiveTime, TimeZone as _, Utc, Weekday};
use chrono_tz::America::Los_Angeles;

pub(crate) const CALL_TZ: chrono_tz::Tz = Los_Angeles;
pub(crate) const CALL_WEEKDAY: Weekday = Weekday::Tue;
pub(crate) const CALL_DURATION_MINUTES: i64 = 60;

fn call_time() -> NaiveTime {
    NaiveTime::from_hms_opt(20, 0, 0).expect("20:00 is a time")
}

/// The first call that starts strictly after `now`.
pub(crate) fn next_call(now: DateTime<Utc>) -> DateTime<Utc> {
    let mut day = now.with_timezone(&CALL_TZ).date_naive();
    loop {
        if day.weekday() == CALL_WEEKDAY {
            // 20:00 always exists and is never repeated: switches happen at 02:00.
            if let Some(start) = CALL_TZ
                .from_local_datetime(&day.and_time(call_time()))
                .earliest()
            {
                let start = start.with_timezone(&Utc);
                if start > now {
                    return start;
                }
            }
        }
        day = day.checked_add_days(Days::new(1)).expect("a day after");
    }
}

/// An iCalendar file with the call as a weekly recurring event in Los Angeles time, so that
/// calendar apps move it correctly across daylight saving and show it in the viewer's zone.
pub fn ics(now: DateTime<Utc>, join_url: &str) -> String {
    let first = next_call(now).with_timezone(&CALL_TZ);
    let stamp = now.format("%Y%m%dT%H%M%SZ");
    let lines = [
        "BEGIN:VCALENDAR".to_owned(),
        "VERSION:2.0".to_owned(),
        "PRODID:-//SWAZ//Weekly live call//EN".to_owned(),
        "CALSCALE:GREGORIAN".to_owned(),
        "METHOD:PUBLISH".to_owned(),
        "BEGIN:VTIMEZONE".to_owned(),
        "TZID:America/Los_Angeles".to_owned(),
        "BEGIN:DAYLIGHT".to_owned(),
        "TZOFFSETFROM:-0800".to_owned(),
        "TZOFFSETTO:-0700".to_owned(),
        "TZNAME:PDT".to_owned(),
        "DTSTART:20070311T020000".to_owned(),
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU".to_owned(),
        "END:DAYLIGHT".to_owned(),
        "BEGIN:STANDARD".to_owned(),
        "TZOFFSETFROM:-0700".to_owned(),
        "TZOFFSETTO:-0800".to_owned(),
        "TZNAME:PST".to_owned(),
        "DTSTART:20071104T020000".to_owned(),
        "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU".to_owned(),
        "END:STANDARD".to_owned(),
        "END:VTIMEZONE".to_owned(),
        "BEGIN:VEVENT".to_owned(),
        "UID:weekly-live-call@swaz".to_owned(),
        format!("DTSTAMP:{stamp}"),
        format!(
            "DTSTART;TZID=America/Los_Angeles:{}",
            first.format("%Y%m%dT%H%M%S")
        ),
        format!("DURATION:PT{CALL_DURATION_MINUTES}M"),
        "RRULE:FREQ=WEEKLY;BYDAY=TU".to_owned(),
        "SUMMARY:SWAZ weekly live call".to_owned(),
        format!(
            "DESCRIPTION:{}",
            escape(&format!(
                "Your weekly live call with a professional athlete. Join: {join_url}"
            ))
        ),
        format!("LOCATION:{}", escape(join_url)),
        format!("URL:{join_url}"),
        "BEGIN:VALARM".to_owned(),
        "ACTION:DISPLAY".to_owned(),
        "DESCRIPTION:SWAZ live call in 15 minutes".to_owned(),
        "TRIGGER:-PT15M".to_owned(),
        "END:VALARM".to_owned(),
        "END:VEVENT".to_owned(),
        "END:VCALENDAR".to_owned(),
    ];
    let mut out = String::new();
    for line in lines {
        fold(&line, &mut out);
    }
    out
}

/// Escapes a TEXT value (RFC 5545 §3.3.11).
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace(';', "\\;")
        .replace(',', "\\,")
        .replace('\n', "\\n")
}

/// Writes `line` with CRLF, folded at 75 octets without splitting a character (RFC 5545 §3.1).
fn fold(line: &str, out: &mut String) {
    let mut width = 0;
    for ch in line.chars() {
        if width + ch.len_utf8() > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(ch);
        width += ch.len_utf8();
    }
    out.push_str("\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn the_call_is_tuesday_at_eight_pm_pacific_in_winter_and_summer() {
        // Monday 23 November 2026 (PST, UTC-8): Tuesday 20:00 PST is Wednesday 04:00 UTC.
        assert_eq!(
            next_call(utc("2026-11-23T12:00:00Z")),
            utc("2026-11-25T04:00:00Z")
        );
        // Monday 15 June 2026 (PDT, UTC-7): Wednesday 03:00 UTC.
        assert_eq!(
            next_call(utc("2026-06-15T12:00:00Z")),
            utc("2026-06-17T03:00:00Z")
        );
    }

    #[test]
    fn the_call_follows_both_daylight_saving_switches() {
        // Clocks spring forward on Sunday 14 March 2027; the Tuesday before is still PST.
        assert_eq!(
            next_call(utc("2027-03-01T12:00:00Z")),
            utc("2027-03-03T04:00:00Z"),
            "the last Tuesday before spring-forward is at UTC-8"
        );
        assert_eq!(
            next_call(utc("2027-03-10T05:00:00Z")),
            utc("2027-03-17T03:00:00Z"),
            "the first Tuesday after spring-forward is at UTC-7"
        );
        // Clocks fall back on Sunday 1 November 2026.
        assert_eq!(
            next_call(utc("2026-10-28T12:00:00Z")),
            utc("2026-11-04T04:00:00Z"),
            "the first Tuesday after fall-back is at UTC-8"
        );
        assert_eq!(
            next_call(utc("2026-10-26T12:00:00Z")),
            utc("2026-10-28T03:00:00Z"),
            "the last Tuesday before fall-back is at UTC-7"
        );
    }

    #[test]
    fn after_eight_pm_on_tuesday_the_next_call_is_a_week_later() {
        // Tuesday 24 November 2026, 20:30 PST.
        assert_eq!(
            next_call(utc("2026-11-25T04:30:00Z")),
            utc("2026-12-02T04:00:00Z")
        );
        // Exactly at the start: that call has begun, the next is a week later.
        assert_eq!(
            next_call(utc("2026-11-25T04:00:00Z")),
            utc("2026-12-02T04:00:00Z")
        );
        // 19:59 PST on the Tuesday: still today's.
        assert_eq!(
            next_call(utc("2026-11-25T03:59:00Z")),
            utc("2026-11-25T04:00:00Z")
        );
    }

    #[test]
    fn a_viewer_in_tokyo_sees_the_call_on_wednesday_afternoon() {
        // Tuesday 24 November 2026, 21:00 in Tokyo (12:00 UTC): the call is tomorrow 13:00.
        let tokyo: chrono_tz::Tz = "Asia/Tokyo".parse().unwrap();
        let start = next_call(utc("2026-11-24T12:00:00Z")).with_timezone(&tokyo);
        assert_eq!(start.format("%A %H:%M").to_string(), "Wednesday 13:00");
        // Once that call has started (Wednesday 14:00 in Tokyo), the next is a week on.
        let after = next_call(utc("2026-11-25T05:00:00Z")).with_timezone(&tokyo);
        assert_eq!(
            after.format("%Y-%m-%d %H:%M").to_string(),
            "2026-12-02 13:00"
        );
    }

    #[test]
    fn the_calendar_file_is_a_weekly_event_in_los_angeles_time() {
        let text = ics(
            utc("2026-11-23T12:00:00Z"),
            "https://meet.example.com/a;b,c",
        );
        assert!(text.starts_with("BEGIN:VCALENDAR\r\n"));
        assert!(text.ends_with("END:VCALENDAR\r\n"));
        assert!(text.contains("DTSTART;TZID=America/Los_Angeles:20261124T200000\r\n"));
        assert!(text.contains("RRULE:FREQ=WEEKLY;BYDAY=TU\r\n"));
        assert!(text.contains("LOCATION:https://meet.example.com/a\\;b\\,c\r\n"));
        for line in text.split("\r\n") {
            assert!(line.len() <= 75, "{line}");
        }
    }
}
