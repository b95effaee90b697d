//! The dashboard (streak, today's checklist, the 12-week calendar, the next live call), the
//! athlete's time zone and the live call's calendar file.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use reqwest::StatusCode;
use serde_json::{json, Value};
use swaz::clock::Clock as _;

use crate::support::TestApp;

const DASHBOARD: &str = "/_api/v1/dashboard";
const EVENTS: &str = "/_api/v1/practice/events";
const TIME_ZONE: &str = "/_api/v1/swazprofile/timezone";
const ICS: &str = "/_api/v1/livecall.ics";

fn at(rfc3339: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(rfc3339)
        .unwrap()
        .with_timezone(&Utc)
}

fn date(s: &str) -> NaiveDate {
    s.parse().unwrap()
}

fn daily_action() -> Value {
    json!({
        "r1": "Won the sprint", "r2": "Breathe first", "r3": 8,
        "q1": "Film study", "q2": "Extra reps", "q3": "Sleep by ten",
        "q4": "Visualise", "q5": "Stretch", "q6": "Call mum",
    })
}

fn weekly_map() -> Value {
    json!({
        "first": true,
        "q6": "Week objective 1", "q7": "Week objective 2", "q8": "Week objective 3",
        "q9": "Week mind", "q10": "Week body", "q11": "Week soul",
    })
}

async fn dashboard(app: &TestApp, token: &str) -> Value {
    let res = app.get_auth(DASHBOARD, token).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.unwrap()
}

