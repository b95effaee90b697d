//! Saves safe to repeat (issue 29): with an `Idempotency-Key`, a daily action, weekly map or
//! vision saved twice (a double tap, a retry, an offline queue sending again, on any instance)
//! is stored once and both answers are the first save's. And a daily action written offline
//! counts on the day it was written (issue 28).

use chrono::{DateTime, Duration, Utc};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::planning::{daily, weekly};
use crate::support::TestApp;
use crate::test_user::TestUser;
use crate::vision::nine;

const DAILY: &str = "/_api/v1/userinput/dailyaction";
const WEEKLY: &str = "/_api/v1/userinput/weeklymap";
const VISION: &str = "/_api/v1/userinput/athleticvision";

fn utc(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

/// POSTs `body` to `path` as `user` with the header `Idempotency-Key: key`.
async fn post_keyed(
    app: &TestApp,
    user: &TestUser,
    path: &str,
    key: &str,
    body: &Value,
) -> (StatusCode, Value) {
    let res = app
        .http
        .post(app.url(path))
        .bearer_auth(&user.token)
        .header("Idempotency-Key", key)
        .json(body)
        .send()
        .await
        .unwrap();
    let status = res.status();
    (status, res.json().await.unwrap_or(Value::Null))
}

async fn daily_count(user: &TestUser) -> usize {
    let (status, list) = user.get(DAILY).await;
    assert_eq!(status, StatusCode::OK);
    list["dailyActions"].as_array().unwrap().len()
}

async fn practice_count(user: &TestUser, kind: &str) -> usize {
    let (_, events) = user.get("/_api/v1/practice/events").await;
    events["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == kind)
        .count()
}

#[tokio::test]
async fn a_daily_action_sent_twice_with_one_key_is_saved_once_and_both_answers_are_the_first() {
    let app = TestApp::spawn().await;
    let ann = app.with_paid_user("ann@example.com").await;
    let body = daily("Tuesday");
    let (status, first) = post_keyed(&app, &ann, DAILY, "draft-1", &body).await;
    assert_eq!(status, StatusCode::CREATED, "{first}");
    let (status, again) = post_keyed(&app, &ann, DAILY, "draft-1", &body).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(again, first, "the first save's answer");
    assert_eq!(daily_count(&ann).await, 1);
    assert_eq!(practice_count(&ann, "daily_action_saved").await, 1);

    // Five at once (a double tap on a slow network): still one.
    let body = daily("Wednesday");
    let send = || post_keyed(&app, &ann, DAILY, "draft-2", &body);
    let (a, b, c, d, e) = tokio::join!(send(), send(), send(), send(), send());
    let answers = [a, b, c, d, e];
    let ids: Vec<&Value> = answers.iter().map(|(_, a)| &a["id"]).collect();
    assert!(
        answers.iter().all(|(s, _)| *s == StatusCode::CREATED),
        "{answers:?}"
    );
    assert!(ids.iter().all(|id| *id == ids[0]), "{ids:?}");
    assert_eq!(daily_count(&ann).await, 2);

    // Without a key, or with another, each save is its own.
    let (status, _) = ann.post(DAILY, daily("Thursday")).await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, _) = post_keyed(&app, &ann, DAILY, "draft-3", &daily("Friday")).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(daily_count(&ann).await, 4);

    // Another member's key of the same name is theirs.
    let bob = app.with_paid_user("bob@example.com").await;
    let (status, theirs) = post_keyed(&app, &bob, DAILY, "draft-1", &body).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_ne!(theirs["id"], first["id"]);
}

#[tokio::test]
async fn a_key_is_for_one_kind_of_save_and_a_day_then_it_saves_anew() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2026-11-24T12:00:00Z"));
    let ann = app.with_paid_user("ann@example.com").await;
    let (status, _) = post_keyed(&app, &ann, DAILY, "k", &daily("One")).await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, body) = post_keyed(&app, &ann, WEEKLY, "k", &weekly("One")).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "This Idempotency-Key was already used for another kind of save: make a new key for each draft."
    );

    app.clock().advance(Duration::hours(25));
    let ann = ann.with_token(&app.fresh_token(&ann.email).await);
    let (status, _) = post_keyed(&app, &ann, DAILY, "k", &daily("Two")).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(
        daily_count(&ann).await,
        2,
        "a day later the key is new again"
    );
}

