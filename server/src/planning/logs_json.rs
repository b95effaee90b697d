//! A page of the daily logs as JSON, written straight from the entries as read: the same answer
//! as serde_json writes for [`DailyLogs`] (a unit test compares the two), without building a
//! [`LogEntry`] for each entry first. serde_json took about a third of a page's instructions,
//! most of it escaping keys and the athlete's texts a byte at a time, and each entry's time was
//! written twice (bench/PROFILE.md, finding 37).
//!
//! [`DailyLogs`]: super::routes::DailyLogs
//! [`LogEntry`]: super::dto::LogEntry

use super::logs::Logged;
use super::storage::{DailyAction, WeeklyMap};
use crate::db::ms_to_rfc3339;
use crate::http::json_object::JsonObject;

/// Room for a page of 20 entries of a few words each.
const PAGE_CAPACITY: usize = 16 * 1024;

/// The page's JSON: `entries` and the cursor of the next page.
pub(crate) fn page(entries: &[Logged], next_before: Option<&str>) -> Vec<u8> {
    let mut out = Vec::with_capacity(PAGE_CAPACITY);
    let mut page = JsonObject::start(&mut out);
    page.written("entries", |out| {
        out.push(b'[');
        for (i, entry) in entries.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            write_entry(entry, out);
        }
        out.push(b']');
    });
    page.optional_string("nextBefore", next_before);
    page.end();
    out
}

/// One entry as [`LogEntry`](super::dto::LogEntry) is written.
fn write_entry(entry: &Logged, out: &mut Vec<u8>) {
    let (id, created_at, shared_at) = match entry {
        Logged::Daily(d) => (&d.id, d.created_at, d.shared_at),
        Logged::Weekly(w) => (&w.id, w.created_at, w.shared_at),
    };
    let created_at = ms_to_rfc3339(created_at);
    let mut object = JsonObject::start(out);
    object.string("id", id);
    match entry {
        Logged::Daily(d) => {
            object.string("kind", "dailyAction");
            object.string("createdAt", &created_at);
            object.written("dailyAction", |out| write_daily(d, &created_at, out));
            object.null("weeklyMap");
        }
        Logged::Weekly(w) => {
            object.string("kind", "weeklyMap");
            object.string("createdAt", &created_at);
            object.null("dailyAction");
            object.written("weeklyMap", |out| write_weekly(w, &created_at, out));
        }
    }
    object.bool("sharedWithCoach", shared_at.is_some());
    object.end();
}

/// A daily action as [`DailyActionEntry`](super::dto::DailyActionEntry) is written.
fn write_daily(d: &DailyAction, created_at: &str, out: &mut Vec<u8>) {
    let DailyAction {
        id,
        r1,
        r2,
        r3,
        plan,
        created_at: _,
        shared_at: _,
        toward_focus,
    } = d;
    let mut object = JsonObject::start(out);
    object.string("id", id);
    object.string("r1", r1);
    object.string("r2", r2);
    object.number("r3", *r3);
    for (key, answer) in ["q1", "q2", "q3", "q4", "q5", "q6"].into_iter().zip(plan) {
        object.string(key, answer);
    }
    object.string("createdAt", created_at);
    object.bool("towardFocus", *toward_focus);
    object.end();
}

/// A weekly map as [`WeeklyMapEntry`](super::dto::WeeklyMapEntry) is written.
fn write_weekly(w: &WeeklyMap, created_at: &str, out: &mut Vec<u8>) {
    let WeeklyMap {
        id,
        first,
        q1,
        q2,
        q3,
        q4,
        q5,
        plan,
        created_at: _,
        shared_at: _,
    } = w;
    let mut object = JsonObject::start(out);
    object.string("id", id);
    object.bool("first", *first);
    object.optional_string("q1", q1.as_deref());
    object.optional_string("q2", q2.as_deref());
    object.optional_string("q3", q3.as_deref());
    match q4 {
        Some(q4) => object.number("q4", *q4),
        None => object.null("q4"),
    }
    object.optional_string("q5", q5.as_deref());
    for (key, answer) in ["q6", "q7", "q8", "q9", "q10", "q11"].into_iter().zip(plan) {
        object.string(key, answer);
    }
    object.string("createdAt", created_at);
    object.end();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planning::dto::LogEntry;
    use crate::planning::routes::DailyLogs;

    fn entries() -> Vec<Logged> {
        let words = |w: &str| std::array::from_fn(|i| format!("{w} {i}"));
        vec![
            Logged::Daily(DailyAction {
                id: "d-1".into(),
                r1: "Won the \"sprint\"\nand the\tball \\ 🏀".into(),
                r2: "Breathe first, Zoë".into(),
                r3: 7,
                plan: words("Serve \u{1} </script>"),
                created_at: 1_796_000_000_123,
                shared_at: Some(1_796_000_100_000),
                toward_focus: true,
            }),
            Logged::Weekly(WeeklyMap {
                id: "w-2".into(),
                first: false,
                q1: Some("A win".into()),
                q2: Some("A lesson \"learned\"".into()),
                q3: Some(String::new()),
                q4: Some(9),
                q5: Some("Thanks".into()),
                plan: words("Mind"),
                created_at: 1_795_000_000_000,
                shared_at: None,
            }),
            Logged::Weekly(WeeklyMap {
                id: "w-1".into(),
                first: true,
                q1: None,
                q2: None,
                q3: None,
                q4: None,
                q5: None,
                plan: words("Body"),
                created_at: 0,
                shared_at: None,
            }),
            Logged::Daily(DailyAction {
                id: "d-0".into(),
                r1: String::new(),
                r2: "ok".into(),
                r3: -3,
                plan: words("Soul"),
                created_at: -1,
                shared_at: None,
                toward_focus: false,
            }),
        ]
    }

    #[test]
    fn a_page_written_by_hand_is_what_serde_writes() {
        for (entries, next_before) in [
            (entries(), Some("1795000000000_w-1\"")),
            (entries().split_off(3), None),
            (Vec::new(), None),
        ] {
            let by_hand: serde_json::Value =
                serde_json::from_slice(&page(&entries, next_before)).expect("JSON");
            let by_serde = serde_json::to_value(DailyLogs {
                entries: entries.into_iter().map(LogEntry::from).collect(),
                next_before: next_before.map(str::to_owned),
            })
            .unwrap();
            assert_eq!(by_hand, by_serde);
        }
    }
}
