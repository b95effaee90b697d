//! The morning check-in (issue 27): one per local day, replaced when saved again that day,
//! counted as practice, listed for the trends, exported and deleted with the account.

use chrono::{DateTime, Duration, Utc};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::support::TestApp;

const CHECKIN: &str = "/_api/v1/checkin";
const DASHBOARD: &str = "/_api/v1/dashboard";
const TIME_ZONE: &str = "/_api/v1/swazprofile/timezone";

fn at(rfc3339: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(rfc3339)
        .unwrap()
        .with_timezone(&Utc)
}

fn checkin(n: i64) -> Value {
    json!({ "sleep": n, "energy": n, "mood": n, "stress": n, "confidence": n })
}

fn message(body: &Value) -> &str {
    body["message"].as_str().unwrap_or_default()
}

async fn list(app: &TestApp, token: &str, days: i64) -> Value {
    let (status, body) = app.get_as(token, &format!("{CHECKIN}?days={days}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

fn dates(list: &Value) -> Vec<&str> {
    list["checkins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["date"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn a_check_in_is_saved_with_its_scores_and_trimmed_note() {
    let app = TestApp::spawn().await;
    app.clock().set(at("2026-11-24T07:00:00Z"));
    let (_, token) = app.paid_user("ann@example.com").await;
    let (status, saved) = app
        .post_as(
            &token,
            CHECKIN,
            json!({ "sleep": 4, "energy": 3, "mood": "5", "stress": 2, "confidence": 1,
                    "note": "  Slept <b>badly</b> before the match.  " }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{saved}");
    assert_eq!(saved["date"], "2026-11-24");
    assert_eq!(
        (
            &saved["sleep"],
            &saved["energy"],
            &saved["mood"],
            &saved["stress"],
            &saved["confidence"]
        ),
        (&json!(4), &json!(3), &json!(5), &json!(2), &json!(1))
    );
    assert_eq!(saved["note"], "Slept <b>badly</b> before the match.");
    let listed = list(&app, &token, 1).await;
    assert_eq!(listed["today"], "2026-11-24");
    assert_eq!(listed["checkins"][0], saved);

    // Without a note, and a blank one, the note is null.
    let (status, saved) = app
        .post_as(&token, CHECKIN, json!({ "sleep": 1, "energy": 1, "mood": 1, "stress": 1, "confidence": 1, "note": "   " }))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(saved["note"], Value::Null);
}

#[tokio::test]
async fn a_second_check_in_the_same_local_day_replaces_the_first_across_utc_midnight() {
    let app = TestApp::spawn().await;
    // 22:00 in Los Angeles on the 23rd is 06:00 UTC on the 24th.
    app.clock().set(at("2026-11-24T06:00:00Z"));
    let (_, token) = app.paid_user("ann@example.com").await;
    let (status, _) = app
        .put_as(
            &token,
            TIME_ZONE,
            json!({ "timeZone": "America/Los_Angeles" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, first) = app.post_as(&token, CHECKIN, checkin(2)).await;
    assert_eq!(status, StatusCode::CREATED, "{first}");
    assert_eq!(
        first["date"], "2026-11-23",
        "the athlete's own day, not UTC's"
    );

    // An hour later it is still the 23rd in Los Angeles: the check-in is replaced.
    app.clock().advance(Duration::hours(1));
    let token = app.fresh_token("ann@example.com").await;
    let (status, second) = app
        .post_as(&token, CHECKIN, json!({ "sleep": 5, "energy": 4, "mood": 4, "stress": 1, "confidence": 5, "note": "better" }))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{second}");
    assert_eq!(second["id"], first["id"]);
    assert_eq!(second["date"], "2026-11-23");
    assert_eq!(second["sleep"], 5);
    assert_eq!(second["note"], "better");
    assert_eq!(second["createdAt"], first["createdAt"]);
    assert_ne!(second["updatedAt"], first["updatedAt"]);
    assert_eq!(app.count("checkins").await, 1);
    assert_eq!(dates(&list(&app, &token, 7).await), ["2026-11-23"]);

    // Past midnight in Los Angeles (08:00 UTC): a new day, a new check-in.
    app.clock().set(at("2026-11-24T08:30:00Z"));
    let token = app.fresh_token("ann@example.com").await;
    let (status, third) = app.post_as(&token, CHECKIN, checkin(3)).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(third["date"], "2026-11-24");
    assert_ne!(third["id"], first["id"]);
    assert_eq!(
        dates(&list(&app, &token, 7).await),
        ["2026-11-24", "2026-11-23"]
    );
}

#[tokio::test]
async fn days_lists_that_many_local_days_newest_first_and_is_bounded() {
    let app = TestApp::spawn().await;
    app.clock().set(at("2026-11-01T12:00:00Z"));
    let (_, mut token) = app.paid_user("ann@example.com").await;
    for n in 0..10 {
        let (status, _) = app.post_as(&token, CHECKIN, checkin(n % 5 + 1)).await;
        assert_eq!(status, StatusCode::CREATED);
        if n < 9 {
            app.clock().advance(Duration::days(1));
            token = app.fresh_token("ann@example.com").await;
        }
    }
    // Ten check-ins, 1 to 10 November; today is the 10th.
    let all = list(&app, &token, 366).await;
    assert_eq!(all["today"], "2026-11-10");
    let listed = dates(&all);
    assert_eq!(listed.len(), 10);
    assert_eq!(listed[0], "2026-11-10");
    assert_eq!(listed[9], "2026-11-01");
    assert!(listed.windows(2).all(|w| w[0] > w[1]), "newest first");
    assert_eq!(dates(&list(&app, &token, 1).await), ["2026-11-10"]);
    assert_eq!(
        dates(&list(&app, &token, 3).await),
        ["2026-11-10", "2026-11-09", "2026-11-08"]
    );
    let (status, default) = app.get_as(&token, CHECKIN).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(dates(&default).len(), 10, "28 days by default");

    for bad in ["0", "367", "-1", "seven", "2.5"] {
        let (status, err) = app.get_as(&token, &format!("{CHECKIN}?days={bad}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(
            message(&err),
            "days must be a whole number from 1 to 366.",
            "{bad}"
        );
    }
}

/// Saves a check-in for `email` at `moment`, in the zone they set.
async fn check_in_at(app: &TestApp, email: &str, moment: &str) {
    app.clock().set(at(moment));
    let token = app.fresh_token(email).await;
    let (status, body) = app.post_as(&token, CHECKIN, checkin(3)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

#[tokio::test]
async fn the_listed_days_are_the_athletes_own_a_day_east_and_west_of_utc() {
    let app = TestApp::spawn().await;
    for (email, zone) in [
        ("kiri@example.com", "Pacific/Kiritimati"),
        ("pago@example.com", "Pacific/Pago_Pago"),
    ] {
        let (_, token) = app.paid_user(email).await;
        let (status, _) = app
            .put_as(&token, TIME_ZONE, json!({ "timeZone": zone }))
            .await;
        assert_eq!(status, StatusCode::OK);
    }

    // Kiritimati is UTC+14: at 12:00 UTC it is 02:00 the next day there. Check-ins on the 8th,
    // 9th and 11th of November, none on the 10th.
    for moment in [
        "2026-11-07T12:00:00Z",
        "2026-11-08T12:00:00Z",
        "2026-11-10T12:00:00Z",
    ] {
        check_in_at(&app, "kiri@example.com", moment).await;
    }
    let token = app.fresh_token("kiri@example.com").await;
    let two = list(&app, &token, 2).await;
    assert_eq!(two["today"], "2026-11-11");
    assert_eq!(dates(&two), ["2026-11-11"], "the 10th and 11th only");
    assert_eq!(
        dates(&list(&app, &token, 3).await),
        ["2026-11-11", "2026-11-09"]
    );
    assert_eq!(
        dates(&list(&app, &token, 4).await),
        ["2026-11-11", "2026-11-09", "2026-11-08"]
    );

    // Pago Pago is UTC-11: at 05:00 UTC it is 18:00 the day before there. Check-ins on the 7th
    // and 9th.
    for moment in ["2026-11-08T05:00:00Z", "2026-11-10T05:00:00Z"] {
        check_in_at(&app, "pago@example.com", moment).await;
    }
    let token = app.fresh_token("pago@example.com").await;
    let two = list(&app, &token, 2).await;
    assert_eq!(two["today"], "2026-11-09");
    assert_eq!(dates(&two), ["2026-11-09"], "the 8th and 9th only");
    assert_eq!(
        dates(&list(&app, &token, 3).await),
        ["2026-11-09", "2026-11-07"]
    );
}

#[tokio::test]
async fn bad_check_ins_get_a_sentence_naming_what_to_fix() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    for measure in ["sleep", "energy", "mood", "stress", "confidence"] {
        for bad in [json!(0), json!(6), json!(3.5), json!("great"), json!(true)] {
            let mut body = checkin(3);
            body[measure] = bad.clone();
            let (status, err) = app.post_as(&token, CHECKIN, body).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{measure} {bad}");
            assert_eq!(
                message(&err),
                format!("{measure} must be a whole number from 1 to 5."),
                "{measure} {bad}"
            );
        }
        let mut body = checkin(3);
        body.as_object_mut().unwrap().remove(measure);
        let (status, err) = app.post_as(&token, CHECKIN, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            message(&err),
            format!("Please rate {measure} from 1 to 5 before saving.")
        );
    }
    let mut long = checkin(3);
    long["note"] = json!("x".repeat(501));
    let (status, err) = app.post_as(&token, CHECKIN, long).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        message(&err),
        "note is too long: keep it to 500 characters."
    );
    let mut not_text = checkin(3);
    not_text["note"] = json!(["a"]);
    let (status, err) = app.post_as(&token, CHECKIN, not_text).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(message(&err), "note must be text.");
    let (status, err) = app.post_as(&token, CHECKIN, json!([1, 2])).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(message(&err).starts_with("Send the check-in as a JSON object"));
    assert_eq!(app.count("checkins").await, 0, "nothing bad was saved");
}

#[tokio::test]
async fn checking_in_needs_a_membership_and_reading_needs_a_sign_in() {
    let app = TestApp::spawn().await;
    let res = app.http.get(app.url(CHECKIN)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    let res = app
        .http
        .post(app.url(CHECKIN))
        .json(&checkin(3))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);

    let (_, unpaid, _) = app.signed_in_user("ann@example.com").await;
    let (status, err) = app.post_as(&unpaid, CHECKIN, checkin(3)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(err["code"], "forbidden");
    assert_eq!(app.count("checkins").await, 0);
    // Reading one's own (empty) check-ins needs only a sign-in.
    let listed = list(&app, &unpaid, 7).await;
    assert_eq!(listed["checkins"], json!([]));

    // Each athlete sees only their own.
    let (_, ben) = app.paid_user("ben@example.com").await;
    let (status, _) = app.post_as(&ben, CHECKIN, checkin(4)).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(list(&app, &unpaid, 7).await["checkins"], json!([]));
    assert_eq!(dates(&list(&app, &ben, 7).await).len(), 1);
}

#[tokio::test]
async fn a_check_in_counts_once_a_day_for_the_streak_and_the_calendar() {
    let app = TestApp::spawn().await;
    app.clock().set(at("2026-11-23T07:00:00Z"));
    let (_, token) = app.paid_user("ann@example.com").await;
    let (status, _) = app.post_as(&token, CHECKIN, checkin(3)).await;
    assert_eq!(status, StatusCode::CREATED);
    app.clock().advance(Duration::days(1));
    let token = app.fresh_token("ann@example.com").await;
    for n in [2, 4, 5] {
        let (status, _) = app.post_as(&token, CHECKIN, checkin(n)).await;
        assert_eq!(status, StatusCode::CREATED);
    }
    let board = app.get_json(DASHBOARD, &token).await;
    assert_eq!(board["today"], "2026-11-24");
    assert_eq!(board["streakDays"], 2, "checking in two days running");
    let heatmap = board["heatmap"].as_array().unwrap();
    assert_eq!(heatmap[83]["date"], "2026-11-24");
    assert_eq!(
        heatmap[83]["count"], 1,
        "saving again the same day counts once"
    );
    assert_eq!(heatmap[82]["count"], 1);
    let events = app
        .get_json("/_api/v1/practice/events?days=7", &token)
        .await;
    let kinds: Vec<&str> = events["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["checkin_saved", "checkin_saved"]);
}

#[tokio::test]
async fn check_ins_are_exported_and_deleted_with_the_account() {
    let app = TestApp::spawn().await;
    let ann = app.with_paid_user("ann@example.com").await;
    let (status, _) = ann
        .request(
            Method::POST,
            CHECKIN,
            Some(json!({ "sleep": 4, "energy": 4, "mood": 4, "stress": 2, "confidence": 5, "note": "ready" })),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, ben) = app.paid_user("ben@example.com").await;
    let (status, _) = app.post_as(&ben, CHECKIN, checkin(3)).await;
    assert_eq!(status, StatusCode::CREATED);

    let export = app.get_json("/_api/v1/account/export", &ann.token).await;
    let checkins = export["checkins"].as_array().unwrap();
    assert_eq!(checkins.len(), 1);
    assert_eq!(checkins[0]["note"], "ready");
    assert_eq!(checkins[0]["confidence"], 5);

    let (status, _) = ann
        .request(
            Method::DELETE,
            "/_api/v1/account",
            Some(json!({"confirmation": "DELETE"})),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM checkins WHERE user_id = $1")
        .bind(&ann.id)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(left, 0);
    assert_eq!(app.count("checkins").await, 1, "Ben's check-in stays");
}