async fn practise(app: &TestApp, token: &str, kind: &str) {
    let (status, body) = app.post_as(token, EVENTS, json!({ "kind": kind })).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

/// Moves the clock to `to` and signs in again, as a member would after their token expired.
async fn move_to(app: &TestApp, email: &str, to: &str) -> String {
    app.clock().set(at(to));
    app.fresh_token(email).await
}

/// Moves the clock on by whole days and signs in again.
async fn days_later(app: &TestApp, email: &str, days: i64) -> String {
    app.clock().advance(Duration::days(days));
    app.fresh_token(email).await
}

fn checklist(board: &Value) -> (bool, bool, bool) {
    let c = &board["checklist"];
    (
        c["visionListened"].as_bool().unwrap(),
        c["breathingDone"].as_bool().unwrap(),
        c["dailyActionSaved"].as_bool().unwrap(),
    )
}

/// The calendar as (date, count) pairs, checking it is 84 consecutive days ending `today`.
fn heatmap(board: &Value) -> Vec<(NaiveDate, u64)> {
    let days: Vec<(NaiveDate, u64)> = board["heatmap"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                date(d["date"].as_str().unwrap()),
                d["count"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(days.len(), 84, "twelve weeks");
    let today = date(board["today"].as_str().unwrap());
    assert_eq!(days[83].0, today, "the calendar ends today");
    for pair in days.windows(2) {
        assert_eq!(pair[1].0 - pair[0].0, Duration::days(1), "oldest first");
    }
    days
}

fn total(map: &[(NaiveDate, u64)]) -> u64 {
    map.iter().map(|(_, n)| n).sum()
}

/// Forgets the athlete's day summary, as for practice recorded before summaries were kept.
async fn forget_summary(app: &TestApp, user_id: &str) {
    for table in ["practice_days", "practice_summary"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE user_id = $1"))
            .bind(user_id)
            .execute(app.state.db.pool())
            .await
            .unwrap();
    }
}

/// Practice without a summary (recorded before summaries were kept) has the dashboard count the
/// events; a crowd of such dashboards is answered whole, none of them holding a database
/// connection while it waits for another.
#[tokio::test]
async fn many_dashboards_at_once_counting_the_events_are_all_answered() {
    let app = TestApp::spawn().await;
    let (id, token) = app.paid_user("ann@example.com").await;
    practise(&app, &token, "breathing_done").await;
    forget_summary(&app, &id).await;
    let boards: Vec<_> = (0..48)
        .map(|_| {
            let request = app.get_auth(DASHBOARD, &token);
            tokio::spawn(async move { request.send().await.unwrap().status() })
        })
        .collect();
    for board in boards {
        assert_eq!(board.await.unwrap(), StatusCode::OK);
    }
}

#[tokio::test]
async fn a_new_athlete_sees_an_empty_dashboard_and_a_stranger_sees_none() {
    let app = TestApp::spawn().await;
    let res = app.http.get(app.url(DASHBOARD)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);

    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let board = dashboard(&app, &token).await;
    assert_eq!(board["firstName"], "Ann");
    assert_eq!(board["paid"], false);
    assert_eq!(board["visionComplete"], false);
    assert_eq!(board["timeZone"], "UTC");
    assert_eq!(
        board["today"],
        app.clock().now().date_naive().to_string(),
        "days are UTC until the app sends a zone"
    );
    assert_eq!(board["streakDays"], 0);
    assert_eq!(checklist(&board), (false, false, false));
    assert_eq!(total(&heatmap(&board)), 0);
    assert_eq!(
        board["latestObjectives"],
        json!({ "dailyObjectives": null, "weeklyMap": null })
    );
    assert_eq!(board["nextLiveCall"]["durationMinutes"], 60);
    assert_eq!(
        board["nextLiveCall"]["joinUrl"],
        "https://meet.example.com/swaz-live"
    );

    let (_, paid) = app.paid_user("bob@example.com").await;
    assert_eq!(dashboard(&app, &paid).await["paid"], true);
}

/// An athlete with practice but no summary yet sees it counted all the same: the dashboard
/// tells them from one who never practised.
#[tokio::test]
async fn practice_recorded_before_summaries_were_kept_is_on_the_dashboard() {
    let app = TestApp::spawn().await;
    let email = "ann@example.com";
    let (id, token) = app.paid_user(email).await;
    practise(&app, &token, "breathing_done").await;
    let token = days_later(&app, email, 1).await;
    practise(&app, &token, "vision_listened").await;
    forget_summary(&app, &id).await;

    let board = dashboard(&app, &token).await;
    assert_eq!(board["streakDays"], 2);
    assert_eq!(checklist(&board), (true, false, false));
    let map = heatmap(&board);
    assert_eq!((map[82].1, map[83].1), (1, 1), "yesterday and today");
    assert_eq!(total(&map), 2);
}

#[tokio::test]
async fn each_practice_ticks_its_own_item_of_todays_checklist() {
    let app = TestApp::spawn().await;
    let email = "ann@example.com";
    app.paid_user(email).await;
    let token = move_to(&app, email, "2027-01-11T12:00:00Z").await;
    assert_eq!(
        checklist(&dashboard(&app, &token).await),
        (false, false, false)
    );

    practise(&app, &token, "vision_listened").await;
    assert_eq!(
        checklist(&dashboard(&app, &token).await),
        (true, false, false)
    );
    practise(&app, &token, "breathing_done").await;
    assert_eq!(
        checklist(&dashboard(&app, &token).await),
        (true, true, false)
    );
    // A weekly map is practice, but not an item of the daily checklist.
    let (status, _) = app
        .post_as(&token, "/_api/v1/userinput/weeklymap", weekly_map())
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(
        checklist(&dashboard(&app, &token).await),
        (true, true, false)
    );
    let (status, _) = app
        .post_as(&token, "/_api/v1/userinput/dailyaction", daily_action())
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let board = dashboard(&app, &token).await;
    assert_eq!(checklist(&board), (true, true, true));
    assert_eq!(heatmap(&board)[83].1, 4, "four practices today");
    assert_eq!(board["streakDays"], 1);
    assert_eq!(
        board["latestObjectives"]["dailyObjectives"]["q6"],
        "Call mum"
    );
    assert_eq!(board["latestObjectives"]["weeklyMap"]["q9"], "Week mind");

    // A new day starts with an empty checklist; yesterday still counts for the streak.
    let token = days_later(&app, email, 1).await;
    let board = dashboard(&app, &token).await;
    assert_eq!(board["today"], "2027-01-12");
    assert_eq!(checklist(&board), (false, false, false));
    assert_eq!(board["streakDays"], 1, "today is not over yet");
    let map = heatmap(&board);
    assert_eq!(map[82], (date("2027-01-11"), 4));
    assert_eq!(map[83], (date("2027-01-12"), 0));
}

#[tokio::test]
async fn practice_on_consecutive_days_builds_a_streak_that_a_missed_day_breaks() {
    let app = TestApp::spawn().await;
    let email = "ann@example.com";
    app.paid_user(email).await;
    let token = move_to(&app, email, "2027-01-11T12:00:00Z").await;
    practise(&app, &token, "breathing_done").await;
    assert_eq!(dashboard(&app, &token).await["streakDays"], 1);

    let token = days_later(&app, email, 1).await;
    practise(&app, &token, "vision_listened").await;
    let board = dashboard(&app, &token).await;
    assert_eq!(board["streakDays"], 2);
    let map = heatmap(&board);
    assert_eq!(
        &map[82..],
        [(date("2027-01-11"), 1), (date("2027-01-12"), 1)]
    );

    // The 13th passes without practice: on the 14th the streak is gone.
    let token = days_later(&app, email, 2).await;
    let board = dashboard(&app, &token).await;
    assert_eq!(board["today"], "2027-01-14");
    assert_eq!(board["streakDays"], 0);
    practise(&app, &token, "breathing_done").await;
    let board = dashboard(&app, &token).await;
    assert_eq!(board["streakDays"], 1);
    assert_eq!(total(&heatmap(&board)), 3);
}

#[tokio::test]
async fn a_streak_longer_than_the_calendar_is_counted_in_full() {
    let app = TestApp::spawn().await;
    let email = "ann@example.com";
    let (id, _) = app.paid_user(email).await;
    app.clock().set(at("2027-01-01T12:00:00Z"));
    // 100 days in a row, recorded at each day's noon as the app records them.
    let mut conn = app.state.db.pool().acquire().await.unwrap();
    for _ in 0..100 {
        swaz::practice::storage::record(
            &mut conn,
            &id,
            swaz::practice::PracticeKind::BreathingDone,
            app.clock().now().timestamp_millis(),
        )
        .await
        .unwrap();
        app.clock().advance(Duration::days(1));
    }
    drop(conn);
    let token = app.fresh_token(email).await;
    let board = dashboard(&app, &token).await;
    assert_eq!(board["today"], "2027-04-11");
    assert_eq!(
        board["streakDays"], 100,
        "it ended yesterday, so it still counts"
    );
    let map = heatmap(&board);
    assert!(map[..83].iter().all(|(_, n)| *n == 1), "{map:?}");
    assert_eq!(map[83].1, 0, "nothing yet today");
}

#[tokio::test]
async fn a_practice_leaves_the_calendar_after_eighty_four_days() {
    let app = TestApp::spawn().await;
    let email = "ann@example.com";
    app.paid_user(email).await;
    let token = move_to(&app, email, "2027-01-01T12:00:00Z").await;
    practise(&app, &token, "breathing_done").await;
    practise(&app, &token, "breathing_done").await;

    let token = days_later(&app, email, 83).await;
    practise(&app, &token, "vision_listened").await;
    let board = dashboard(&app, &token).await;
    let map = heatmap(&board);
    assert_eq!(map[0], (date("2027-01-01"), 2), "the oldest day shown");
    assert_eq!(map[83], (date("2027-03-25"), 1));
    assert_eq!(total(&map), 3);

    let token = days_later(&app, email, 1).await;
    let map = heatmap(&dashboard(&app, &token).await);
    assert_eq!(map[0].0, date("2027-01-02"));
    assert_eq!(total(&map), 1, "1 January has left the calendar");
}

#[tokio::test]
async fn the_time_zone_is_an_iana_name_shown_on_the_profile() {
    let app = TestApp::spawn().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let profile = app.get_json("/_api/v1/swazprofile", &token).await;
    assert_eq!(profile["timeZone"], Value::Null);

    let (status, profile) = app
        .put_as(
            &token,
            TIME_ZONE,
            json!({ "timeZone": " America/Los_Angeles " }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(profile["timeZone"], "America/Los_Angeles");
    assert_eq!(profile["firstName"], "Ann");

    let (status, err) = app
        .put_as(&token, TIME_ZONE, json!({ "timeZone": "Mars/Olympus" }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        err["message"]
            .as_str()
            .unwrap()
            .contains("is not a time zone we know"),
        "{err}"
    );
    let (status, err) = app
        .put_as(&token, TIME_ZONE, json!({ "timeZone": "" }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        err["message"],
        "Choose a time zone, for example America/Los_Angeles."
    );
    let profile = app.get_json("/_api/v1/swazprofile", &token).await;
    assert_eq!(profile["timeZone"], "America/Los_Angeles", "unchanged");
    assert_eq!(
        dashboard(&app, &token).await["timeZone"],
        "America/Los_Angeles"
    );

    let res = app
        .http
        .put(app.url(TIME_ZONE))
        .json(&json!({ "timeZone": "Europe/Paris" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn days_are_counted_in_the_athletes_own_time_zone() {
    let app = TestApp::spawn().await;
    let (ann, bob) = ("ann@example.com", "bob@example.com");
    let (_, ann_token) = app.paid_user(ann).await;
    app.paid_user(bob).await;
    assert_eq!(
        app.put_as(
            &ann_token,
            TIME_ZONE,
            json!({ "timeZone": "America/Los_Angeles" })
        )
        .await
        .0,
        StatusCode::OK
    );

    // 06:30 UTC on Friday 15 January is still 22:30 on Thursday the 14th in Los Angeles.
    let ann_token = move_to(&app, ann, "2027-01-15T06:30:00Z").await;
    let bob_token = app.fresh_token(bob).await;
    let board = dashboard(&app, &ann_token).await;
    assert_eq!(board["timeZone"], "America/Los_Angeles");
    assert_eq!(board["today"], "2027-01-14");
    assert_eq!(dashboard(&app, &bob_token).await["today"], "2027-01-15");
    practise(&app, &ann_token, "breathing_done").await;
    practise(&app, &bob_token, "breathing_done").await;
    assert_eq!(
        checklist(&dashboard(&app, &ann_token).await),
        (false, true, false)
    );

    // Two hours later it is 00:30 on the 15th in Los Angeles: a new day for Ann only.
    app.clock().advance(Duration::hours(2));
    let ann_token = app.fresh_token(ann).await;
    let bob_token = app.fresh_token(bob).await;
    let board = dashboard(&app, &ann_token).await;
    assert_eq!(board["today"], "2027-01-15");
    assert_eq!(
        checklist(&board),
        (false, false, false),
        "a new day for Ann"
    );
    practise(&app, &ann_token, "breathing_done").await;
    practise(&app, &bob_token, "breathing_done").await;

    let board = dashboard(&app, &ann_token).await;
    assert_eq!(
        board["streakDays"], 2,
        "late on the 14th, then early on the 15th"
    );
    let map = heatmap(&board);
    assert_eq!(
        &map[82..],
        [(date("2027-01-14"), 1), (date("2027-01-15"), 1)]
    );

    let board = dashboard(&app, &bob_token).await;
    assert_eq!(board["today"], "2027-01-15");
    assert_eq!(board["streakDays"], 1, "both on the 15th in UTC");
    let map = heatmap(&board);
    assert_eq!(
        &map[82..],
        [(date("2027-01-14"), 0), (date("2027-01-15"), 2)]
    );
}

#[tokio::test]
async fn the_next_live_call_is_tuesday_at_eight_pm_in_los_angeles_winter_and_summer() {
    let app = TestApp::spawn().await;
    let email = "ann@example.com";
    app.signed_in_user(email).await;

    // Monday 11 January 2027: PST (UTC-8), so Tuesday 20:00 is Wednesday 04:00 UTC.
    let token = move_to(&app, email, "2027-01-11T12:00:00Z").await;
    let call = &dashboard(&app, &token).await["nextLiveCall"];
    assert_eq!(
        *call,
        json!({
            "startsAt": "2027-01-13T04:00:00Z",
            "durationMinutes": 60,
            "joinUrl": "https://meet.example.com/swaz-live",
            "live": false,
        })
    );

    // Monday 14 June 2027: PDT (UTC-7), so Wednesday 03:00 UTC.
    let token = move_to(&app, email, "2027-06-14T12:00:00Z").await;
    let call = &dashboard(&app, &token).await["nextLiveCall"];
    assert_eq!(call["startsAt"], "2027-06-16T03:00:00Z");

    // For its 60 minutes Tuesday's call is live; once it ended, the next is a week later.
    let token = move_to(&app, email, "2027-06-16T03:00:00Z").await;
    let call = &dashboard(&app, &token).await["nextLiveCall"];
    assert_eq!(call["startsAt"], "2027-06-16T03:00:00Z");
    assert_eq!(call["live"], true);
    let token = move_to(&app, email, "2027-06-16T03:59:00Z").await;
    let call = &dashboard(&app, &token).await["nextLiveCall"];
    assert_eq!(call["startsAt"], "2027-06-16T03:00:00Z");
    assert_eq!(call["live"], true);
    let token = move_to(&app, email, "2027-06-16T04:00:00Z").await;
    let call = &dashboard(&app, &token).await["nextLiveCall"];
    assert_eq!(call["startsAt"], "2027-06-23T03:00:00Z");
    assert_eq!(call["live"], false);
}

#[tokio::test]
async fn anyone_can_add_the_live_call_to_their_calendar() {
    let app = TestApp::spawn().await;
    app.clock().set(at("2027-01-11T12:00:00Z"));
    let res = app.http.get(app.url(ICS)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let content_type = res.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(content_type.starts_with("text/calendar"), "{content_type}");
    let text = res.text().await.unwrap();
    assert!(text.starts_with("BEGIN:VCALENDAR\r\n"), "{text}");
    assert!(text.ends_with("END:VCALENDAR\r\n"), "{text}");
    assert!(
        text.contains("\r\nRRULE:FREQ=WEEKLY;BYDAY=TU\r\n"),
        "{text}"
    );
    assert!(
        text.contains("\r\nDTSTART;TZID=America/Los_Angeles:20270112T200000\r\n"),
        "{text}"
    );
    assert!(
        text.contains("URL:https://meet.example.com/swaz-live\r\n"),
        "{text}"
    );
}

#[tokio::test]
async fn a_completed_vision_shows_on_the_dashboard() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    let mut vision = serde_json::Map::new();
    for i in 1..=9 {
        vision.insert(format!("q{i}"), json!(format!("answer {i}")));
    }
    let (status, _) = app
        .post_as(
            &token,
            "/_api/v1/userinput/athleticvision",
            Value::Object(vision),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(dashboard(&app, &token).await["visionComplete"], true);
}
