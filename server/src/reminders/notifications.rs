//! Reminders as notifications on the athlete's devices: the words, where a tap goes, and the
//! buttons with their signed tokens (see `links`).

use std::time::Duration;

use chrono::{DateTime, Utc};

use super::links::{self, Action, Link};
use super::schedule::{self, Kind, Occasion};
use crate::push::outbox::{Button, Notification};
use crate::push::send::Urgency;

/// A notification's "Done" button for `occasion`: records practice without opening the app.
pub fn done_button(user_id: &str, kind: Kind, occasion: &str, secret: &str, now: i64) -> Button {
    button(user_id, kind, occasion, Action::Done, secret, now)
}

/// A notification's "Snooze 1 h" button: the same reminder again in an hour.
pub fn snooze_button(user_id: &str, kind: Kind, occasion: &str, secret: &str, now: i64) -> Button {
    button(user_id, kind, occasion, Action::Snooze, secret, now)
}

fn button(
    user_id: &str,
    kind: Kind,
    occasion: &str,
    action: Action,
    secret: &str,
    now: i64,
) -> Button {
    let token = links::sign(
        &Link {
            user_id: user_id.to_owned(),
            action,
            kind,
            occasion: occasion.to_owned(),
        },
        secret,
        now,
    );
    match action {
        Action::Done => Button {
            action: "done",
            title: "Done",
            token,
        },
        _ => Button {
            action: "snooze",
            title: "Snooze 1 h",
            token,
        },
    }
}

/// The occasion a snoozed reminder stands for (a snooze repeats it, it does not make a new one).
pub(crate) fn first_occasion(key: &str) -> &str {
    key.strip_prefix("snooze:").unwrap_or(key)
}

/// The notification for a reminder `occasion`; `starts` is the live call's local start time.
pub(crate) fn reminder(
    user_id: &str,
    occasion: &Occasion,
    starts: Option<&str>,
    live_call_url: &str,
    secret: &str,
    now: DateTime<Utc>,
) -> Notification {
    let now_secs = now.timestamp();
    let key = first_occasion(&occasion.key);
    let snooze = snooze_button(user_id, occasion.kind, key, secret, now_secs);
    let tag = format!("{}:{key}", occasion.kind.as_str());
    match occasion.kind {
        Kind::Daily => Notification {
            title: "Time for your SWAZ practice".to_owned(),
            body: "Listen to your vision, breathe, and plan tomorrow: about 10 minutes.".to_owned(),
            url: "/user-dashboard".to_owned(),
            tag,
            buttons: vec![
                done_button(user_id, occasion.kind, key, secret, now_secs),
                snooze,
            ],
            urgency: Urgency::Normal,
            ttl: Duration::from_secs(4 * 3600),
        },
        Kind::WeeklyMap => Notification {
            title: "Map your week".to_owned(),
            body: "It's Sunday: look back on your week and set the objectives for the next one."
                .to_owned(),
            url: "/weekly-map-welcome".to_owned(),
            tag,
            buttons: vec![snooze],
            urgency: Urgency::Normal,
            ttl: Duration::from_secs(12 * 3600),
        },
        Kind::LiveCall => Notification {
            title: "The SWAZ live call starts in an hour".to_owned(),
            body: match starts {
                Some(at) => format!("It starts at {at}. Tap to join."),
                None => "Tap to join.".to_owned(),
            },
            url: live_call_url.to_owned(),
            tag,
            buttons: vec![snooze],
            urgency: Urgency::High,
            ttl: Duration::from_secs(
                u64::try_from(schedule::LIVE_CALL_LEAD.num_seconds()).unwrap_or(3600),
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "test-secret-test-secret-test-secret-0123";

    #[test]
    fn a_daily_reminder_has_done_and_snooze_buttons_that_verify_for_their_own_action() {
        let now = DateTime::parse_from_rfc3339("2026-11-26T20:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        let occasion = Occasion {
            kind: Kind::Daily,
            key: "snooze:2026-11-26".to_owned(),
            due: now,
        };
        let note = reminder("u1", &occasion, None, "https://meet", SECRET, now);
        assert_eq!(note.tag, "daily:2026-11-26", "a snooze replaces the first");
        let actions: Vec<_> = note.buttons.iter().map(|b| b.action).collect();
        assert_eq!(actions, ["done", "snooze"]);
        let done = links::verify(
            &note.buttons[0].token,
            SECRET,
            Action::Done,
            now.timestamp(),
        )
        .unwrap();
        assert_eq!(done.occasion, "2026-11-26");
        assert!(links::verify(
            &note.buttons[0].token,
            SECRET,
            Action::Snooze,
            now.timestamp()
        )
        .is_err());
        let payload: serde_json::Value = serde_json::from_str(&note.payload()).unwrap();
        assert_eq!(payload["actions"][1]["title"], "Snooze 1 h");
        assert_eq!(payload["tokens"]["done"], note.buttons[0].token.as_str());
    }
}
