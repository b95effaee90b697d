//! Daily actions, weekly maps, the "recent" calls of SPEC §7 and the daily logs.

use chrono::Duration;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::TestApp;

const DAILY: &str = "/_api/v1/userinput/dailyaction";
const WEEKLY: &str = "/_api/v1/userinput/weeklymap";
const RECENT_BOTH: &str = "/_api/v1/userinput/weeklymapdailyobjectivesrecent";
const RECENT_WEEKLY: &str = "/_api/v1/userinput/weeklymaprecent";
const LOGS: &str = "/_api/v1/dailylogs";
const EVENTS: &str = "/_api/v1/practice/events";

/// A complete daily action whose answers all mention `tag`.
pub(crate) fn daily(tag: &str) -> Value {
    json!({
        "r1": format!("{tag} wins"), "r2": format!("{tag} lesson"), "r3": 7,
        "q1": format!("{tag} objective 1"), "q2": format!("{tag} objective 2"),
        "q3": format!("{tag} objective 3"), "q4": format!("{tag} mind"),
        "q5": format!("{tag} body"), "q6": format!("{tag} soul"),
    })
}

/// A complete weekly map (review and plan) whose answers all mention `tag`.
pub(crate) fn weekly(tag: &str) -> Value {
    json!({
        "q1": format!("{tag} biggest win"), "q2": format!("{tag} lesson"),
        "q3": format!("{tag} differently"), "q4": 8, "q5": format!("{tag} grateful"),
        "q6": format!("{tag} objective 1"), "q7": format!("{tag} objective 2"),
        "q8": format!("{tag} objective 3"), "q9": format!("{tag} mind"),
        "q10": format!("{tag} body"), "q11": format!("{tag} soul"),
    })
}

/// Only the plan of a weekly map, as a first map sends it.
fn weekly_plan_only(tag: &str) -> Value {
    let mut body = weekly(tag);
    for key in ["q1", "q2", "q3", "q4", "q5"] {
        body.as_object_mut().unwrap().remove(key);
    }
    body
}

/// Saves and answers the new entry's id, asserting the save worked.
pub(crate) async fn save(app: &TestApp, token: &str, path: &str, body: Value) -> String {
    let (status, saved) = app.post_as(token, path, body).await;
    assert_eq!(status, StatusCode::CREATED, "{saved}");
    saved["id"].as_str().unwrap().to_owned()
}

fn message(body: &Value) -> &str {
    body["message"].as_str().unwrap_or_default()
}

async fn event_kinds(app: &TestApp, token: &str) -> Vec<String> {
    let (status, body) = app.get_as(token, EVENTS).await;
    assert_eq!(status, StatusCode::OK);
    body["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_paid_athlete_saves_a_daily_action_and_reads_it_back_trimmed() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    let mut body = daily("Monday");
    body["r1"] = json!("  Won every sprint. \n");
    body["r3"] = json!("9");
    let (status, saved) = app.post_as(&token, DAILY, body).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(saved["r1"], "Won every sprint.");
    assert_eq!(
        saved["r3"], 9,
        "a rating sent as digits is kept as a number"
    );
    assert_eq!(saved["q5"], "Monday body");
    assert!(saved["createdAt"].as_str().unwrap().ends_with('Z'));
    let id = saved["id"].as_str().unwrap();

    let (status, read) = app.get_as(&token, &format!("{DAILY}/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(read, saved);
    let (status, list) = app.get_as(&token, DAILY).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["dailyActions"], json!([saved]));
}

#[tokio::test]
async fn every_daily_action_answer_is_required_and_named_when_missing() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    let labels = [
        ("r1", "Today's wins"),
        ("r2", "What I learned today"),
        ("q1", "Vision objective 1"),
        ("q2", "Vision objective 2"),
        ("q3", "Vision objective 3"),
        ("q4", "Mind"),
        ("q5", "Body"),
        ("q6", "Soul"),
    ];
    for (key, label) in labels {
        let expected = format!("Please answer '{label}' before saving.");
        let mut missing = daily("x");
        missing.as_object_mut().unwrap().remove(key);
        let (status, err) = app.post_as(&token, DAILY, missing).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{key} missing");
        assert_eq!(message(&err), expected, "{key} missing");
        let mut blank = daily("x");
        blank[key] = json!("   \n ");
        let (status, err) = app.post_as(&token, DAILY, blank).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{key} blank");
        assert_eq!(message(&err), expected, "{key} blank");
    }
    let mut no_rating = daily("x");
    no_rating.as_object_mut().unwrap().remove("r3");
    let (status, err) = app.post_as(&token, DAILY, no_rating).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        message(&err),
        "Please rate 'How present I was today' from 1 to 10 before saving."
    );
    let mut number_for_text = daily("x");
    number_for_text["q4"] = json!(42);
    let (status, err) = app.post_as(&token, DAILY, number_for_text).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(message(&err), "'Mind' must be text.");

    assert_eq!(app.count("daily_actions").await, 0);
    assert_eq!(app.count("practice_events").await, 0);
    assert_eq!(app.get_as(&token, DAILY).await.1["dailyActions"], json!([]));
}

