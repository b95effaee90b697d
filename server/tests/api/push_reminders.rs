//! Reminders and coach notes as notifications (issue 28): each reaches every subscribed device
//! through the local push service of `push_service` (signed, and readable with the device's
//! key), once per occasion across instances; its buttons work without signing in; e-mail stays
//! the fallback.

use std::time::Duration as StdDuration;

use chrono::{DateTime, Duration, Utc};
use reqwest::StatusCode;
use serde_json::{json, Value};
use swaz::reminders::scheduler;

use crate::coach_board::team;
use crate::push_service::{Received, Service};
use crate::support::TestApp;
use crate::test_user::TestUser;

const SETTINGS: &str = "/_api/v1/notificationsettings";
const DEVICES: &str = "/_api/v1/push/subscriptions";

fn utc(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

/// A daily reminder at 20:00 in Berlin going `channel` (left out: the default).
fn daily_at_eight(channel: Option<&str>) -> Value {
    let mut body = json!({
        "dailyReminder": true,
        "dailyReminderTime": "20:00",
        "timeZone": "Europe/Berlin",
        "weeklyMapReminder": false,
        "liveCallReminder": false,
        "productNews": false,
    });
    if let Some(channel) = channel {
        body["dailyReminderChannel"] = json!(channel);
    }
    body
}

/// An athlete whose daily reminder is on (settings saved at noon, Tuesday 24 November 2026).
async fn athlete(app: &TestApp, email: &str, channel: Option<&str>) -> TestUser {
    app.clock().set(utc("2026-11-24T12:00:00Z"));
    let user = app.with_user(email, "Ann").await;
    let (status, body) = user.put(SETTINGS, daily_at_eight(channel)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    user
}

/// Subscribes one of `user`'s devices at the push service, as the browser would.
async fn subscribe(user: &TestUser, service: &Service, base: &str, name: &str) -> String {
    let device = service.subscribe(base, name);
    let (status, body) = user
        .post(
            DEVICES,
            json!({ "endpoint": device.endpoint, "keys": { "p256dh": device.p256dh, "auth": device.auth }, "label": name }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["id"].as_str().unwrap().to_owned()
}

/// 20:00 in Berlin that Tuesday, and a reminder round.
async fn evening_round(app: &TestApp) {
    app.clock().set(utc("2026-11-24T19:00:30Z"));
    scheduler::tick(&app.state.reminders()).await.unwrap();
}

/// `user` signed in again after the clock moved past their token's hour.
async fn later(app: &TestApp, user: &TestUser) -> TestUser {
    user.with_token(&app.fresh_token(&user.email).await)
}

/// The messages the push service got, once `count` arrived and nothing more came for a moment.
async fn received(service: &Service, count: usize) -> Vec<Received> {
    for _ in 0..100 {
        if service.received.lock().unwrap().len() >= count {
            break;
        }
        tokio::time::sleep(StdDuration::from_millis(50)).await;
    }
    tokio::time::sleep(StdDuration::from_millis(300)).await;
    service.received.lock().unwrap().clone()
}

fn payload(message: &Received) -> Value {
    let text = message
        .text
        .as_deref()
        .expect("the device reads its message");
    serde_json::from_slice(text).unwrap()
}

async fn mail_count(app: &TestApp, to: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM mail_outbox WHERE to_addr = $1")
        .bind(to)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap()
}

async fn marked_done(user: &TestUser) -> usize {
    let (status, events) = user.get("/_api/v1/practice/events").await;
    assert_eq!(status, StatusCode::OK);
    events["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "marked_done")
        .count()
}

/// Lets the push worker finish what it has in hand (it also runs on its own).
async fn push_round(app: &TestApp) -> swaz::push::worker::Round {
    let worker = swaz::push::worker::PushWorker::new(
        app.state.db.clone(),
        app.state.clock.clone(),
        app.state.push_subject(),
        app.state.outbox.clone(),
    )
    .await
    .unwrap();
    worker.deliver_due().await.unwrap()
}

#[tokio::test]
async fn the_daily_reminder_reaches_every_device_signed_and_readable_and_is_not_mailed_too() {
    let app = TestApp::spawn().await;
    let (service, base) = Service::start().await;
    let ann = athlete(&app, "ann@example.com", None).await;
    subscribe(&ann, &service, &base, "phone").await;
    subscribe(&ann, &service, &base, "laptop").await;

    evening_round(&app).await;
    let got = received(&service, 2).await;
    assert_eq!(got.len(), 2, "one message per device");
    let mut devices: Vec<&str> = got.iter().map(|m| m.device.as_str()).collect();
    devices.sort();
    assert_eq!(devices, ["laptop", "phone"]);
    let ann = later(&app, &ann).await;
    let (_, key) = ann.get("/_api/v1/push/key").await;
    for message in &got {
        let claims = message.claims.as_ref().expect("signed by the server");
        assert_eq!(message.key, key["publicKey"].as_str().unwrap());
        assert_eq!(claims["aud"], base.as_str());
        assert_eq!(claims["sub"], "mailto:operator@swaz.test");
        assert_eq!(message.encoding.as_deref(), Some("aes128gcm"));
        let shown = payload(message);
        assert_eq!(shown["title"], "Time for your SWAZ practice");
        assert_eq!(shown["url"], "/user-dashboard");
        assert_eq!(shown["tag"], "daily:2026-11-24");
        assert_eq!(
            shown["actions"],
            json!([{ "action": "done", "title": "Done" }, { "action": "snooze", "title": "Snooze 1 h" }])
        );
    }
    assert_eq!(
        mail_count(&app, "ann@example.com").await,
        0,
        "a device took it: no e-mail as well"
    );
    let (_, devices) = ann.get(DEVICES).await;
    assert!(
        devices["subscriptions"]
            .as_array()
            .unwrap()
            .iter()
            .all(|d| d["lastUsedAt"].is_string()),
        "{devices}"
    );

    // Another round that evening sends nothing more.
    app.clock().advance(Duration::minutes(10));
    scheduler::tick(&app.state.reminders()).await.unwrap();
    assert_eq!(received(&service, 3).await.len(), 2);
}

#[tokio::test]
async fn snooze_brings_the_reminder_back_an_hour_later_and_done_records_practice_once() {
    let app = TestApp::spawn().await;
    let (service, base) = Service::start().await;
    let ann = athlete(&app, "ann@example.com", None).await;
    subscribe(&ann, &service, &base, "phone").await;
    evening_round(&app).await;
    let shown = payload(&received(&service, 1).await[0]);
    let (done, snooze) = (&shown["tokens"]["done"], &shown["tokens"]["snooze"]);
    let ann = later(&app, &ann).await;

    // Each token does its own button's work only, and nothing without one.
    let (status, body) = app
        .post_public("/_api/v1/push/actions/done", json!({ "token": snooze }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["message"],
        "This button does not work any more: open SWAZ instead."
    );
    let (status, body) = app
        .post_public("/_api/v1/push/actions/snooze", json!({}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["message"],
        "token is required: the one the notification carried."
    );
    assert_eq!(marked_done(&ann).await, 0);

    let (status, body) = app
        .post_public("/_api/v1/push/actions/snooze", json!({ "token": snooze }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "We'll remind you again at 21:00.");
    app.clock().advance(Duration::minutes(59));
    scheduler::tick(&app.state.reminders()).await.unwrap();
    assert_eq!(received(&service, 2).await.len(), 1, "not before the hour");
    app.clock().advance(Duration::minutes(2));
    scheduler::tick(&app.state.reminders()).await.unwrap();
    let got = received(&service, 2).await;
    assert_eq!(got.len(), 2);
    assert_eq!(
        payload(&got[1])["tag"],
        "daily:2026-11-24",
        "it replaces the first notification"
    );
    let ann = later(&app, &ann).await;

    // Then Done, tapped twice (a slow lock screen): one practice, counted on the dashboard today.
    for _ in 0..2 {
        let (status, body) = app
            .post_public("/_api/v1/push/actions/done", json!({ "token": done }))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            body["message"],
            "Practice marked done for today. Well done."
        );
    }
    assert_eq!(marked_done(&ann).await, 1);
    let (_, dashboard) = ann.get("/_api/v1/dashboard").await;
    assert_eq!(dashboard["streakDays"], 1, "{dashboard}");
    // Snooze pressed after Done promises nothing more.
    let (status, body) = app
        .post_public("/_api/v1/push/actions/snooze", json!({ "token": snooze }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["message"],
        "You marked this done already: no reminder will follow. Well done."
    );

    // A day later the Done button of that evening no longer works.
    app.clock().advance(Duration::hours(20));
    let (status, body) = app
        .post_public("/_api/v1/push/actions/done", json!({ "token": done }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["message"],
        "This notification is too old for its buttons: open SWAZ instead."
    );
}

#[tokio::test]
async fn each_device_gets_one_message_per_reminder_when_two_instances_tick_at_once() {
    let app = TestApp::spawn().await;
    let other = TestApp::builder().same_database_as(&app).spawn().await;
    let (service, base) = Service::start().await;
    let mut athletes = Vec::new();
    for n in 0..4 {
        let user = athlete(&app, &format!("athlete{n}@example.com"), None).await;
        subscribe(&user, &service, &base, &format!("device{n}")).await;
        athletes.push(user);
    }
    app.clock().set(utc("2026-11-24T19:00:30Z"));
    other.clock().set(utc("2026-11-24T19:00:30Z"));
    let (mine, theirs) = (app.state.reminders(), other.state.reminders());
    let (a, b) = tokio::join!(scheduler::tick(&mine), scheduler::tick(&theirs));
    assert_eq!(a.unwrap().sent + b.unwrap().sent, 4);
    // Both instances' workers send; each message is claimed by one.
    let (x, y) = tokio::join!(push_round(&app), push_round(&other));
    assert!(x.accepted + y.accepted <= 4);
    let got = received(&service, 5).await;
    let mut devices: Vec<&str> = got.iter().map(|m| m.device.as_str()).collect();
    devices.sort();
    assert_eq!(devices, ["device0", "device1", "device2", "device3"]);
}

#[tokio::test]
async fn each_channel_sends_the_way_the_athlete_chose() {
    let app = TestApp::spawn().await;
    let (service, base) = Service::start().await;
    // Push, but no device: e-mail.
    let no_device = athlete(&app, "nodevice@example.com", Some("push")).await;
    // E-mail only, though a device is subscribed.
    let by_mail = athlete(&app, "bymail@example.com", Some("email")).await;
    subscribe(&by_mail, &service, &base, "mail-phone").await;
    // Both.
    let both = athlete(&app, "both@example.com", Some("both")).await;
    subscribe(&both, &service, &base, "both-phone").await;
    let (_, saved) = both.get(SETTINGS).await;
    assert_eq!(saved["dailyReminderChannel"], "both");
    assert_eq!(saved["coachNudgeChannel"], "push", "the default");

    evening_round(&app).await;
    let got = received(&service, 1).await;
    let devices: Vec<&str> = got.iter().map(|m| m.device.as_str()).collect();
    assert_eq!(devices, ["both-phone"]);
    let both = later(&app, &both).await;
    assert_eq!(mail_count(&app, &no_device.email).await, 1);
    assert_eq!(mail_count(&app, &by_mail.email).await, 1);
    assert_eq!(mail_count(&app, &both.email).await, 1);

    // A channel left out of a later save stays; a wrong one is refused in words.
    let (status, _) = both.put(SETTINGS, daily_at_eight(None)).await;
    assert_eq!(status, StatusCode::OK);
    let (_, saved) = both.get(SETTINGS).await;
    assert_eq!(saved["dailyReminderChannel"], "both");
    let mut wrong = daily_at_eight(None);
    wrong["liveCallReminderChannel"] = json!("sms");
    let (status, body) = both.put(SETTINGS, wrong).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["message"],
        "liveCallReminderChannel must be \"push\" (notifications on your devices), \"email\" or \"both\"."
    );
}

#[tokio::test]
async fn a_device_its_push_service_forgot_is_removed_and_the_reminder_is_mailed_instead() {
    let app = TestApp::spawn().await;
    let (service, base) = Service::start().await;
    let ann = athlete(&app, "ann@example.com", None).await;
    subscribe(&ann, &service, &base, "old-phone").await;
    *service.answer.lock().unwrap() = 410;

    evening_round(&app).await;
    assert_eq!(received(&service, 1).await.len(), 1);
    push_round(&app).await;
    let ann = later(&app, &ann).await;
    let (_, devices) = ann.get(DEVICES).await;
    assert_eq!(
        devices["subscriptions"],
        json!([]),
        "the device is forgotten"
    );
    let mut mails = 0;
    for _ in 0..50 {
        mails = mail_count(&app, &ann.email).await;
        if mails > 0 {
            break;
        }
        tokio::time::sleep(StdDuration::from_millis(50)).await;
    }
    assert_eq!(mails, 1, "e-mail is the fallback");
    let (unsubscribe,): (Option<String>,) =
        sqlx::query_as("SELECT list_unsubscribe FROM mail_outbox WHERE to_addr = $1")
            .bind(&ann.email)
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
    assert!(
        unsubscribe.is_some_and(|u| u.contains("/_reminders/unsubscribe?t=")),
        "the mail sent instead is the reminder as mailed, one-click unsubscribe and all"
    );
    push_round(&app).await;
    assert_eq!(
        mail_count(&app, &ann.email).await,
        1,
        "and it is mailed once"
    );
}

#[tokio::test]
async fn a_busy_push_service_gets_the_message_again_later_and_none_is_lost() {
    let app = TestApp::spawn().await;
    let (service, base) = Service::start().await;
    let ann = athlete(&app, "ann@example.com", None).await;
    subscribe(&ann, &service, &base, "phone").await;
    *service.answer.lock().unwrap() = 503;
    evening_round(&app).await;
    assert_eq!(received(&service, 1).await.len(), 1);
    *service.answer.lock().unwrap() = 201;
    app.clock().advance(Duration::minutes(2));
    let round = push_round(&app).await;
    let got = received(&service, 2).await;
    assert_eq!(got.len(), 2, "{round:?}");
    assert_eq!(mail_count(&app, &ann.email).await, 0);
}

#[tokio::test]
async fn a_coachs_note_arrives_as_a_notification_whose_done_records_practice() {
    let app = TestApp::spawn().await;
    let (service, base) = Service::start().await;
    let (coach, athletes) = team(&app, &["Abe"]).await;
    let abe = &athletes[0];
    subscribe(abe, &service, &base, "abe-phone").await;
    let (status, outcome) = coach
        .post(
            "/_api/v1/team/nudge",
            json!({ "userIds": [abe.id], "message": "Ten minutes tonight." }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{outcome}");
    let got = received(&service, 1).await;
    assert_eq!(got.len(), 1);
    let shown = payload(&got[0]);
    assert_eq!(shown["title"], "A note from Cora");
    assert_eq!(shown["body"], "Ten minutes tonight.");
    assert_eq!(got[0].urgency.as_deref(), Some("high"));
    assert_eq!(mail_count(&app, &abe.email).await, 0);
    let (status, _) = app
        .post_public(
            "/_api/v1/push/actions/done",
            json!({ "token": shown["tokens"]["done"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(marked_done(abe).await, 1);
}

#[tokio::test]
async fn the_dev_pushbox_shows_what_was_queued_for_a_member() {
    let app = TestApp::spawn().await;
    let (service, base) = Service::start().await;
    let ann = athlete(&app, "ann@example.com", None).await;
    subscribe(&ann, &service, &base, "phone").await;
    evening_round(&app).await;
    received(&service, 1).await;
    let (status, queued) = app.get_public("/_dev/pushbox?email=ann@example.com").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(queued[0]["outcome"], "accepted", "{queued}");
    assert_eq!(queued[0]["payload"]["title"], "Time for your SWAZ practice");
    let endpoint = queued[0]["endpoint"].as_str().unwrap();
    assert!(endpoint.ends_with("/push/phone"), "{endpoint}");
}
