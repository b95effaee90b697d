//! The Athletic Vision API and practice events.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::TestApp;

pub(crate) fn nine(prefix: &str) -> Value {
    let mut body = serde_json::Map::new();
    for i in 1..=9 {
        body.insert(format!("q{i}"), json!(format!("{prefix} answer {i}")));
    }
    Value::Object(body)
}

const VISION: &str = "/_api/v1/userinput/athleticvision";

#[tokio::test]
async fn a_vision_is_404_until_it_is_saved_and_needs_a_signed_in_athlete() {
    let app = TestApp::spawn().await;
    let res = app.http.get(app.url(VISION)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    let (_, token) = app.paid_user("ann@example.com").await;
    let (status, body) = app.get_as(&token, VISION).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        body,
        json!({ "code": "not_found", "message": "No Athletic Vision is saved yet." })
    );
}

#[tokio::test]
async fn a_paid_athlete_saves_nine_answers_and_reads_them_back_trimmed() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    let mut body = nine("First");
    body["q3"] = json!("   Ann plays in the WNBA.  \n");
    let (status, saved) = app.post_as(&token, VISION, body).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(saved["q3"], "Ann plays in the WNBA.");
    let (status, read) = app.get_as(&token, VISION).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(read["q1"], "First answer 1");
    assert_eq!(read["q3"], "Ann plays in the WNBA.");
    assert_eq!(read["q9"], "First answer 9");
}