#[tokio::test]
async fn how_present_i_was_must_be_a_whole_number_from_one_to_ten() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    for bad in [json!(0), json!(11), json!("seven"), json!(7.5), json!(-1)] {
        let mut body = daily("x");
        body["r3"] = bad.clone();
        let (status, err) = app.post_as(&token, DAILY, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "r3 = {bad}");
        assert_eq!(
            message(&err),
            "'How present I was today' must be a whole number from 1 to 10.",
            "r3 = {bad}"
        );
    }
    assert_eq!(app.count("daily_actions").await, 0);
    for good in [1, 10] {
        let mut body = daily("x");
        body["r3"] = json!(good);
        let (status, saved) = app.post_as(&token, DAILY, body).await;
        assert_eq!(status, StatusCode::CREATED);
        assert_eq!(saved["r3"], good);
    }
    assert_eq!(app.count("daily_actions").await, 2);
}

#[tokio::test]
async fn an_answer_longer_than_five_thousand_characters_is_refused() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    let mut body = daily("x");
    body["q6"] = json!("é".repeat(5_000));
    assert_eq!(
        app.post_as(&token, DAILY, body).await.0,
        StatusCode::CREATED
    );
    let mut body = daily("x");
    body["q6"] = json!("é".repeat(5_001));
    let (status, err) = app.post_as(&token, DAILY, body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        message(&err),
        "'Soul' is too long: keep it under 5,000 characters."
    );
    assert_eq!(app.count("daily_actions").await, 1);
}

#[tokio::test]
async fn a_body_that_is_not_an_object_is_refused_with_a_sentence() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    for path in [DAILY, WEEKLY] {
        for body in [json!([1, 2]), json!("r1"), json!(null)] {
            let (status, err) = app.post_as(&token, path, body.clone()).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {body}");
            assert!(
                message(&err).starts_with("Send the answers as a JSON object"),
                "{path} {body}: {err}"
            );
        }
        let res = app
            .http
            .post(app.url(path))
            .bearer_auth(&token)
            .header("content-type", "application/json")
            .body("{\"r1\": ")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{path} broken JSON");
    }
    assert_eq!(app.count("daily_actions").await, 0);
    assert_eq!(app.count("weekly_maps").await, 0);
}

