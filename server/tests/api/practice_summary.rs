//! The athlete's day summary (speed issue 30) is kept with each practice write; after any mix
//! of practice now and sent late from an offline phone, rest days, days passing and moves across
//! time zones, it must equal a recount of the raw events, and the dashboard must show what the
//! recount gives.

use chrono::{Duration, SecondsFormat};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reqwest::StatusCode;
use serde_json::{json, Value};
use swaz::clock::Clock;
use swaz::dashboard::days::{self, DayCounts, RestDays};
use swaz::practice::summary;

use crate::support::TestApp;
use crate::test_user::TestUser;

/// Zones with unusual offsets (+14, −11, +5:45, −3:30) and daylight-saving switches.
const ZONES: &[&str] = &[
    "UTC",
    "Pacific/Kiritimati",
    "Pacific/Pago_Pago",
    "Asia/Kathmandu",
    "America/St_Johns",
    "Europe/Oslo",
    "Australia/Lord_Howe",
];

async fn check(app: &TestApp, athlete: &TestUser, step: usize) {
    let (status, dash) = athlete.get("/_api/v1/dashboard").await;
    assert_eq!(status, StatusCode::OK, "{dash}");
    let zone: chrono_tz::Tz = dash["timeZone"].as_str().unwrap().parse().unwrap();
    let mut conn = app.state.db.pool().acquire().await.unwrap();
    let stored = summary::stored(&mut conn, &athlete.id).await.unwrap();
    let recount = summary::recount(&mut conn, &athlete.id, zone)
        .await
        .unwrap();
    assert_eq!(
        stored, recount,
        "step {step}: the summary drifted from the events"
    );
    let (kept, from) = kept_recent(app, &athlete.id).await;
    let from = from.unwrap_or_else(|| {
        assert!(stored.is_empty(), "step {step}: recent days not kept");
        String::new()
    });
    let expected: Vec<(String, u32, u32)> = stored
        .iter()
        .filter(|d| d.day.to_string() >= from)
        .map(|d| (d.day.to_string(), d.events, d.run))
        .collect();
    assert_eq!(
        kept, expected,
        "step {step}: the kept recent days differ from the summary's rows"
    );
    let (latest, latest_at) = kept_latest(app, &athlete.id).await;
    let from_events: Vec<(String, i64)> = sqlx::query_as(
        "SELECT kind, MAX(created_at) FROM practice_events WHERE user_id = $1 GROUP BY kind",
    )
    .bind(&athlete.id)
    .fetch_all(app.state.db.pool())
    .await
    .unwrap();
    let mut from_events = from_events;
    from_events.sort();
    assert_eq!(
        latest, from_events,
        "step {step}: the kept latest practice differs from the events"
    );
    assert_eq!(
        latest_at,
        from_events.iter().map(|(_, at)| *at).max(),
        "step {step}: the kept newest practice"
    );

    let rest: RestDays = swaz::streak::storage::days_of(&mut conn, &athlete.id)
        .await
        .unwrap();
    let counts: DayCounts = recount.iter().map(|d| (d.day, d.events)).collect();
    let today = dash["today"].as_str().unwrap().parse().unwrap();
    assert_eq!(
        dash["streakDays"],
        days::streak(&counts, &rest, today),
        "step {step}: the dashboard's streak"
    );
    let calendar: Vec<(String, u64)> = dash["heatmap"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["date"].as_str().unwrap().to_owned(),
                d["count"].as_u64().unwrap(),
            )
        })
        .collect();
    let expected: Vec<(String, u64)> = days::heatmap(&counts, today)
        .into_iter()
        .map(|(d, n)| (d.to_string(), u64::from(n)))
        .collect();
    assert_eq!(calendar, expected, "step {step}: the dashboard's calendar");
}

