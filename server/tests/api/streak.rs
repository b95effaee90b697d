//! A fair streak (issue 29): rest days chosen ahead or on the day pause the streak instead of
//! breaking it — at most two a week and twenty a year — on the dashboard, on the coach board and
//! for the daily reminder; and an athlete may hide their streak.

use chrono::{DateTime, Duration, Utc};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::coach_board::{board, row, team};
use crate::support::TestApp;
use crate::test_user::TestUser;

const STREAK: &str = "/_api/v1/streak";
const DASHBOARD: &str = "/_api/v1/dashboard";

fn utc(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

fn rest_day(date: &str) -> String {
    format!("{STREAK}/restdays/{date}")
}

async fn rest_on(user: &TestUser, date: &str, reason: &str) -> (StatusCode, Value) {
    user.put(&rest_day(date), json!({ "reason": reason })).await
}

async fn practise(user: &TestUser) {
    let (status, body) = user
        .post(
            "/_api/v1/practice/events",
            json!({ "kind": "breathing_done" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

async fn dashboard(user: &TestUser) -> Value {
    let (status, body) = user.get(DASHBOARD).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// Moves the clock on a day and signs `user` in again.
async fn next_day(app: &TestApp, user: &TestUser) -> TestUser {
    app.clock().advance(Duration::days(1));
    user.with_token(&app.fresh_token(&user.email).await)
}

/// Records practice for `user_id` at noon UTC `back` days before `now` (for streaks longer than
/// the API's seven days of late practice).
pub(crate) async fn practised_days_ago(
    app: &TestApp,
    user_id: &str,
    now: DateTime<Utc>,
    back: &[i64],
) {
    for days in back {
        sqlx::query(
            "INSERT INTO practice_events (id, user_id, kind, created_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(uuid::Uuid::new_v4().to_string())
        .bind(user_id)
        .bind("breathing_done")
        .bind((now - Duration::days(*days)).timestamp_millis())
        .execute(app.state.db.pool())
        .await
        .unwrap();
    }
}

/// Rest days chosen long ago (as the athlete chose them then), `back` days before `now`.
pub(crate) async fn rested_days_ago(
    app: &TestApp,
    user_id: &str,
    now: DateTime<Utc>,
    back: &[i64],
) {
    for days in back {
        sqlx::query(
            "INSERT INTO rest_days (user_id, day, reason, created_at) VALUES ($1, $2, 'rest', $3)",
        )
        .bind(user_id)
        .bind((now - Duration::days(*days)).date_naive().to_string())
        .bind(now.timestamp_millis())
        .execute(app.state.db.pool())
        .await
        .unwrap();
    }
}

#[tokio::test]
async fn a_rest_day_pauses_the_streak_and_a_missed_day_still_breaks_it() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2027-01-11T20:00:00Z")); // Monday noon in Los Angeles
    let ann = app.with_paid_user("ann@example.com").await;
    let (status, _) = ann
        .put(
            "/_api/v1/swazprofile/timezone",
            json!({ "timeZone": "America/Los_Angeles" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    practise(&ann).await;
    let ann = next_day(&app, &ann).await;
    practise(&ann).await;
    // On Tuesday she plans Wednesday as a travel day.
    let (status, settings) = rest_on(&ann, "2027-01-13", "travel").await;
    assert_eq!(status, StatusCode::OK, "{settings}");
    assert_eq!(
        settings["restDays"],
        json!([{ "date": "2027-01-13", "reason": "travel" }])
    );
    assert_eq!(settings["weekLeft"], 1);
    assert_eq!(settings["yearLeft"], 19);

    let ann = next_day(&app, &ann).await;
    let board = dashboard(&ann).await;
    assert_eq!(board["streakDays"], 2, "resting today keeps the streak");
    let today = &board["heatmap"][83];
    assert_eq!(today["date"], "2027-01-13");
    assert_eq!(today["rest"], true);
    assert_eq!(board["heatmap"][82]["rest"], false);

    let ann = next_day(&app, &ann).await;
    assert_eq!(
        dashboard(&ann).await["streakDays"],
        2,
        "the rest day passed without breaking it"
    );
    practise(&ann).await;
    assert_eq!(
        dashboard(&ann).await["streakDays"],
        3,
        "the rest day does not count"
    );
    // Friday passes without practice or rest: on Saturday the streak is gone.
    let ann = next_day(&app, &ann).await;
    let ann = next_day(&app, &ann).await;
    assert_eq!(dashboard(&ann).await["streakDays"], 0);
}

#[tokio::test]
async fn rest_days_are_chosen_ahead_or_on_the_day_at_most_two_a_week_and_twenty_a_year() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2027-01-04T12:00:00Z")); // a Monday
    let ann = app.with_user("ann@example.com", "Ann").await;

    let (status, settings) = ann.get(STREAK).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        settings,
        json!({ "hidden": false, "today": "2027-01-04", "restDays": [], "weekLeft": 2,
                "yearLeft": 20, "maxPerWeek": 2, "maxPerYear": 20, "maxDaysAhead": 84 })
    );

    let (status, body) = rest_on(&ann, "2027-01-03", "rest").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["message"],
        "Sunday 3 January 2027 has passed: rest days are chosen ahead or on the day itself."
    );
    let (status, body) = rest_on(&ann, "2027-04-01", "rest").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["message"]
        .as_str()
        .unwrap()
        .contains("up to twelve weeks ahead"));

    assert_eq!(
        rest_on(&ann, "2027-01-04", "injury").await.0,
        StatusCode::OK
    );
    let (status, settings) = rest_on(&ann, "2027-01-10", "rest").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(settings["weekLeft"], 0);
    let (status, body) = rest_on(&ann, "2027-01-07", "rest").await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "You already have 2 rest days in the week of Monday 4 January 2027: remove one of them \
         to rest on Thursday 7 January 2027."
    );
    // Changing why is no new rest day; removing one frees the week again.
    let (status, settings) = rest_on(&ann, "2027-01-10", "travel").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(settings["restDays"][1]["reason"], "travel");
    let (status, settings) = ann.delete(&rest_day("2027-01-10")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(settings["weekLeft"], 1);
    assert_eq!(rest_on(&ann, "2027-01-07", "rest").await.0, StatusCode::OK);
    let (status, body) = ann.delete(&rest_day("2027-01-10")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");

    // Bad input is told plainly.
    for (path, body) in [
        (rest_day("next-friday"), json!({ "reason": "rest" })),
        (rest_day("2027-02-30"), json!({ "reason": "rest" })),
        (rest_day("2027-01-12"), json!({ "reason": "holiday" })),
        (rest_day("2027-01-12"), json!({})),
        (rest_day("2027-01-12"), json!("rest")),
    ] {
        let (status, answer) = ann.put(&path, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {answer}");
        assert!(
            answer["message"].as_str().unwrap().contains("YYYY-MM-DD")
                || answer["message"] == "reason is required: rest, injury or travel.",
            "{answer}"
        );
    }

    // Two a week for the next weeks, until the year's twenty are taken.
    let mut monday = chrono::NaiveDate::from_ymd_opt(2027, 1, 11).unwrap();
    for _ in 0..9 {
        for d in [monday, monday + Duration::days(2)] {
            let (status, body) = rest_on(&ann, &d.to_string(), "rest").await;
            assert_eq!(status, StatusCode::OK, "{d}: {body}");
        }
        monday += Duration::days(7);
    }
    let (status, body) = rest_on(&ann, &monday.to_string(), "rest").await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["message"], "You have used all 20 rest days of 2027.");
    let (_, settings) = ann.get(STREAK).await;
    assert_eq!(settings["yearLeft"], 0);
    assert_eq!(settings["restDays"].as_array().unwrap().len(), 20);

    // A day that has passed stays as it was.
    let ann = next_day(&app, &ann).await;
    let (status, _) = ann.delete(&rest_day("2027-01-04")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn two_rest_days_chosen_at_once_never_make_a_third_in_a_week() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2027-01-04T12:00:00Z"));
    let ann = app.with_user("ann@example.com", "Ann").await;
    assert_eq!(rest_on(&ann, "2027-01-04", "rest").await.0, StatusCode::OK);
    let (a, b) = tokio::join!(
        rest_on(&ann, "2027-01-05", "rest"),
        rest_on(&ann, "2027-01-06", "rest")
    );
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT]);
    let (_, settings) = ann.get(STREAK).await;
    assert_eq!(settings["restDays"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn an_athlete_may_hide_the_streak_and_finds_it_all_in_the_export() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2027-01-04T12:00:00Z"));
    let ann = app.with_user("ann@example.com", "Ann").await;
    assert_eq!(dashboard(&ann).await["streakHidden"], false);
    let (status, settings) = ann
        .put(&format!("{STREAK}/hidden"), json!({ "hidden": true }))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(settings["hidden"], true);
    assert_eq!(dashboard(&ann).await["streakHidden"], true);
    let (status, body) = ann
        .put(&format!("{STREAK}/hidden"), json!({ "hidden": "yes" }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["message"], "hidden is required: true or false.");

    rest_on(&ann, "2027-01-05", "injury").await;
    let (status, export) = ann.get("/_api/v1/account/export").await;
    assert_eq!(status, StatusCode::OK, "{export}");
    assert_eq!(export["streakHidden"], true);
    assert_eq!(
        export["restDays"],
        json!([{ "date": "2027-01-05", "reason": "injury" }])
    );

    let (status, settings) = ann
        .put(&format!("{STREAK}/hidden"), json!({ "hidden": false }))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(settings["hidden"], false);
    assert_eq!(dashboard(&ann).await["streakHidden"], false);
}

#[tokio::test]
async fn the_coach_sees_a_rest_day_paused_streak_but_never_why() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2027-01-11T12:00:00Z"));
    let (coach, athletes) = team(&app, &["Abe"]).await;
    let abe = &athletes[0];
    practise(abe).await;
    // Abe is injured for the next two days.
    rest_on(abe, "2027-01-12", "injury").await;
    rest_on(abe, "2027-01-13", "injury").await;
    let abe = next_day(&app, abe).await;
    let abe = next_day(&app, &abe).await;
    let abe = next_day(&app, &abe).await;
    let coach = coach.with_token(&app.fresh_token(&coach.email).await);
    let seen = board(&coach).await;
    let row = row(&seen, "Abe");
    assert_eq!(row["streakDays"], 1, "paused, not broken: {row}");
    assert_eq!(
        row["flags"],
        json!([]),
        "rest days are no silence to worry about"
    );
    assert!(
        !seen.to_string().contains("injury"),
        "the reason stays with the athlete"
    );
    practise(&abe).await;
    let seen = board(&coach).await;
    assert_eq!(crate::coach_board::row(&seen, "Abe")["streakDays"], 2);
}

#[tokio::test]
async fn streaks_longer_than_the_calendar_count_rest_days_alike_on_the_board_and_dashboard() {
    let app = TestApp::spawn().await;
    let now = utc("2026-11-25T12:00:00Z");
    app.clock().set(now);
    let (coach, athletes) = team(&app, &["Abe", "Bea"]).await;
    // Abe: 150 days, resting every seventh day (also on the calendar's first day, 83 days
    // ago, and before it). Bea: the same practice, but one day before the calendar was neither.
    let rest: Vec<i64> = (0..=150).filter(|d| d % 7 == 6).collect();
    let practised: Vec<i64> = (0..=150).filter(|d| d % 7 != 6).collect();
    assert!(rest.contains(&83));
    practised_days_ago(&app, &athletes[0].id, now, &practised).await;
    rested_days_ago(&app, &athletes[0].id, now, &rest).await;
    let gap: Vec<i64> = rest.iter().copied().filter(|d| *d != 111).collect();
    practised_days_ago(&app, &athletes[1].id, now, &practised).await;
    rested_days_ago(&app, &athletes[1].id, now, &gap).await;
    let abe = practised.len() as u64;
    let bea = practised.iter().filter(|d| **d < 111).count() as u64;
    for round in 0..2 {
        let seen = board(&coach).await;
        assert_eq!(row(&seen, "Abe")["streakDays"], abe, "board {round}");
        assert_eq!(row(&seen, "Bea")["streakDays"], bea, "board {round}");
    }
    for (athlete, streak) in athletes.iter().zip([abe, bea]) {
        assert_eq!(dashboard(athlete).await["streakDays"], streak);
    }
}

#[tokio::test]
async fn no_daily_reminder_on_a_rest_day() {
    let app = TestApp::spawn().await;
    app.clock().set(utc("2026-11-24T12:00:00Z"));
    let ann = app.with_user("ann@example.com", "Ann").await;
    let (status, _) = ann
        .put(
            "/_api/v1/notificationsettings",
            json!({"dailyReminder": true, "dailyReminderTime": "20:00", "timeZone": "Europe/Berlin",
                   "weeklyMapReminder": false, "liveCallReminder": false, "productNews": false,
                   "dailyReminderChannel": "email"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    rest_on(&ann, "2026-11-24", "rest").await;
    app.clock().set(utc("2026-11-24T19:00:00Z"));
    let tick = || async {
        swaz::reminders::scheduler::tick(&app.state.reminders())
            .await
            .unwrap()
    };
    let report = tick().await;
    assert_eq!((report.sent, report.skipped), (0, 1));
    app.clock().set(utc("2026-11-25T19:00:00Z"));
    assert_eq!(tick().await.sent, 1, "the next day is no rest day");
}