#[tokio::test]
async fn a_weekly_map_needs_its_review_unless_it_is_the_first() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    let (status, err) = app.post_as(&token, WEEKLY, weekly_plan_only("w1")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        message(&err),
        "Please answer 'This week's biggest win' before saving."
    );
    let mut not_first = weekly_plan_only("w1");
    not_first["first"] = json!(false);
    let (status, _) = app.post_as(&token, WEEKLY, not_first).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(app.count("weekly_maps").await, 0);

    let mut first = weekly_plan_only("w1");
    first["first"] = json!(true);
    first["q2"] = json!("  ");
    let (status, saved) = app.post_as(&token, WEEKLY, first).await;
    assert_eq!(status, StatusCode::CREATED, "{saved}");
    assert_eq!(saved["first"], true);
    for key in ["q1", "q2", "q3", "q4", "q5"] {
        assert_eq!(saved[key], Value::Null, "{key} of a first map is blank");
    }
    assert_eq!(saved["q6"], "w1 objective 1");
    assert_eq!(saved["q11"], "w1 soul");

    let mut second_first = weekly_plan_only("w2");
    second_first["first"] = json!(true);
    let (status, err) = app.post_as(&token, WEEKLY, second_first).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(message(&err).starts_with("Only your first weekly map may skip the review."));
    assert_eq!(app.count("weekly_maps").await, 1);

    let (status, saved) = app.post_as(&token, WEEKLY, weekly("w2")).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(saved["first"], false);
    assert_eq!(saved["q1"], "w2 biggest win");
    assert_eq!(saved["q4"], 8);
    let id = saved["id"].as_str().unwrap();
    let (status, read) = app.get_as(&token, &format!("{WEEKLY}/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(read, saved);
    assert_eq!(app.count("weekly_maps").await, 2);
}

#[tokio::test]
async fn every_weekly_map_answer_is_named_when_missing() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    let labels = [
        ("q1", "This week's biggest win"),
        ("q2", "This week's lesson"),
        ("q3", "What I will do differently"),
        ("q5", "What I am grateful for"),
        ("q6", "Vision objective 1"),
        ("q7", "Vision objective 2"),
        ("q8", "Vision objective 3"),
        ("q9", "Mind"),
        ("q10", "Body"),
        ("q11", "Soul"),
    ];
    for (key, label) in labels {
        let mut body = weekly("x");
        body[key] = json!("");
        let (status, err) = app.post_as(&token, WEEKLY, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{key}");
        assert_eq!(
            message(&err),
            format!("Please answer '{label}' before saving."),
            "{key}"
        );
    }
    let mut no_rating = weekly("x");
    no_rating.as_object_mut().unwrap().remove("q4");
    let (status, err) = app.post_as(&token, WEEKLY, no_rating).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        message(&err),
        "Please rate 'How closely I lived my vision' from 1 to 10 before saving."
    );
    // Even a first map must plan the week, and a rating it does give must be valid.
    let mut first = weekly_plan_only("x");
    first["first"] = json!(true);
    first["q9"] = json!(null);
    let (status, err) = app.post_as(&token, WEEKLY, first).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(message(&err), "Please answer 'Mind' before saving.");
    let mut first = weekly_plan_only("x");
    first["first"] = json!(true);
    first["q4"] = json!(12);
    let (status, err) = app.post_as(&token, WEEKLY, first).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        message(&err),
        "'How closely I lived my vision' must be a whole number from 1 to 10."
    );
    let mut first = weekly_plan_only("x");
    first["first"] = json!("yes");
    let (status, err) = app.post_as(&token, WEEKLY, first).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(message(&err), "'first' must be true or false.");
    assert_eq!(app.count("weekly_maps").await, 0);
    assert_eq!(app.count("practice_events").await, 0);
}

#[tokio::test]
async fn saving_needs_a_membership_and_reading_needs_a_sign_in() {
    let app = TestApp::spawn().await;
    let (_, unpaid, _) = app.signed_in_user("ann@example.com").await;
    let (status, err) = app.post_as(&unpaid, DAILY, daily("x")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(err["code"], "forbidden");
    let (status, _) = app.post_as(&unpaid, WEEKLY, weekly("x")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(app.count("daily_actions").await, 0);
    assert_eq!(app.count("weekly_maps").await, 0);
    assert_eq!(app.count("practice_events").await, 0);

    // An unpaid athlete still reads their (empty) logs.
    let (status, list) = app.get_as(&unpaid, DAILY).await;
    assert_eq!(
        (status, list),
        (StatusCode::OK, json!({ "dailyActions": [] }))
    );

    for path in [
        DAILY.to_owned(),
        WEEKLY.to_owned(),
        format!("{DAILY}/x"),
        format!("{WEEKLY}/x"),
        RECENT_BOTH.to_owned(),
        RECENT_WEEKLY.to_owned(),
        LOGS.to_owned(),
        format!("{LOGS}/x"),
    ] {
        let res = app.http.get(app.url(&path)).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "GET {path}");
    }
    for path in [DAILY, WEEKLY] {
        let res = app.post_json(path, daily("x")).await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "POST {path}");
    }
}