/// The summary's kept recent days (`practice_summary.recent`), oldest first, and their first
/// day; none before the athlete's first practice.
async fn kept_recent(app: &TestApp, user_id: &str) -> (Vec<(String, u32, u32)>, Option<String>) {
    let (recent, from): (Option<String>, Option<String>) =
        sqlx::query_as("SELECT recent, recent_from FROM practice_summary WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(app.state.db.pool())
            .await
            .unwrap()
            .unwrap_or_default();
    let mut days: Vec<(String, u32, u32)> = recent
        .iter()
        .flat_map(|r| r.split(','))
        .filter(|item| !item.is_empty())
        .map(|item| {
            let parts: Vec<&str> = item.split(' ').collect();
            (
                parts[0].to_owned(),
                parts[1].parse().unwrap(),
                parts[2].parse().unwrap(),
            )
        })
        .collect();
    days.sort();
    (days, from)
}

/// The summary's kept latest practice of each kind (`practice_summary.latest`), by kind, and the
/// newest of them (`latest_at`).
async fn kept_latest(app: &TestApp, user_id: &str) -> (Vec<(String, i64)>, Option<i64>) {
    let (latest, at): (Option<String>, Option<i64>) =
        sqlx::query_as("SELECT latest, latest_at FROM practice_summary WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(app.state.db.pool())
            .await
            .unwrap()
            .unwrap_or_default();
    let mut items: Vec<(String, i64)> = latest
        .iter()
        .flat_map(|l| l.split(','))
        .filter(|item| !item.is_empty())
        .map(|item| {
            let (kind, at) = item.split_once(' ').unwrap();
            (kind.to_owned(), at.parse().unwrap())
        })
        .collect();
    items.sort();
    (items, at)
}

#[tokio::test]
async fn the_summary_equals_a_recount_after_random_practice_in_random_zones() {
    let app = TestApp::spawn().await;
    let mut athlete = app.with_paid_user("ann@example.com").await;
    let mut rng = StdRng::seed_from_u64(30);
    for step in 0..120 {
        let now = app.clock().now();
        match rng.gen_range(0..10) {
            0..=2 => {
                let (status, body) = athlete
                    .post(
                        "/_api/v1/practice/events",
                        json!({ "kind": "breathing_done" }),
                    )
                    .await;
                assert_eq!(status, StatusCode::CREATED, "{body}");
            }
            3..=4 => {
                // Sent late from a phone that was offline, up to a week back.
                let back = Duration::minutes(rng.gen_range(0..7 * 24 * 60));
                let at = (now - back).to_rfc3339_opts(SecondsFormat::Millis, true);
                let id = uuid::Uuid::new_v4().to_string();
                let body = json!({ "kind": "vision_listened", "at": at, "id": id });
                let (status, answer) = athlete.post("/_api/v1/practice/events", body).await;
                assert_eq!(status, StatusCode::CREATED, "{answer}");
            }
            5 => {
                let zone = ZONES[rng.gen_range(0..ZONES.len())];
                let (status, body) = athlete
                    .put("/_api/v1/swazprofile/timezone", json!({ "timeZone": zone }))
                    .await;
                assert_eq!(status, StatusCode::OK, "{body}");
            }
            6 => {
                // A rest day today or in the next days; refusals (the week's two) are fine.
                let (_, dash): (StatusCode, Value) = athlete.get("/_api/v1/dashboard").await;
                let today: chrono::NaiveDate = dash["today"].as_str().unwrap().parse().unwrap();
                let day = today + Duration::days(rng.gen_range(0..4));
                let reason = ["rest", "injury", "travel"][rng.gen_range(0..3)];
                athlete
                    .put(
                        &format!("/_api/v1/streak/restdays/{day}"),
                        json!({ "reason": reason }),
                    )
                    .await;
            }
            _ => {
                app.clock()
                    .advance(Duration::minutes(rng.gen_range(60..40 * 60)));
                athlete = athlete.with_token(&app.fresh_token(&athlete.email).await);
            }
        }
        check(&app, &athlete, step).await;
    }
}

/// Practice recorded before summaries were kept is counted at start, a hundred athletes at a
/// time: every athlete is counted, the second batch too, and a second pass finds nothing left.
#[tokio::test]
async fn practice_from_before_the_summaries_is_counted_for_every_athlete() {
    let app = TestApp::spawn().await;
    let template = app.with_paid_user("tem@example.com").await;
    let pool = app.state.db.pool();
    let an_hour_ago = app.state.clock.now_ms() - 3_600_000;
    let numbers = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 130)";
    sqlx::query(&format!(
        "{numbers} INSERT INTO users (id, email, encrypted_password, first_name, last_name, \
           user_metadata, email_confirmed_at, created_at, updated_at, app_metadata) \
         SELECT 'early-' || n.i, 'early' || n.i || '@example.com', encrypted_password, \
           first_name, last_name, user_metadata, email_confirmed_at, created_at, updated_at, \
           app_metadata FROM users, n WHERE users.id = $1"
    ))
    .bind(&template.id)
    .execute(pool)
    .await
    .unwrap();
    sqlx::query(&format!(
        "{numbers} INSERT INTO practice_events (id, user_id, kind, created_at) \
         SELECT 'early-event-' || i, 'early-' || i, 'breathing_done', $1 FROM n"
    ))
    .bind(an_hour_ago)
    .execute(pool)
    .await
    .unwrap();

    // The instance's own backfill at start may still be counting some of them.
    summary::backfill(&app.state.db, app.state.clock.now_ms())
        .await
        .unwrap();
    let days: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM practice_days WHERE user_id LIKE 'early-%' AND events = 1",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    assert_eq!(
        days, 130,
        "each athlete's day of practice is in their summary"
    );
    assert_eq!(
        summary::backfill(&app.state.db, app.state.clock.now_ms())
            .await
            .unwrap(),
        0
    );

    // Summaries counted before their recent days and latest practice were kept get them at the
    // next start.
    sqlx::query(
        "UPDATE practice_summary SET recent = NULL, recent_from = NULL, latest = NULL, \
         latest_at = NULL",
    )
    .execute(pool)
    .await
    .unwrap();
    assert_eq!(
        summary::backfill(&app.state.db, app.state.clock.now_ms())
            .await
            .unwrap(),
        0
    );
    let kept: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM practice_summary \
         WHERE user_id LIKE 'early-%' AND recent LIKE '% 1 1' AND recent NOT LIKE '%,%'",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    assert_eq!(kept, 130, "each summary keeps its one day of practice");
    let latest: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM practice_summary \
         WHERE user_id LIKE 'early-%' AND latest = $1 AND latest_at = $2",
    )
    .bind(format!("breathing_done {an_hour_ago}"))
    .bind(an_hour_ago)
    .fetch_one(pool)
    .await
    .unwrap();
    assert_eq!(latest, 130, "each summary keeps its latest practice");
}