#[tokio::test]
async fn a_key_must_be_visible_characters_and_not_too_long() {
    let app = TestApp::spawn().await;
    let ann = app.with_paid_user("ann@example.com").await;
    for bad in ["   ", &"x".repeat(256), "two words"] {
        let (status, body) = post_keyed(&app, &ann, DAILY, bad, &daily("Bad")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad:?}");
        assert_eq!(
            body["message"],
            "Idempotency-Key must be 1 to 255 visible characters, such as a UUID the app made for this draft."
        );
    }
    assert_eq!(daily_count(&ann).await, 0, "nothing was saved");
}

#[tokio::test]
async fn a_weekly_map_and_a_vision_sent_twice_with_one_key_are_saved_once() {
    let app = TestApp::spawn().await;
    let ann = app.with_paid_user("ann@example.com").await;
    let (status, first) = post_keyed(&app, &ann, WEEKLY, "map-1", &weekly("W")).await;
    assert_eq!(status, StatusCode::CREATED, "{first}");
    let (_, again) = post_keyed(&app, &ann, WEEKLY, "map-1", &weekly("W")).await;
    assert_eq!(again, first);
    let (_, maps) = ann.get(WEEKLY).await;
    assert_eq!(maps["weeklyMaps"].as_array().unwrap().len(), 1);

    let (status, first) = post_keyed(&app, &ann, VISION, "vision-1", &nine("Mine")).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    let (status, again) = post_keyed(&app, &ann, VISION, "vision-1", &nine("Mine")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(again, first);
    let (_, versions) = ann.get(&format!("{VISION}/versions")).await;
    assert_eq!(
        versions["versions"].as_array().unwrap().len(),
        1,
        "{versions}"
    );
    let (_, again) = post_keyed(&app, &ann, VISION, "vision-2", &nine("Revised")).await;
    assert_eq!(again["q1"], "Revised answer 1", "{again}");
    let (_, versions) = ann.get(&format!("{VISION}/versions")).await;
    assert_eq!(
        versions["versions"].as_array().unwrap().len(),
        1,
        "{versions}"
    );
}

#[tokio::test]
async fn a_daily_action_written_offline_counts_on_the_day_it_was_written() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2026-11-26T09:00:00Z"));
    let ann = app.with_paid_user("ann@example.com").await;
    let mut body = daily("Offline");
    body["at"] = json!("2026-11-24T21:30:00Z");
    let (status, saved) = ann.post(DAILY, body.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{saved}");
    assert_eq!(saved["createdAt"], "2026-11-24T21:30:00.000000Z", "{saved}");
    let (_, dashboard) = ann.get("/_api/v1/dashboard").await;
    let days: Vec<(&str, i64)> = dashboard["heatmap"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["count"].as_i64() > Some(0))
        .map(|d| (d["date"].as_str().unwrap(), d["count"].as_i64().unwrap()))
        .collect();
    assert_eq!(days, [("2026-11-24", 1)]);

    for (at, message) in [
        (
            "2026-11-26T10:00:00Z",
            "at is in the future: check the date and time on your device.",
        ),
        (
            "2026-11-18T09:00:00Z",
            "at is more than 7 days ago: practice can be sent up to 7 days after it happened.",
        ),
        (
            "yesterday",
            "at must be the time the practice happened, written like 2026-11-25T21:30:00Z.",
        ),
    ] {
        body["at"] = json!(at);
        let (status, answer) = ann.post(DAILY, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{at}");
        assert_eq!(answer["message"], message);
    }
    assert_eq!(daily_count(&ann).await, 1);
}