#[tokio::test]
async fn an_athlete_never_sees_another_athletes_entries() {
    let app = TestApp::spawn().await;
    let (_, ann) = app.paid_user("ann@example.com").await;
    let (_, bob) = app.paid_user("bob@example.com").await;
    let daily_id = save(&app, &ann, DAILY, daily("Ann")).await;
    let weekly_id = save(&app, &ann, WEEKLY, weekly("Ann")).await;

    for path in [
        format!("{DAILY}/{daily_id}"),
        format!("{WEEKLY}/{weekly_id}"),
        format!("{LOGS}/{daily_id}"),
        format!("{LOGS}/{weekly_id}"),
    ] {
        let (status, body) = app.get_as(&bob, &path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "Bob reading {path}");
        assert_eq!(body["code"], "not_found");
        assert!(!body.to_string().contains("Ann"), "{body}");
        assert_eq!(app.get_as(&ann, &path).await.0, StatusCode::OK, "{path}");
    }
    // A daily action's id is not a weekly map's, nor the other way round.
    assert_eq!(
        app.get_as(&ann, &format!("{WEEKLY}/{daily_id}")).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get_as(&ann, &format!("{DAILY}/{weekly_id}")).await.0,
        StatusCode::NOT_FOUND
    );

    assert_eq!(
        app.get_as(&bob, DAILY).await.1,
        json!({ "dailyActions": [] })
    );
    assert_eq!(
        app.get_as(&bob, WEEKLY).await.1,
        json!({ "weeklyMaps": [] })
    );
    assert_eq!(
        app.get_as(&bob, LOGS).await.1,
        json!({ "entries": [], "nextBefore": null })
    );
    assert_eq!(app.get_as(&bob, RECENT_BOTH).await.0, StatusCode::NOT_FOUND);
    assert_eq!(
        app.get_as(&bob, RECENT_WEEKLY).await.0,
        StatusCode::NOT_FOUND
    );
    assert!(event_kinds(&app, &bob).await.is_empty());
}

#[tokio::test]
async fn lists_are_newest_first_and_honour_their_limit() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    for day in 1..=3 {
        save(&app, &token, DAILY, daily(&format!("Day {day}"))).await;
        save(&app, &token, WEEKLY, weekly(&format!("Week {day}"))).await;
        app.clock().advance(Duration::minutes(5));
    }
    let (status, list) = app.get_as(&token, DAILY).await;
    assert_eq!(status, StatusCode::OK);
    let wins: Vec<_> = list["dailyActions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["r1"].as_str().unwrap())
        .collect();
    assert_eq!(wins, ["Day 3 wins", "Day 2 wins", "Day 1 wins"]);
    let (_, list) = app.get_as(&token, &format!("{DAILY}?limit=2")).await;
    assert_eq!(list["dailyActions"].as_array().unwrap().len(), 2);
    assert_eq!(list["dailyActions"][0]["r1"], "Day 3 wins");

    let (_, maps) = app.get_as(&token, &format!("{WEEKLY}?limit=1")).await;
    assert_eq!(maps["weeklyMaps"].as_array().unwrap().len(), 1);
    assert_eq!(maps["weeklyMaps"][0]["q1"], "Week 3 biggest win");
    let (_, maps) = app.get_as(&token, &format!("{WEEKLY}?limit=100")).await;
    assert_eq!(maps["weeklyMaps"].as_array().unwrap().len(), 3);

    for path in [DAILY, WEEKLY, LOGS] {
        for bad in ["0", "101", "abc", "-1", "2.5"] {
            let (status, err) = app.get_as(&token, &format!("{path}?limit={bad}")).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{path}?limit={bad}");
            assert_eq!(
                message(&err),
                "limit must be a whole number from 1 to 100.",
                "{path}?limit={bad}"
            );
        }
    }
}