/// The recent days are kept from the first day a calendar could show at the last practice; a
/// clock set back since shows days before that, which the dashboard then reads from the rows.
#[tokio::test]
async fn a_clock_set_back_before_the_kept_days_still_shows_every_day() {
    let app = TestApp::spawn().await;
    let mut athlete = app.with_paid_user("bo@example.com").await;
    let breathe = json!({ "kind": "breathing_done" });
    let (status, body) = athlete
        .post("/_api/v1/practice/events", breathe.clone())
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (_, dash) = athlete.get("/_api/v1/dashboard").await;
    let first_day = dash["today"].as_str().unwrap().to_owned();

    app.clock().advance(Duration::days(100));
    athlete = athlete.with_token(&app.fresh_token(&athlete.email).await);
    let (status, body) = athlete.post("/_api/v1/practice/events", breathe).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (kept, _) = kept_recent(&app, &athlete.id).await;
    assert!(
        kept.iter().all(|(day, ..)| *day != first_day),
        "the first day is older than the kept days: {kept:?}"
    );

    app.clock().advance(-Duration::days(30));
    athlete = athlete.with_token(&app.fresh_token(&athlete.email).await);
    let (status, dash) = athlete.get("/_api/v1/dashboard").await;
    assert_eq!(status, StatusCode::OK, "{dash}");
    let shown: Vec<&str> = dash["heatmap"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["count"].as_u64() > Some(0))
        .map(|d| d["date"].as_str().unwrap())
        .collect();
    assert_eq!(shown, [first_day.as_str()], "{dash}");
    check(&app, &athlete, 0).await;
}

/// The latest practice is kept with the summary; a clock set back before it reads the events up
/// to now instead, so a practice later than now is not on today's checklist.
#[tokio::test]
async fn a_clock_set_back_before_the_latest_practice_leaves_it_off_the_checklist() {
    let app = TestApp::spawn().await;
    // Noon (UTC, the athlete's zone): the two practices and the set-back fall on one day.
    let noon = app.state.clock.now().date_naive().and_hms_opt(12, 0, 0);
    app.clock().set(noon.unwrap().and_utc());
    let mut athlete = app.with_paid_user("jo@example.com").await;
    let (status, body) = athlete
        .post(
            "/_api/v1/practice/events",
            json!({ "kind": "vision_listened" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    app.clock().advance(Duration::minutes(30));
    athlete = athlete.with_token(&app.fresh_token(&athlete.email).await);
    let (status, body) = athlete
        .post(
            "/_api/v1/practice/events",
            json!({ "kind": "breathing_done" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (_, dash) = athlete.get("/_api/v1/dashboard").await;
    assert_eq!(dash["checklist"]["visionListened"], true, "{dash}");
    assert_eq!(dash["checklist"]["breathingDone"], true, "{dash}");
    check(&app, &athlete, 0).await;

    app.clock().advance(-Duration::minutes(10));
    athlete = athlete.with_token(&app.fresh_token(&athlete.email).await);
    let (status, dash) = athlete.get("/_api/v1/dashboard").await;
    assert_eq!(status, StatusCode::OK, "{dash}");
    assert_eq!(
        dash["checklist"]["breathingDone"], false,
        "the breathing is later than now: {dash}"
    );
    assert_eq!(dash["checklist"]["visionListened"], true, "{dash}");
}
