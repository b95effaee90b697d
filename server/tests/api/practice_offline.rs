//! Practice done offline (issue 28): the phone keeps it and sends it later with the time it
//! happened and an id of its own; it counts on the local day it happened, once however often it
//! is sent, up to 7 days late and never in the future.

use chrono::{DateTime, Duration, SecondsFormat, Utc};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::TestApp;
use crate::test_user::TestUser;

const EVENTS: &str = "/_api/v1/practice/events";

fn utc(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

fn rfc3339(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Millis, true)
}

async fn send(athlete: &TestUser, body: Value) -> (StatusCode, Value) {
    athlete.post(EVENTS, body).await
}

/// The dashboard calendar's count on `date`.
fn on_day(dashboard: &Value, date: &str) -> u64 {
    dashboard["heatmap"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["date"] == date)
        .map_or(0, |d| d["count"].as_u64().unwrap())
}

#[tokio::test]
async fn practice_sent_later_counts_on_the_local_day_it_happened_and_only_once() {
    let app = TestApp::spawn().await;
    // Wednesday 25 November 2026, 18:00 UTC: 10:00 in Los Angeles.
    let now = utc("2026-11-25T18:00:00Z");
    app.clock().set(now);
    let athlete = app.with_user("ann@example.com", "Ann").await;
    let (status, _) = athlete
        .put(
            "/_api/v1/swazprofile/timezone",
            json!({ "timeZone": "America/Los_Angeles" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    // Monday night in Los Angeles, on a plane: 23:30 on the 23rd is 07:30 UTC on the 24th.
    let monday_night = utc("2026-11-24T07:30:00Z");
    let id = "3f2b8c1e-0d4a-4c7e-9b1a-2f6d8e9c0a1b";
    let body = json!({ "kind": "breathing_done", "at": rfc3339(monday_night), "id": id });
    let (status, first) = send(&athlete, body.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{first}");
    assert_eq!(first["id"], id);
    assert_eq!(
        utc(first["createdAt"].as_str().unwrap()),
        monday_night,
        "{first}"
    );
    // The answer was lost on the way: the phone sends it again.
    let (status, again) = send(&athlete, body).await;
    assert_eq!((status, &again), (StatusCode::OK, &first));
    let (_, dashboard) = athlete.get("/_api/v1/dashboard").await;
    assert_eq!(on_day(&dashboard, "2026-11-23"), 1, "once, on Monday");
    assert_eq!(on_day(&dashboard, "2026-11-24"), 0);
    // Tuesday night too, then today: three days running.
    for (at, kind) in [
        (utc("2026-11-25T06:00:00Z"), "vision_listened"),
        (now, "breathing_done"),
    ] {
        let (status, body) = send(
            &athlete,
            json!({ "kind": kind, "at": rfc3339(at), "id": uuid::Uuid::new_v4().to_string() }),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let (_, dashboard) = athlete.get("/_api/v1/dashboard").await;
    assert_eq!(dashboard["streakDays"], 3, "{dashboard}");
    let (_, listed) = athlete.get(&format!("{EVENTS}?days=7")).await;
    assert_eq!(listed["events"].as_array().unwrap().len(), 3, "{listed}");

    // Someone else's id is not a way to read their practice.
    let other = app.with_user("bob@example.com", "Bob").await;
    let (status, body) = send(&other, json!({ "kind": "breathing_done", "id": id })).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "This id is already taken: give the practice a new UUID."
    );
}

#[tokio::test]
async fn practice_is_refused_from_the_future_or_over_a_week_late_with_a_sentence() {
    let app = TestApp::spawn().await;
    let now = utc("2026-11-25T18:00:00Z");
    app.clock().set(now);
    let athlete = app.with_user("ann@example.com", "Ann").await;
    let cases = [
        (
            json!({ "kind": "breathing_done", "at": rfc3339(now - Duration::days(7) - Duration::minutes(1)) }),
            "at is more than 7 days ago: practice can be sent up to 7 days after it happened.",
        ),
        (
            json!({ "kind": "breathing_done", "at": rfc3339(now + Duration::minutes(6)) }),
            "at is in the future: check the date and time on your device.",
        ),
        (
            json!({ "kind": "breathing_done", "at": "last night" }),
            "at must be the time the practice happened, written like 2026-11-25T21:30:00Z.",
        ),
        (
            json!({ "kind": "breathing_done", "id": "42" }),
            "id must be a UUID the device chose, such as 3f2b8c1e-0d4a-4c7e-9b1a-2f6d8e9c0a1b.",
        ),
    ];
    for (body, message) in cases {
        let (status, answer) = send(&athlete, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(answer["message"], message, "{body}");
    }
    let (_, listed) = athlete.get(EVENTS).await;
    assert!(
        listed["events"].as_array().unwrap().is_empty(),
        "nothing recorded"
    );
    // A phone a few minutes ahead of the server: taken as now.
    let (status, body) = send(
        &athlete,
        json!({ "kind": "vision_listened", "at": rfc3339(now + Duration::minutes(3)) }),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let stored = utc(body["createdAt"].as_str().unwrap());
    assert!(
        stored >= now && stored < now + Duration::seconds(30),
        "the server's now, not the phone's: {stored}"
    );
    // Just under a week late is still in time.
    let (status, body) = send(
        &athlete,
        json!({ "kind": "vision_listened", "at": rfc3339(now - Duration::days(7) + Duration::minutes(1)) }),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}