#[tokio::test]
async fn daily_logs_page_through_both_kinds_newest_first_without_repeats() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    // Oldest first: a first weekly map, then daily actions and another map.
    let mut first = weekly_plan_only("Week 1");
    first["first"] = json!(true);
    let mut saved = vec![(save(&app, &token, WEEKLY, first).await, "weeklyMap")];
    for (path, body, kind) in [
        (DAILY, daily("Mon"), "dailyAction"),
        (DAILY, daily("Tue"), "dailyAction"),
        (WEEKLY, weekly("Week 2"), "weeklyMap"),
        (DAILY, daily("Wed"), "dailyAction"),
    ] {
        app.clock().advance(Duration::minutes(7));
        saved.push((save(&app, &token, path, body).await, kind));
    }
    saved.reverse();

    let mut seen = vec![];
    let mut pages = vec![];
    let mut before: Option<String> = None;
    loop {
        let path = match &before {
            Some(b) => format!("{LOGS}?limit=2&before={}", urlencoding::encode(b)),
            None => format!("{LOGS}?limit=2"),
        };
        let (status, page) = app.get_as(&token, &path).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        let entries = page["entries"].as_array().unwrap();
        pages.push(entries.len());
        for e in entries {
            let kind = e["kind"].as_str().unwrap();
            let id = e["id"].as_str().unwrap().to_owned();
            match kind {
                "dailyAction" => {
                    assert_eq!(e["dailyAction"]["id"], id.as_str());
                    assert_eq!(e["weeklyMap"], Value::Null);
                    assert_eq!(e["createdAt"], e["dailyAction"]["createdAt"]);
                }
                "weeklyMap" => {
                    assert_eq!(e["weeklyMap"]["id"], id.as_str());
                    assert_eq!(e["dailyAction"], Value::Null);
                    assert_eq!(e["createdAt"], e["weeklyMap"]["createdAt"]);
                }
                other => panic!("unknown kind {other}"),
            }
            seen.push((id, kind.to_owned()));
        }
        match page["nextBefore"].as_str() {
            Some(next) => before = Some(next.to_owned()),
            None => break,
        }
        assert!(pages.len() < 10, "paging never ends");
    }
    assert_eq!(pages, [2, 2, 1]);
    let expected: Vec<_> = saved
        .iter()
        .map(|(id, k)| (id.clone(), (*k).to_owned()))
        .collect();
    assert_eq!(seen, expected, "every entry once, newest first");

    // The whole log in one page has no next page; one entry's detail names its kind.
    let (_, all) = app.get_as(&token, LOGS).await;
    assert_eq!(all["entries"].as_array().unwrap().len(), 5);
    assert_eq!(all["nextBefore"], Value::Null);
    let (_, four) = app.get_as(&token, &format!("{LOGS}?limit=4")).await;
    assert!(four["nextBefore"].is_string());
    let (_, newest) = app.get_as(&token, &format!("{LOGS}?limit=1")).await;
    assert_eq!(newest["entries"][0]["dailyAction"]["r1"], "Wed wins");
    let (id, _) = &saved[1];
    let (status, entry) = app.get_as(&token, &format!("{LOGS}/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(entry["kind"], "weeklyMap");
    assert_eq!(entry["weeklyMap"]["q1"], "Week 2 biggest win");
    let (id, _) = &saved[0];
    let (_, entry) = app.get_as(&token, &format!("{LOGS}/{id}")).await;
    assert_eq!(entry["kind"], "dailyAction");
    assert_eq!(entry["dailyAction"]["q6"], "Wed soul");
    let (status, _) = app.get_as(&token, &format!("{LOGS}/no-such-entry")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    for bad in ["yesterday", "12_", "abc_def", "_x"] {
        let (status, err) = app.get_as(&token, &format!("{LOGS}?before={bad}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "before={bad}");
        assert!(
            message(&err).starts_with("before must be the nextBefore of a previous page"),
            "before={bad}: {err}"
        );
    }
}

#[tokio::test]
async fn the_recent_calls_answer_the_newest_objectives_or_404() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    let (status, err) = app.get_as(&token, RECENT_BOTH).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(err["code"], "not_found");
    assert_eq!(
        app.get_as(&token, RECENT_WEEKLY).await.0,
        StatusCode::NOT_FOUND
    );

    save(&app, &token, DAILY, daily("Mon")).await;
    let (status, recent) = app.get_as(&token, RECENT_BOTH).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        recent,
        json!({
            "dailyObjectives": {
                "q1": "Mon objective 1", "q2": "Mon objective 2", "q3": "Mon objective 3",
                "q4": "Mon mind", "q5": "Mon body", "q6": "Mon soul",
            },
            "weeklyMap": null,
        })
    );
    assert_eq!(
        app.get_as(&token, RECENT_WEEKLY).await.0,
        StatusCode::NOT_FOUND,
        "a daily action is not a weekly map"
    );

    app.clock().advance(Duration::minutes(3));
    let mut first = weekly_plan_only("Week 1");
    first["first"] = json!(true);
    save(&app, &token, WEEKLY, first).await;
    app.clock().advance(Duration::minutes(3));
    save(&app, &token, WEEKLY, weekly("Week 2")).await;
    app.clock().advance(Duration::minutes(3));
    save(&app, &token, DAILY, daily("Tue")).await;

    let week_2 = json!({
        "q6": "Week 2 objective 1", "q7": "Week 2 objective 2", "q8": "Week 2 objective 3",
        "q9": "Week 2 mind", "q10": "Week 2 body", "q11": "Week 2 soul",
    });
    let (status, recent) = app.get_as(&token, RECENT_WEEKLY).await;
    assert_eq!((status, recent), (StatusCode::OK, week_2.clone()));
    let (_, recent) = app.get_as(&token, RECENT_BOTH).await;
    assert_eq!(recent["weeklyMap"], week_2);
    assert_eq!(recent["dailyObjectives"]["q1"], "Tue objective 1");
    assert_eq!(recent["dailyObjectives"]["q6"], "Tue soul");
}

#[tokio::test]
async fn only_a_weekly_map_makes_the_daily_objectives_null() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    save(&app, &token, WEEKLY, weekly("Week 1")).await;
    let (status, recent) = app.get_as(&token, RECENT_BOTH).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(recent["dailyObjectives"], Value::Null);
    assert_eq!(recent["weeklyMap"]["q10"], "Week 1 body");
}

#[tokio::test]
async fn saving_records_a_practice_event_and_a_refused_save_records_none() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    let mut bad = daily("x");
    bad["q5"] = json!("");
    assert_eq!(
        app.post_as(&token, DAILY, bad).await.0,
        StatusCode::BAD_REQUEST
    );
    assert!(event_kinds(&app, &token).await.is_empty());

    let (_, saved) = app.post_as(&token, DAILY, daily("x")).await;
    let (_, events) = app.get_as(&token, EVENTS).await;
    let events = events["events"].as_array().unwrap().clone();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0]["kind"], "daily_action_saved");
    assert_eq!(
        events[0]["createdAt"], saved["createdAt"],
        "the event is stamped with the save's own time"
    );

    app.clock().advance(Duration::minutes(1));
    save(&app, &token, WEEKLY, weekly("x")).await;
    assert_eq!(
        event_kinds(&app, &token).await,
        ["weekly_map_saved", "daily_action_saved"]
    );
    assert_eq!(app.count("daily_actions").await, 1);
    assert_eq!(app.count("weekly_maps").await, 1);
    assert_eq!(app.count("practice_events").await, 2);
}

