//! The athlete's own data: the export holds everything, deletion leaves no row behind.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use swaz::db::DbKind;

use crate::support::TestApp;
use crate::test_user::TestUser;

fn nine(prefix: &str) -> Value {
    let mut body = serde_json::Map::new();
    for i in 1..=9 {
        body.insert(format!("q{i}"), json!(format!("{prefix} answer {i}")));
    }
    Value::Object(body)
}

/// A paid athlete with a vision (two versions), a daily action, a first weekly map, a practice
/// event and reminders on.
async fn athlete_with_everything(app: &TestApp, email: &str) -> TestUser {
    let athlete = app.with_paid_user(email).await;
    for prefix in ["first", "second"] {
        let (status, _) = athlete
            .post("/_api/v1/userinput/athleticvision", nine(prefix))
            .await;
        assert_eq!(status, StatusCode::OK);
    }
    let daily = json!({"r1": "wins", "r2": "lesson", "r3": 7, "q1": "o1", "q2": "o2", "q3": "o3",
        "q4": "mind", "q5": "body", "q6": "soul"});
    assert_eq!(
        athlete
            .post("/_api/v1/userinput/dailyaction", daily)
            .await
            .0,
        StatusCode::CREATED
    );
    let weekly = json!({"first": true, "q6": "w1", "q7": "w2", "q8": "w3", "q9": "mind", "q10": "body", "q11": "soul"});
    assert_eq!(
        athlete.post("/_api/v1/userinput/weeklymap", weekly).await.0,
        StatusCode::CREATED
    );
    let event = json!({"kind": "breathing_done"});
    assert_eq!(
        athlete.post("/_api/v1/practice/events", event).await.0,
        StatusCode::CREATED
    );
    let settings = json!({"dailyReminder": true, "dailyReminderTime": "00:00", "timeZone": "UTC",
        "weeklyMapReminder": true, "liveCallReminder": true, "productNews": true});
    assert_eq!(
        athlete
            .put("/_api/v1/notificationsettings", settings)
            .await
            .0,
        StatusCode::OK
    );
    athlete
}

#[tokio::test]
async fn the_export_holds_everything_the_athlete_saved() {
    let app = TestApp::spawn().await;
    let ann = athlete_with_everything(&app, "ann@example.com").await;
    let res = app
        .get_auth("/_api/v1/account/export", &ann.token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let export: Value = res.json().await.unwrap();
    assert_eq!(export["profile"]["id"], ann.id.as_str());
    assert_eq!(export["profile"]["email"], "ann@example.com");
    assert_eq!(export["profile"]["roles"], json!(["PAID"]));
    assert_eq!(export["vision"]["answers"][8], "second answer 9");
    // Saves in one sitting make one version of the history.
    assert_eq!(export["visionHistory"][0]["q1"], "second answer 1");
    assert_eq!(export["dailyActions"][0]["r1"], "wins");
    assert_eq!(export["weeklyMaps"][0]["q6"], "w1");
    let kinds: Vec<&str> = export["practiceEvents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    for kind in ["breathing_done", "daily_action_saved", "weekly_map_saved"] {
        assert!(kinds.contains(&kind), "{kind} in {kinds:?}");
    }
    assert_eq!(export["notificationSettings"]["productNews"], true);
    assert_eq!(export["invoices"], json!([]));
    let res = app
        .http
        .get(app.url("/_api/v1/account/export"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
}

/// Tables with a column naming a user, found in the schema so new tables are checked too.
async fn user_tables(app: &TestApp) -> Vec<(String, String)> {
    let sql = match app.state.db.kind() {
        DbKind::Sqlite => "SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p \
                           WHERE m.type = 'table' AND p.name IN ('user_id', 'created_by', 'result_user_id')",
        DbKind::Postgres => "SELECT table_name::text, column_name::text FROM information_schema.columns \
                             WHERE table_schema = 'public' AND column_name IN ('user_id', 'created_by', 'result_user_id')",
    };
    sqlx::query_as::<_, (String, String)>(sql)
        .fetch_all(app.state.db.pool())
        .await
        .unwrap()
}

#[tokio::test]
async fn deleting_the_account_leaves_no_row_of_the_athlete_not_even_queued_mail() {
    let app = TestApp::spawn().await;
    let ann = athlete_with_everything(&app, "ann@example.com").await;
    // Mail to the athlete waits in the outbox (a password-reset link here).
    app.post_json("/auth/v1/recover", json!({ "email": "ann@example.com" }))
        .await;
    let queued: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM mail_outbox WHERE to_addr = $1")
        .bind("ann@example.com")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert!(queued >= 1);
    let other = app.paid_user("ben@example.com").await;

    let (status, _) = ann
        .request(
            Method::DELETE,
            "/_api/v1/account",
            Some(json!({"confirmation": "delete me"})),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = ann
        .request(
            Method::DELETE,
            "/_api/v1/account",
            Some(json!({"confirmation": "DELETE"})),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);

    let tables = user_tables(&app).await;
    assert!(tables.len() >= 15, "{tables:?}");
    for (table, column) in tables {
        let left: i64 =
            sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table} WHERE {column} = $1"))
                .bind(&ann.id)
                .fetch_one(app.state.db.pool())
                .await
                .unwrap();
        assert_eq!(left, 0, "{table}.{column}");
    }
    let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE id = $1")
        .bind(&ann.id)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(users, 0);
    let mail: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM mail_outbox WHERE to_addr = $1")
        .bind("ann@example.com")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(mail, 0);
    let res = app
        .get_auth("/_api/v1/swazprofile", &ann.token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    // Someone else's data is untouched.
    let res = app
        .get_auth("/_api/v1/swazprofile", &other.1)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
}
