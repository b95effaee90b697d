//! Notification settings and reminder mails (issue 17): the scheduler queues each reminder at
//! the athlete's local time, exactly once, across daylight-saving switches and instances.

use chrono::{DateTime, Utc};
use reqwest::StatusCode;
use serde_json::{json, Value};
use swaz::reminders::scheduler::{self, TickReport};

use crate::support::TestApp;

fn utc(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

fn settings(zone: &str, time: &str) -> Value {
    json!({
        "dailyReminder": true,
        "dailyReminderTime": time,
        "timeZone": zone,
        "weeklyMapReminder": false,
        "liveCallReminder": false,
        "productNews": false,
    })
}

/// A signed-in athlete whose settings are `body`; answers (user id, token).
async fn athlete(app: &TestApp, email: &str, body: Value) -> (String, String) {
    let (id, token, _) = app.signed_in_user(email).await;
    let (status, _) = app
        .put_as(&token, "/_api/v1/notificationsettings", body)
        .await;
    assert_eq!(status, StatusCode::OK);
    (id, token)
}

async fn tick(app: &TestApp) -> TickReport {
    scheduler::tick(&app.state.reminders()).await.unwrap()
}

/// Queued and sent mail to `to`, oldest first: (subject, text).
async fn mail_to(app: &TestApp, to: &str) -> Vec<(String, String)> {
    sqlx::query_as::<_, (String, String)>(
        "SELECT subject, text_body FROM mail_outbox WHERE to_addr = $1 ORDER BY created_at, id",
    )
    .bind(to)
    .fetch_all(app.state.db.pool())
    .await
    .unwrap()
}

/// Presses the button of a one-click link's page: a POST with the link's token.
async fn press(app: &TestApp, link: &str) -> reqwest::Response {
    app.http.post(link).send().await.unwrap()
}

fn link(text: &str, path: &str) -> String {
    text.split_whitespace()
        .find(|w| w.contains(path))
        .unwrap_or_else(|| panic!("no {path} link in {text}"))
        .to_owned()
}

#[tokio::test]
async fn settings_default_to_reminders_off_at_eight_pm_in_the_profiles_zone() {
    let app = TestApp::spawn().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let got = app.get_json("/_api/v1/notificationsettings", &token).await;
    assert_eq!(
        got,
        json!({"dailyReminder": false, "dailyReminderTime": "20:00", "timeZone": "UTC",
               "weeklyMapReminder": false, "liveCallReminder": false, "productNews": false,
               "coachSummary": true, "gameDay": false, "gameDayUntil": null,
               "dailyReminderChannel": "push", "weeklyMapReminderChannel": "push",
               "liveCallReminderChannel": "push", "coachNudgeChannel": "push"})
    );
    app.put_as(
        &token,
        "/_api/v1/swazprofile/timezone",
        json!({"timeZone": "Asia/Tokyo"}),
    )
    .await;
    let got = app.get_json("/_api/v1/notificationsettings", &token).await;
    assert_eq!(got["timeZone"], "Asia/Tokyo");
    let res = app
        .http
        .get(app.url("/_api/v1/notificationsettings"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn saved_settings_come_back_as_saved() {
    let app = TestApp::spawn().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let body = json!({"dailyReminder": true, "dailyReminderTime": "06:45", "timeZone": "Europe/Berlin",
        "weeklyMapReminder": true, "liveCallReminder": true, "productNews": true});
    let (status, saved) = app
        .put_as(&token, "/_api/v1/notificationsettings", body.clone())
        .await;
    assert_eq!(status, StatusCode::OK);
    let mut expected = body.clone();
    expected["coachSummary"] = json!(true);
    expected["gameDay"] = json!(false);
    expected["gameDayUntil"] = Value::Null;
    for channel in [
        "dailyReminderChannel",
        "weeklyMapReminderChannel",
        "liveCallReminderChannel",
        "coachNudgeChannel",
    ] {
        expected[channel] = json!("push");
    }
    assert_eq!(saved, expected);
    assert_eq!(
        app.get_json("/_api/v1/notificationsettings", &token).await,
        expected
    );
}

#[tokio::test]
async fn a_bad_time_or_zone_is_refused_with_a_sentence_a_person_can_act_on() {
    let app = TestApp::spawn().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let cases = [
        (settings("UTC", "25:00"), "HH:MM"),
        (settings("UTC", "8pm"), "HH:MM"),
        (settings("Mars/Olympus", "20:00"), "not a time zone we know"),
        (settings("", "20:00"), "Choose a time zone"),
        (
            json!({"dailyReminder": "yes", "dailyReminderTime": "20:00", "timeZone": "UTC",
                   "weeklyMapReminder": false, "liveCallReminder": false, "productNews": false}),
            "dailyReminder must be true or false",
        ),
        (
            json!({"dailyReminder": true, "dailyReminderTime": 2000, "timeZone": "UTC",
                   "weeklyMapReminder": false, "liveCallReminder": false, "productNews": false}),
            "dailyReminderTime must be text",
        ),
        (json!({"dailyReminder": true}), "is required"),
    ];
    for (body, expected) in cases {
        let (status, err) = app
            .put_as(&token, "/_api/v1/notificationsettings", body.clone())
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let message = err["message"].as_str().unwrap();
        assert!(message.contains(expected), "{body}: {message}");
        assert!(!message.contains("invalid type"), "{message}");
    }
    assert_eq!(
        app.get_json("/_api/v1/notificationsettings", &token).await["dailyReminder"],
        false,
        "nothing was saved"
    );
}

/// Sets the clock a minute before `due` (nothing), then to `due` (one reminder), then ticks
/// again (nothing more).
async fn fires_exactly_at(app: &TestApp, email: &str, due: &str, sent_before: usize) {
    app.clock().set(utc(due) - chrono::Duration::minutes(1));
    assert_eq!(tick(app).await.sent, 0, "not yet at {due}");
    app.clock().set(utc(due));
    assert_eq!(tick(app).await.sent, 1, "due at {due}");
    assert_eq!(tick(app).await.sent, 0, "never twice ({due})");
    assert_eq!(mail_to(app, email).await.len(), sent_before + 1);
}

#[tokio::test]
async fn the_daily_reminder_follows_los_angeles_across_both_daylight_saving_switches() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2026-10-31T12:00:00Z"));
    athlete(
        &app,
        "ann@example.com",
        settings("America/Los_Angeles", "20:00"),
    )
    .await;
    // 20:00 PDT on Saturday 31 October; fall-back is on Sunday 1 November; 20:00 PST after.
    fires_exactly_at(&app, "ann@example.com", "2026-11-01T03:00:00Z", 0).await;
    fires_exactly_at(&app, "ann@example.com", "2026-11-02T04:00:00Z", 1).await;
    // Spring-forward is on Sunday 14 March 2027.
    fires_exactly_at(&app, "ann@example.com", "2027-03-14T04:00:00Z", 2).await;
    fires_exactly_at(&app, "ann@example.com", "2027-03-15T03:00:00Z", 3).await;
    let mail = mail_to(&app, "ann@example.com").await;
    assert_eq!(mail[0].0, "Your 10 minutes of SWAZ practice today");
}

#[tokio::test]
async fn the_daily_reminder_follows_berlin_across_both_daylight_saving_switches() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2026-10-24T06:00:00Z"));
    athlete(&app, "ben@example.com", settings("Europe/Berlin", "20:00")).await;
    // Fall-back in Berlin is on Sunday 25 October 2026: 20:00 CEST, then 20:00 CET.
    fires_exactly_at(&app, "ben@example.com", "2026-10-24T18:00:00Z", 0).await;
    fires_exactly_at(&app, "ben@example.com", "2026-10-25T19:00:00Z", 1).await;
    // Spring-forward is on Sunday 28 March 2027.
    fires_exactly_at(&app, "ben@example.com", "2027-03-27T19:00:00Z", 2).await;
    fires_exactly_at(&app, "ben@example.com", "2027-03-28T18:00:00Z", 3).await;
}

#[tokio::test]
async fn a_reminder_set_in_the_hour_spring_forward_skips_comes_when_clocks_have_moved_on() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2027-03-13T20:00:00Z"));
    athlete(
        &app,
        "cy@example.com",
        settings("America/Los_Angeles", "02:30"),
    )
    .await;
    // 14 March 2027: 02:00 PST jumps to 03:00 PDT (10:00 UTC).
    fires_exactly_at(&app, "cy@example.com", "2027-03-14T10:00:00Z", 0).await;
}

#[tokio::test]
async fn two_instances_on_one_database_send_each_reminder_once() {
    let app = TestApp::spawn().await;
    let other = TestApp::builder().same_database_as(&app).spawn().await;
    app.clock().set(utc("2026-11-24T12:00:00Z"));
    for n in 0..5 {
        athlete(
            &app,
            &format!("athlete{n}@example.com"),
            settings("Europe/Berlin", "20:00"),
        )
        .await;
    }
    app.clock().set(utc("2026-11-24T19:00:00Z"));
    other.clock().set(utc("2026-11-24T19:00:00Z"));
    let (a, b, c, d) = tokio::join!(tick(&app), tick(&other), tick(&app), tick(&other));
    assert_eq!(a.sent + b.sent + c.sent + d.sent, 5);
    for n in 0..5 {
        assert_eq!(
            mail_to(&app, &format!("athlete{n}@example.com"))
                .await
                .len(),
            1
        );
    }
    // A restart (a new instance) the same evening sends nothing more.
    let restarted = TestApp::builder().same_database_as(&app).spawn().await;
    restarted.clock().set(utc("2026-11-24T19:30:00Z"));
    assert_eq!(tick(&restarted).await, TickReport::default());
}

#[tokio::test]
async fn the_daily_reminder_is_skipped_once_todays_practice_is_done() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2026-11-24T12:00:00Z"));
    let (_, token) = athlete(&app, "ann@example.com", settings("Europe/Berlin", "20:00")).await;
    let res = app
        .http
        .post(app.url("/_api/v1/practice/events"))
        .bearer_auth(&token)
        .json(&json!({"kind": "breathing_done"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::CREATED);
    app.clock().set(utc("2026-11-24T19:00:00Z"));
    let report = tick(&app).await;
    assert_eq!((report.sent, report.skipped), (0, 1));
    assert_eq!(tick(&app).await, TickReport::default());
    // The next day has no practice yet: the reminder goes out.
    app.clock().set(utc("2026-11-25T19:00:00Z"));
    assert_eq!(tick(&app).await.sent, 1);
    assert_eq!(mail_to(&app, "ann@example.com").await.len(), 1);
}

#[tokio::test]
async fn a_reminder_missed_while_the_server_was_down_is_sent_if_under_two_hours_late() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2026-11-24T12:00:00Z"));
    athlete(&app, "ann@example.com", settings("UTC", "20:00")).await;
    app.clock().set(utc("2026-11-24T21:50:00Z"));
    assert_eq!(tick(&app).await.sent, 1, "1 h 50 late: still sent");
    app.clock().set(utc("2026-11-25T22:01:00Z"));
    assert_eq!(tick(&app).await.sent, 0, "2 h late: skipped");
    assert_eq!(mail_to(&app, "ann@example.com").await.len(), 1);
}

#[tokio::test]
async fn game_day_silences_reminders_until_the_end_of_the_athletes_day() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2026-11-24T09:00:00Z"));
    let mut body = settings("Europe/Berlin", "20:00");
    body["liveCallReminder"] = json!(true);
    let (_, token) = athlete(&app, "ann@example.com", body).await;
    let (status, got) = app
        .put_as(
            &token,
            "/_api/v1/notificationsettings/gameday",
            json!({"gameDay": true}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(got["gameDay"], true);
    assert_eq!(got["gameDayUntil"], "2026-11-24T23:00:00.000000Z");
    app.clock().set(utc("2026-11-24T19:00:00Z"));
    assert_eq!(tick(&app).await.sent, 0);
    // The next day is a normal day again (the live call reminder is at 03:00 UTC).
    app.clock().set(utc("2026-11-25T03:00:00Z"));
    assert_eq!(tick(&app).await.sent, 1, "the live call reminder");
    app.clock().set(utc("2026-11-25T19:00:00Z"));
    assert_eq!(tick(&app).await.sent, 1);
    let token = app.fresh_token("ann@example.com").await;
    let got = app.get_json("/_api/v1/notificationsettings", &token).await;
    assert_eq!(got["gameDay"], false);
    let (status, _) = app
        .put_as(
            &token,
            "/_api/v1/notificationsettings/gameday",
            json!({"gameDay": "yes"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn remind_me_in_an_hour_sends_one_more_reminder_an_hour_later() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2026-11-24T12:00:00Z"));
    athlete(&app, "ann@example.com", settings("UTC", "20:00")).await;
    app.clock().set(utc("2026-11-24T20:00:00Z"));
    assert_eq!(tick(&app).await.sent, 1);
    let text = mail_to(&app, "ann@example.com").await[0].1.clone();
    let snooze = link(&text, "/_reminders/snooze?t=");
    app.clock().set(utc("2026-11-24T20:10:00Z"));
    let res = press(&app, &snooze).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.text().await.unwrap().contains("at 21:10"));
    // Using the link again keeps the first snooze.
    app.clock().set(utc("2026-11-24T20:20:00Z"));
    let again = press(&app, &snooze).await.text().await.unwrap();
    assert!(again.contains("at 21:10"), "{again}");
    app.clock().set(utc("2026-11-24T21:09:00Z"));
    assert_eq!(tick(&app).await.sent, 0);
    // The snooze is due an hour after the click (the clock flows a few ms past 20:10:00).
    app.clock().set(utc("2026-11-24T21:10:01Z"));
    assert_eq!(tick(&app).await.sent, 1);
    assert_eq!(tick(&app).await.sent, 0);
    assert_eq!(mail_to(&app, "ann@example.com").await.len(), 2);
}

#[tokio::test]
async fn the_unsubscribe_link_works_without_signing_in_and_a_tampered_one_is_refused() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2026-11-24T12:00:00Z"));
    let (_, token) = athlete(&app, "ann@example.com", settings("UTC", "20:00")).await;
    app.clock().set(utc("2026-11-24T20:00:00Z"));
    tick(&app).await;
    let text = mail_to(&app, "ann@example.com").await[0].1.clone();
    let unsubscribe = link(&text, "/_reminders/unsubscribe?t=");
    let snooze = link(&text, "/_reminders/snooze?t=");
    for bad in [
        format!("{unsubscribe}x"),
        unsubscribe.replace("?t=", "?t=a"),
        snooze.replace("/snooze?", "/unsubscribe?"),
        app.url("/_reminders/unsubscribe"),
        app.url(&format!("/_reminders/unsubscribe?t={token}")),
    ] {
        let res = press(&app, &bad).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{bad}");
        let res = app.http.get(&bad).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{bad}");
    }
    let token = app.fresh_token("ann@example.com").await;
    assert_eq!(
        app.get_json("/_api/v1/notificationsettings", &token).await["dailyReminder"],
        true
    );
    for _ in 0..2 {
        let res = press(&app, &unsubscribe).await;
        assert_eq!(res.status(), StatusCode::OK);
        assert!(res.text().await.unwrap().contains("no longer receive"));
    }
    assert_eq!(
        app.get_json("/_api/v1/notificationsettings", &token).await["dailyReminder"],
        false
    );
    app.clock().set(utc("2026-11-25T20:00:00Z"));
    assert_eq!(tick(&app).await, TickReport::default());
}

#[tokio::test]
async fn opening_a_link_only_asks_and_a_mail_programs_one_click_unsubscribes() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2026-11-24T12:00:00Z"));
    athlete(&app, "ann@example.com", settings("UTC", "20:00")).await;
    app.clock().set(utc("2026-11-24T20:00:00Z"));
    tick(&app).await;
    let text = mail_to(&app, "ann@example.com").await[0].1.clone();
    let unsubscribe = link(&text, "/_reminders/unsubscribe?t=");
    let snooze = link(&text, "/_reminders/snooze?t=");

    // A mail scanner opening both links (twice) acts for nobody: each page asks, with one button.
    for _ in 0..2 {
        let page = app.http.get(&unsubscribe).send().await.unwrap();
        assert_eq!(page.status(), StatusCode::OK);
        let html = page.text().await.unwrap();
        assert!(html.contains("Stop the daily practice reminder?"), "{html}");
        assert!(html.contains(r#"<form method="post" action=""#), "{html}");
        assert!(html.contains(r#"<button class="button" type="submit">Unsubscribe</button>"#));
        let page = app
            .http
            .get(&snooze)
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(page.contains("Remind me in an hour</button>"), "{page}");
    }
    let token = app.fresh_token("ann@example.com").await;
    let on = |settings: Value| settings["dailyReminder"] == true;
    assert!(on(app
        .get_json("/_api/v1/notificationsettings", &token)
        .await));
    app.clock().set(utc("2026-11-24T21:01:00Z"));
    assert_eq!(tick(&app).await.sent, 0, "no snooze was made");

    // The page's button posts the token as a form field.
    let form_token = unsubscribe.split("?t=").nth(1).unwrap().to_owned();
    let res = app
        .http
        .post(app.url("/_reminders/unsubscribe"))
        .form(&[("t", form_token.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(!on(app
        .get_json("/_api/v1/notificationsettings", &token)
        .await));

    // RFC 8058: the mail program posts `List-Unsubscribe=One-Click` to the header's address.
    let stored: (Option<String>,) =
        sqlx::query_as("SELECT list_unsubscribe FROM mail_outbox WHERE to_addr = $1")
            .bind("ann@example.com")
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
    assert_eq!(stored.0.as_deref(), Some(unsubscribe.as_str()));
    let res = app
        .http
        .post(&unsubscribe)
        .form(&[("List-Unsubscribe", "One-Click")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
}

#[tokio::test]
async fn sunday_brings_the_weekly_map_reminder_and_tuesday_the_live_call_reminder() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2026-11-28T12:00:00Z"));
    let body = json!({"dailyReminder": false, "dailyReminderTime": "09:00", "timeZone": "Asia/Tokyo",
        "weeklyMapReminder": true, "liveCallReminder": true, "productNews": false});
    athlete(&app, "ann@example.com", body).await;
    // Sunday 29 November, 09:00 in Tokyo.
    fires_exactly_at(&app, "ann@example.com", "2026-11-29T00:00:00Z", 0).await;
    // The call of Tuesday 1 December, 20:00 PST, is 04:00 UTC on the 2nd.
    fires_exactly_at(&app, "ann@example.com", "2026-12-02T03:00:00Z", 1).await;
    let mail = mail_to(&app, "ann@example.com").await;
    assert_eq!(mail[0].0, "Map your week with SWAZ");
    assert_eq!(mail[1].0, "The SWAZ live call starts in an hour");
    assert!(mail[1].1.contains("at 13:00 (JST)"), "{}", mail[1].1);
}

#[tokio::test]
async fn the_scheduler_runs_by_itself_and_stops_when_told() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2026-11-24T12:00:00Z"));
    athlete(&app, "ann@example.com", settings("UTC", "20:00")).await;
    app.clock().set(utc("2026-11-24T20:00:00Z"));
    let running = scheduler::Scheduler::spawn(
        app.state.reminders(),
        std::time::Duration::from_millis(50),
        || {},
    );
    let messages = app.mailbox("ann@example.com", 1).await;
    assert_eq!(messages.len(), 1);
    running.stop().await;
}

#[tokio::test]
async fn swaz_serve_starts_the_scheduler_with_its_configured_tick() {
    let app = TestApp::builder()
        .config(|c| c.reminder_tick_secs = 1)
        .spawn()
        .await;
    app.clock().set(utc("2026-11-24T12:00:00Z"));
    athlete(&app, "ann@example.com", settings("UTC", "20:00")).await;
    app.clock().set(utc("2026-11-24T20:00:00Z"));
    let messages = app.mailbox("ann@example.com", 1).await;
    assert_eq!(
        messages[0]["subject"],
        "Your 10 minutes of SWAZ practice today"
    );
}

#[tokio::test]
async fn turning_the_reminder_on_after_todays_time_does_not_send_one_at_once() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2026-11-24T20:30:00Z"));
    athlete(&app, "ann@example.com", settings("UTC", "20:00")).await;
    assert_eq!(tick(&app).await, TickReport::default());
    fires_exactly_at(&app, "ann@example.com", "2026-11-25T20:00:00Z", 0).await;
}