#[tokio::test]
async fn entries_saved_in_the_same_millisecond_still_page_exactly_once() {
    let app = TestApp::spawn().await;
    let (id, token) = app.paid_user("ann@example.com").await;
    // Two devices saving at once: five entries share one timestamp, so only ids order them.
    let now = app.state.clock.now_ms();
    let mut conn = app.state.db.pool().acquire().await.unwrap();
    let mut ids = vec![];
    for i in 0..5 {
        let saved = if i % 2 == 0 {
            let input =
                swaz::planning::entries::DailyActionInput::parse(&daily(&format!("d{i}"))).unwrap();
            swaz::planning::storage::save_daily_action(&mut conn, &id, &input, now)
                .await
                .unwrap()
                .id
        } else {
            let input =
                swaz::planning::entries::WeeklyMapInput::parse(&weekly(&format!("w{i}"))).unwrap();
            swaz::planning::storage::save_weekly_map(&mut conn, &id, &input, now)
                .await
                .unwrap()
                .id
        };
        ids.push(saved);
    }
    drop(conn);

    let mut seen = vec![];
    let mut path = format!("{LOGS}?limit=2");
    loop {
        let (status, page) = app.get_as(&token, &path).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        for e in page["entries"].as_array().unwrap() {
            seen.push(e["id"].as_str().unwrap().to_owned());
        }
        match page["nextBefore"].as_str() {
            Some(next) => path = format!("{LOGS}?limit=2&before={}", urlencoding::encode(next)),
            None => break,
        }
        assert!(seen.len() <= 5, "{seen:?}");
    }
    let mut expected = ids.clone();
    expected.sort();
    expected.reverse();
    assert_eq!(seen, expected, "every entry once, in one stable order");
}