#[tokio::test]
async fn every_answer_is_required_and_a_refused_save_changes_nothing() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    let mut body = nine("First");
    body["q5"] = json!("   ");
    let (status, err) = app.post_as(&token, VISION, body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(err["message"], "Please answer question 5 before saving.");
    let mut body = nine("First");
    body.as_object_mut().unwrap().remove("q9");
    let (_, err) = app.post_as(&token, VISION, body).await;
    assert_eq!(err["message"], "Please answer question 9 before saving.");
    let mut body = nine("First");
    body["q2"] = json!("x".repeat(10_001));
    let (status, err) = app.post_as(&token, VISION, body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        err["message"],
        "Answer 2 is too long: keep it under 10,000 characters."
    );
    assert_eq!(app.get_as(&token, VISION).await.0, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn writing_needs_a_membership_but_reading_ones_own_vision_does_not() {
    let app = TestApp::spawn().await;
    let (id, token) = app.paid_user("ann@example.com").await;
    app.post_as(&token, VISION, nine("Paid")).await;
    sqlx::query("UPDATE membership_grants SET revoked_at = 1 WHERE user_id = $1")
        .bind(&id)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    let (status, err) = app.post_as(&token, VISION, nine("Lapsed")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(err["message"]
        .as_str()
        .unwrap()
        .starts_with("Saving needs an active SWAZ membership."));
    let (status, err) = app
        .post_as(
            &token,
            &format!("{VISION}/single/1"),
            json!({ "text": "x" }),
        )
        .await;
    assert_eq!(
        (status, err["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("forbidden"))
    );
    let (status, read) = app.get_as(&token, VISION).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(read["q1"], "Paid answer 1");
}

#[tokio::test]
async fn single_steps_save_one_answer_each_and_complete_the_vision_at_step_nine() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    let (status, body) = app.get_as(&token, &format!("{VISION}/single/4")).await;
    assert_eq!((status, body), (StatusCode::OK, json!({ "data": null })));
    for step in 1..=8 {
        let (status, body) = app
            .post_as(
                &token,
                &format!("{VISION}/single/{step}"),
                json!({ "text": format!(" step {step} ") }),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body, json!({ "data": format!("step {step}") }));
    }
    let (status, body) = app.get_as(&token, VISION).await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "eight of nine is not a vision yet: {body}"
    );
    app.post_as(
        &token,
        &format!("{VISION}/single/9"),
        json!({ "text": "step 9" }),
    )
    .await;
    let (status, body) = app.get_as(&token, VISION).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["q9"], "step 9");
    assert_eq!(
        app.get_as(&token, &format!("{VISION}/single/4")).await.1,
        json!({ "data": "step 4" })
    );
}

#[tokio::test]
async fn a_step_outside_one_to_nine_or_an_empty_text_is_refused() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    for order in ["0", "10", "abc"] {
        let (status, body) = app
            .get_as(&token, &format!("{VISION}/single/{order}"))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(body["message"]
            .as_str()
            .unwrap()
            .starts_with("The step must be a number from 1 to 9"));
    }
    let (status, body) = app
        .post_as(&token, &format!("{VISION}/single/3"), json!({ "text": "" }))
        .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("Please answer question 3 before saving.")
        )
    );
    let (status, _) = app
        .post_as(&token, &format!("{VISION}/single/3"), json!({ "text": 42 }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn text_that_looks_like_html_is_stored_and_returned_verbatim() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    let tricky = "<script>alert('x')</script> & <b>bold</b> \"quoted\" '; DROP TABLE users; --";
    let mut body = nine("Plain");
    body["q7"] = json!(tricky);
    app.post_as(&token, VISION, body).await;
    assert_eq!(app.get_as(&token, VISION).await.1["q7"], tricky);
    app.post_as(
        &token,
        &format!("{VISION}/single/2"),
        json!({ "text": tricky }),
    )
    .await;
    assert_eq!(
        app.get_as(&token, &format!("{VISION}/single/2")).await.1["data"],
        tricky
    );
}

#[tokio::test]
async fn one_athletes_vision_never_reaches_another() {
    let app = TestApp::spawn().await;
    let (_, ann) = app.paid_user("ann@example.com").await;
    let (_, bob) = app.paid_user("bob@example.com").await;
    app.post_as(&ann, VISION, nine("Ann's")).await;
    assert_eq!(app.get_as(&bob, VISION).await.0, StatusCode::NOT_FOUND);
    assert_eq!(
        app.get_as(&bob, &format!("{VISION}/single/1")).await.1,
        json!({ "data": null })
    );
    assert_eq!(
        app.get_as(&bob, &format!("{VISION}/versions")).await.1,
        json!({ "versions": [] })
    );
}

/// Moves the clock on by `hours` and answers Ann's token after signing in again.
async fn later(app: &TestApp, hours: i64) -> String {
    app.clock().advance(chrono::Duration::hours(hours));
    app.fresh_token("ann@example.com").await
}

#[tokio::test]
async fn revising_the_vision_later_keeps_the_previous_versions() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    app.post_as(&token, VISION, nine("2025")).await;
    let token = later(&app, 24 * 200).await;
    app.post_as(&token, VISION, nine("2026")).await;
    let (status, body) = app.get_as(&token, &format!("{VISION}/versions")).await;
    assert_eq!(status, StatusCode::OK);
    let versions = body["versions"].as_array().unwrap();
    assert_eq!(versions.len(), 2);
    assert_eq!(
        (versions[0]["version"].as_i64(), versions[0]["q1"].as_str()),
        (Some(2), Some("2026 answer 1"))
    );
    assert_eq!(
        (versions[1]["version"].as_i64(), versions[1]["q1"].as_str()),
        (Some(1), Some("2025 answer 1"))
    );
    assert_eq!(app.get_as(&token, VISION).await.1["q1"], "2026 answer 1");
}

