//! The coach's week (issue 27): who planned toward the week's focus, and the Monday summary
//! mailed at 08:00 in each coach's own time zone, once, unless the coach turned it off.

use chrono::{DateTime, Duration, Utc};
use reqwest::StatusCode;
use serde_json::{json, Value};
use swaz::reminders::scheduler;

use crate::coach_board::{board, practise, row, team};
use crate::planning::daily;
use crate::support::TestApp;
use crate::teams::{invite, join};
use crate::test_user::TestUser;

const DAILY: &str = "/_api/v1/userinput/dailyaction";
const SETTINGS: &str = "/_api/v1/notificationsettings";

fn utc(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

/// Saves a daily action, toward the team's focus or not.
async fn plan(athlete: &TestUser, toward_focus: Option<bool>) -> Value {
    let mut body = daily("plan");
    if let Some(toward) = toward_focus {
        body["towardFocus"] = json!(toward);
    }
    let (status, saved) = athlete.post(DAILY, body).await;
    assert_eq!(status, StatusCode::CREATED, "{saved}");
    saved
}

#[tokio::test]
async fn the_board_shows_who_planned_toward_the_weeks_focus_this_week() {
    let app = TestApp::spawn().await;
    // Wednesday 25 November 2026, noon UTC.
    app.clock().set(utc("2026-11-25T12:00:00Z"));
    let (coach, athletes) = team(&app, &["Abe", "Bea", "Cy"]).await;
    let (abe, bea, cy) = (&athletes[0], &athletes[1], &athletes[2]);
    let (status, _) = cy
        .put(
            "/_api/v1/sharing",
            json!({ "practice": false, "checkins": false }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);

    // Before any focus: nobody can have planned toward it.
    let saved = plan(abe, Some(true)).await;
    assert_eq!(saved["towardFocus"], true);
    let before = board(&coach).await;
    assert!(before["focus"]["text"].is_null(), "{before}");
    assert_eq!(
        before["plannedTowardFocus"],
        json!({ "athletes": 0, "of": 2 })
    );
    assert!(row(&before, "Abe")["plannedTowardFocus"].is_null());

    app.clock().advance(Duration::minutes(5));
    let text = "Pre-serve routine: breathe, cue word, picture the serve";
    let (status, _) = coach
        .put("/_api/v1/team/focus", json!({ "text": text }))
        .await;
    assert_eq!(status, StatusCode::OK);
    // A plan saved before the focus was set does not count toward it.
    let set = board(&coach).await;
    assert_eq!(set["focus"]["text"], text);
    assert_eq!(row(&set, "Abe")["plannedTowardFocus"], 0);

    app.clock().advance(Duration::minutes(5));
    plan(abe, Some(true)).await;
    plan(bea, None).await;
    plan(cy, Some(true)).await;
    app.clock().advance(Duration::days(1));
    let (abe, bea, cy) = (
        abe.with_token(&app.fresh_token(&abe.email).await),
        bea.with_token(&app.fresh_token(&bea.email).await),
        cy.with_token(&app.fresh_token(&cy.email).await),
    );
    plan(&abe, Some(true)).await;
    let saved = plan(&bea, Some(false)).await;
    assert_eq!(saved["towardFocus"], false);
    let coach = coach.with_token(&app.fresh_token(&coach.email).await);
    let week = board(&coach).await;
    assert_eq!(row(&week, "Abe")["plannedTowardFocus"], 2, "{week}");
    assert_eq!(row(&week, "Bea")["plannedTowardFocus"], 0);
    // Cy keeps their practice private: whether they planned toward the focus too.
    assert!(row(&week, "Cy")["plannedTowardFocus"].is_null());
    assert_eq!(
        week["plannedTowardFocus"],
        json!({ "athletes": 1, "of": 2 })
    );
    let (_, logs) = cy.get("/_api/v1/dailylogs").await;
    assert_eq!(
        logs["entries"][0]["dailyAction"]["towardFocus"], true,
        "{logs}"
    );

    // A new week starts from nothing (Monday 30 November in UTC, where these athletes live).
    app.clock().set(utc("2026-11-30T00:30:00Z"));
    let coach = coach.with_token(&app.fresh_token(&coach.email).await);
    let monday = board(&coach).await;
    assert_eq!(row(&monday, "Abe")["plannedTowardFocus"], 0);
    assert_eq!(
        monday["plannedTowardFocus"],
        json!({ "athletes": 0, "of": 2 })
    );

    let (status, body) = bea
        .with_token(&app.fresh_token(&bea.email).await)
        .post(DAILY, {
            let mut body = daily("plan");
            body["towardFocus"] = json!("yes");
            body
        })
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["message"],
        "towardFocus must be true or false: does today's plan work on your team's focus?"
    );
}

/// Mail queued to `to`, oldest first: (subject, text).
async fn mail_to(app: &TestApp, to: &str) -> Vec<(String, String)> {
    sqlx::query_as::<_, (String, String)>(
        "SELECT subject, text_body FROM mail_outbox WHERE to_addr = $1 ORDER BY created_at, id",
    )
    .bind(to)
    .fetch_all(app.state.db.pool())
    .await
    .unwrap()
}

async fn summaries(app: &TestApp, to: &str) -> Vec<String> {
    mail_to(app, to)
        .await
        .into_iter()
        .filter(|(subject, _)| subject.ends_with("your Monday summary"))
        .map(|(_, text)| text)
        .collect()
}

async fn tick(app: &TestApp) {
    scheduler::tick(&app.state.reminders()).await.unwrap();
}

/// Notification settings with everything off, in `zone`, and the summary as given.
fn settings(zone: &str, summary: Option<bool>) -> Value {
    let mut body = json!({
        "dailyReminder": false, "dailyReminderTime": "20:00", "timeZone": zone,
        "weeklyMapReminder": false, "liveCallReminder": false, "productNews": false,
    });
    if let Some(on) = summary {
        body["coachSummary"] = json!(on);
    }
    body
}

#[tokio::test]
async fn each_coach_gets_the_monday_summary_at_eight_in_their_own_zone_once_unless_turned_off() {
    let app = TestApp::spawn().await;
    // Sunday 29 November 2026.
    app.clock().set(utc("2026-11-29T17:00:00Z"));
    // Cora coaches from Auckland (UTC+13 in November): her Monday 08:00 is Sunday 19:00 UTC.
    let (cora, athletes) = team(&app, &["Abe", "Bea", "Cy"]).await;
    let (abe, bea, cy) = (&athletes[0], &athletes[1], &athletes[2]);
    let (status, got) = cora.put(SETTINGS, settings("Pacific/Auckland", None)).await;
    assert_eq!(status, StatusCode::OK, "{got}");
    assert_eq!(got["coachSummary"], true, "on unless turned off");
    practise(abe).await;
    let (status, _) = bea
        .put(
            "/_api/v1/sharing",
            json!({ "practice": true, "checkins": true }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = bea
        .post(
            "/_api/v1/checkin",
            json!({ "sleep": 4, "energy": 3, "mood": 4, "stress": 2, "confidence": 5,
                    "note": "MARKER-PRIVATE-NOTE" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, _) = cy
        .put(
            "/_api/v1/sharing",
            json!({ "practice": false, "checkins": false }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);

    // Dan coaches from Los Angeles (UTC-8): his Monday 08:00 is Monday 16:00 UTC.
    let dan = app.with_team("dan@example.com", "Dan").await;
    let hash = invite(&app, &dan.token).await;
    let eve = app.with_user("eve@example.com", "Eve").await;
    let (status, _) = join(&app, &hash, &eve.token).await;
    assert_eq!(status, StatusCode::OK);
    // She joined on Friday: by Monday she has had three days on the team.
    sqlx::query("UPDATE team_members SET created_at = $1 WHERE user_id = $2")
        .bind(utc("2026-11-27T17:00:00Z").timestamp_millis())
        .bind(&eve.id)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    let (status, _) = dan
        .put(SETTINGS, settings("America/Los_Angeles", None))
        .await;
    assert_eq!(status, StatusCode::OK);
    // Fay coaches from Auckland too, and turned the summary off.
    let fay = app.with_team("fay@example.com", "Fay").await;
    let (status, got) = fay
        .put(SETTINGS, settings("Pacific/Auckland", Some(false)))
        .await;
    assert_eq!(
        (status, &got["coachSummary"]),
        (StatusCode::OK, &json!(false))
    );
    // Left out, the switch stays as it was.
    let (_, got) = fay.put(SETTINGS, settings("Pacific/Auckland", None)).await;
    assert_eq!(got["coachSummary"], false);

    app.clock().set(utc("2026-11-29T18:59:00Z"));
    tick(&app).await;
    assert!(
        summaries(&app, &cora.email).await.is_empty(),
        "before 08:00"
    );

    app.clock().set(utc("2026-11-29T19:00:00Z"));
    tick(&app).await;
    tick(&app).await;
    let sent = summaries(&app, &cora.email).await;
    assert_eq!(sent.len(), 1, "once, however many rounds run");
    let text = &sent[0];
    assert!(
        text.contains("In the last 7 days 2 of 2 athletes who share their practice practised at least once (1 more keeps their practice private)"),
        "{text}"
    );
    assert!(text.contains("Nobody is flagged this week"), "{text}");
    assert!(
        text.contains("Abe: practised 1 of the last 7 days, streak 1 day."),
        "{text}"
    );
    assert!(text.contains("Cy: keeps their practice private."), "{text}");
    assert!(
        text.contains(
            "28-day check-in averages: sleep 4, energy 3, mood 4, stress 2, confidence 5"
        ),
        "{text}"
    );
    assert!(
        !text.contains("MARKER-PRIVATE-NOTE"),
        "a check-in note never reaches the coach"
    );
    assert!(text.contains("/account/team-config/board"), "{text}");
    assert!(text.contains("/account/notification-settings"), "{text}");
    assert!(
        summaries(&app, &dan.email).await.is_empty(),
        "Sunday in Los Angeles"
    );
    assert!(summaries(&app, &fay.email).await.is_empty(), "turned off");

    // Three quiet days later, on Dan's Monday morning, Eve is flagged in his summary.
    app.clock().set(utc("2026-11-30T16:00:00Z"));
    tick(&app).await;
    let sent = summaries(&app, &dan.email).await;
    assert_eq!(sent.len(), 1);
    assert!(sent[0].contains("Who needs a word: Eve"), "{}", sent[0]);
    assert!(sent[0].contains("No practice in 3 days"), "{}", sent[0]);
    assert_eq!(summaries(&app, &cora.email).await.len(), 1, "not twice");
    assert!(summaries(&app, &fay.email).await.is_empty());

    // A summary due while the server was down for more than two hours is not sent late.
    app.clock().set(utc("2026-12-06T21:30:00Z"));
    tick(&app).await;
    assert_eq!(summaries(&app, &cora.email).await.len(), 1);
}

/// Records practice for `user_id` at noon UTC on each of the days `back` days before `now`.
async fn practised_days_ago(app: &TestApp, user_id: &str, now: DateTime<Utc>, back: &[i64]) {
    for days in back {
        let at = now - Duration::days(*days);
        sqlx::query(
            "INSERT INTO practice_events (id, user_id, kind, created_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(uuid::Uuid::new_v4().to_string())
        .bind(user_id)
        .bind("breathing_done")
        .bind(at.timestamp_millis())
        .execute(app.state.db.pool())
        .await
        .unwrap();
    }
}

#[tokio::test]
async fn streaks_longer_than_the_calendar_count_the_same_on_every_board_and_on_the_dashboard() {
    let app = TestApp::spawn().await;
    let now = utc("2026-11-25T12:00:00Z");
    app.clock().set(now);
    let (coach, athletes) = team(&app, &["Abe", "Bea", "Cy"]).await;
    // Abe: every day for 121 days, today included. Bea: the same, but not on the calendar's
    // first day (83 days ago). Cy: 100 days up to yesterday.
    let every: Vec<i64> = (0..=120).collect();
    practised_days_ago(&app, &athletes[0].id, now, &every).await;
    let gap: Vec<i64> = (0..=120).filter(|d| *d != 83).collect();
    practised_days_ago(&app, &athletes[1].id, now, &gap).await;
    let until_yesterday: Vec<i64> = (1..=100).collect();
    practised_days_ago(&app, &athletes[2].id, now, &until_yesterday).await;
    let expected = [("Abe", 121), ("Bea", 83), ("Cy", 100)];
    // The first board counts them; the second uses what the first kept.
    for round in 0..2 {
        let seen = board(&coach).await;
        for (name, streak) in expected {
            assert_eq!(
                row(&seen, name)["streakDays"],
                streak,
                "{name}, board {round}"
            );
        }
    }
    for (athlete, (name, streak)) in athletes.iter().zip(expected) {
        let (_, dashboard) = athlete.get("/_api/v1/dashboard").await;
        assert_eq!(dashboard["streakDays"], streak, "{name}'s dashboard");
    }
    // The next day: Abe practises again, Cy does not (and loses the streak).
    let tomorrow = now + Duration::days(1);
    app.clock().set(tomorrow);
    practised_days_ago(&app, &athletes[0].id, tomorrow, &[0]).await;
    let coach = coach.with_token(&app.fresh_token(&coach.email).await);
    for round in 0..2 {
        let seen = board(&coach).await;
        assert_eq!(row(&seen, "Abe")["streakDays"], 122, "board {round}");
        assert_eq!(
            row(&seen, "Bea")["streakDays"],
            83,
            "kept until a whole day passes"
        );
        assert_eq!(row(&seen, "Cy")["streakDays"], 0);
    }
}
