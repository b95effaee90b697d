//! Regressions for what `scripts/fuzz-api` (schemathesis against the OpenAPI document) found.
//!
//! U+0000 in text: PostgreSQL's text cannot hold it, so a NUL in a body field was a 500 on
//! PostgreSQL (and stored as sent on SQLite), and one in an id of a path or query was a 500 where
//! SQLite answered 404. Now a body with one is a 400 and an id with one names nothing (404), on
//! both databases.
//!
//! The document also said that `sessionid` could be left out and that `limit` was any text.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::support::TestApp;

const NUL_REFUSED: &str = "Text cannot contain the NUL character (U+0000).";

fn daily_action(r1: &str) -> Value {
    json!({ "r1": r1, "r2": "b", "r3": 5, "q1": "x", "q2": "x", "q3": "x", "q4": "x", "q5": "x", "q6": "x" })
}

#[tokio::test]
async fn text_with_a_nul_character_is_refused_with_400_and_not_stored() {
    let app = TestApp::spawn().await;
    let ann = app.with_paid_user("ann@example.com").await;
    let nul = "a\u{0}b";
    let cases = [
        ("/_api/v1/userinput/dailyaction", daily_action(nul)),
        (
            "/_api/v1/userinput/weeklymap",
            json!({ "first": true, "q6": nul, "q7": "x", "q8": "x", "q9": "x", "q10": "x", "q11": "x" }),
        ),
        (
            "/_api/v1/userinput/athleticvision",
            json!({ "q1": nul, "q2": "x", "q3": "x", "q4": "x", "q5": "x", "q6": "x", "q7": "x", "q8": "x", "q9": "x" }),
        ),
        (
            "/_api/v1/userinput/athleticvision/single/1",
            json!({ "text": nul }),
        ),
        // In a field name too: no part of a body may carry one.
        (
            "/_api/v1/practice/events",
            json!({ "kind": "vision_listened", "x\u{0}": 1 }),
        ),
    ];
    for (path, body) in cases {
        let (status, answer) = ann.post(path, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "POST {path}: {answer}");
        assert_eq!(answer["code"], "bad_request", "POST {path}");
        assert_eq!(answer["message"], NUL_REFUSED, "POST {path}");
    }
    for table in ["daily_actions", "weekly_maps", "practice_events"] {
        assert_eq!(app.count(table).await, 0, "{table}");
    }

    // A backslash followed by `u0000` is ordinary text.
    let text = "C:\\u0000";
    let (status, answer) = ann
        .post("/_api/v1/userinput/dailyaction", daily_action(text))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["r1"], text);
}

#[tokio::test]
async fn an_id_with_a_nul_character_names_nothing() {
    let app = TestApp::spawn().await;
    let ann = app.with_paid_user("ann@example.com").await;
    let pay =
        json!({ "cardNumber": "4242424242424242", "expMonth": 12, "expYear": 2040, "cvc": "123" });
    let cases = [
        (Method::GET, "/_api/v1/userinput/dailyaction/a%00b", None),
        (Method::GET, "/_api/v1/userinput/weeklymap/a%00b", None),
        (Method::GET, "/_api/v1/dailylogs/a%00b", None),
        (Method::GET, "/_api/v1/localpay/checkout/a%00b", None),
        (
            Method::POST,
            "/_api/v1/localpay/checkout/a%00b/pay",
            Some(pay),
        ),
        (
            Method::PUT,
            "/_api/v1/stripe/updatedefaultpaymentmethod/a%00b",
            None,
        ),
    ];
    for (method, path, body) in cases {
        let (status, answer) = ann.request(method.clone(), path, body).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{method} {path}: {answer}");
        assert_eq!(answer["code"], "not_found", "{method} {path}");
    }
    // In the query a NUL is a value no field takes (issue 26: it used to answer 404 here, and
    // 500 on PostgreSQL elsewhere).
    for path in [
        "/_api/v1/stripe/subscriptionsuccess?sessionid=a%00b",
        "/_api/v1/stripe/subscriptionsuccess-result?sessionid=a%00b",
    ] {
        let (status, answer) = ann.request(Method::POST, path, None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "POST {path}: {answer}");
        assert_eq!(answer["code"], "bad_request", "POST {path}");
    }
}

/// The document told schemathesis that `sessionid` may be left out (the server answers 400
/// without it) and that `limit` is any text (the server takes a whole number from 1 to 100).
#[tokio::test]
async fn the_document_says_which_query_parameters_are_required_and_what_they_take() {
    let app = TestApp::spawn().await;
    let doc: Value = app.get_public_json("/_api/v1/openapi.json").await;
    let param = |path: &str, method: &str, name: &str| -> Value {
        doc["paths"][path][method]["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap_or_else(|| panic!("{method} {path}: no {name}"))
            .clone()
    };
    for path in [
        "/stripe/subscriptionsuccess",
        "/stripe/subscriptionsuccess-result",
    ] {
        let sessionid = param(path, "post", "sessionid");
        assert_eq!(sessionid["required"], true, "{path}: {sessionid}");
        assert_eq!(sessionid["schema"]["type"], "string", "{path}: {sessionid}");
    }
    for path in [
        "/userinput/dailyaction",
        "/userinput/weeklymap",
        "/dailylogs",
    ] {
        let limit = param(path, "get", "limit");
        assert_eq!(limit["required"], false, "{path}: {limit}");
        assert_eq!(limit["schema"]["type"], "integer", "{path}: {limit}");
        assert_eq!(limit["schema"]["minimum"], 1, "{path}: {limit}");
        assert_eq!(limit["schema"]["maximum"], 100, "{path}: {limit}");
    }
}