#[tokio::test]
async fn edits_in_one_sitting_refine_the_latest_version_instead_of_adding_more() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    app.post_as(&token, VISION, nine("Draft")).await;
    app.post_as(
        &token,
        &format!("{VISION}/single/3"),
        json!({ "text": "Sharper dream" }),
    )
    .await;
    app.post_as(
        &token,
        &format!("{VISION}/single/3"),
        json!({ "text": "Sharper dream" }),
    )
    .await;
    let versions = app.get_as(&token, &format!("{VISION}/versions")).await.1["versions"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(versions.len(), 1);
    assert_eq!(versions[0]["q3"], "Sharper dream");
    let token = later(&app, 2).await;
    app.post_as(
        &token,
        &format!("{VISION}/single/3"),
        json!({ "text": "Sharper dream" }),
    )
    .await;
    let versions = app.get_as(&token, &format!("{VISION}/versions")).await.1["versions"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(
        versions.len(),
        1,
        "saving an unchanged vision adds no version"
    );
}

#[tokio::test]
async fn practice_events_are_recorded_per_athlete() {
    let app = TestApp::spawn().await;
    let (_, ann) = app.paid_user("ann@example.com").await;
    let (_, bob) = app.paid_user("bob@example.com").await;
    for kind in ["vision_listened", "breathing_done"] {
        let (status, body) = app
            .post_as(&ann, "/_api/v1/practice/events", json!({ "kind": kind }))
            .await;
        assert_eq!(status, StatusCode::CREATED);
        assert_eq!(body["kind"], kind);
        assert!(body["createdAt"].as_str().unwrap().ends_with('Z'));
    }
    let (status, body) = app
        .post_as(
            &ann,
            "/_api/v1/practice/events",
            json!({ "kind": "napping" }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["message"],
        "kind must be one of vision_listened, breathing_done."
    );
    let events = app.get_as(&ann, "/_api/v1/practice/events").await.1;
    let kinds: Vec<_> = events["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(kinds.len(), 2);
    assert!(
        kinds.contains(&"vision_listened".to_owned())
            && kinds.contains(&"breathing_done".to_owned())
    );
    assert_eq!(
        app.get_as(&bob, "/_api/v1/practice/events").await.1,
        json!({ "events": [] })
    );
    let res = app
        .http
        .post(app.url("/_api/v1/practice/events"))
        .json(&json!({ "kind": "breathing_done" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
}

/// Lists every practice event of `token`'s athlete by following `next`; the pages' sizes and ids.
async fn all_event_pages(
    app: &TestApp,
    token: &str,
    limit: Option<i64>,
) -> (Vec<usize>, Vec<String>) {
    let mut sizes = Vec::new();
    let mut ids = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let mut path = "/_api/v1/practice/events?days=400".to_owned();
        if let Some(limit) = limit {
            path.push_str(&format!("&limit={limit}"));
        }
        if let Some(c) = &cursor {
            path.push_str(&format!("&cursor={}", urlencoding::encode(c)));
        }
        let (status, page) = app.get_as(token, &path).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        let events = page["events"].as_array().unwrap();
        sizes.push(events.len());
        ids.extend(events.iter().map(|e| e["id"].as_str().unwrap().to_owned()));
        match page["next"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => return (sizes, ids),
        }
        assert!(sizes.len() < 100, "paging does not end");
    }
}

#[tokio::test]
async fn more_than_five_thousand_practice_events_are_all_listed_page_by_page() {
    let app = TestApp::spawn().await;
    let (id, token) = app.paid_user("ann@example.com").await;
    let mut tx = app.state.db.begin_write().await.unwrap();
    let now = app.state.clock.now_ms();
    for i in 0..5_001 {
        swaz::practice::storage::record(
            &mut tx,
            &id,
            swaz::practice::PracticeKind::BreathingDone,
            now - i * 1000,
        )
        .await
        .unwrap();
    }
    tx.commit().await.unwrap();
    let (sizes, ids) = all_event_pages(&app, &token, None).await;
    assert_eq!(ids.len(), 5_001, "pages: {sizes:?}");
    let distinct: std::collections::HashSet<_> = ids.iter().collect();
    assert_eq!(distinct.len(), 5_001);
}

#[tokio::test]
async fn events_recorded_in_the_same_millisecond_are_neither_lost_nor_repeated_across_pages() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    for _ in 0..7 {
        let (status, _) = app
            .post_as(
                &token,
                "/_api/v1/practice/events",
                json!({ "kind": "breathing_done" }),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
    }
    let (sizes, ids) = all_event_pages(&app, &token, Some(3)).await;
    assert_eq!(sizes, vec![3, 3, 1]);
    let distinct: std::collections::HashSet<_> = ids.iter().collect();
    assert_eq!(distinct.len(), 7);

    let (status, body) = app
        .get_as(&token, "/_api/v1/practice/events?cursor=yesterday")
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["message"].as_str().unwrap().contains("cursor"));
}
