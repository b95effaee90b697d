//! Malformed requests get a 4xx whose message a person or a client author can act on, in words
//! of fields and values rather than the parser's own.

use serde_json::Value;

use crate::support::TestApp;

const PARSER_WORDS: [&str; 6] = [
    "variant",
    "struct",
    "expected",
    "at line",
    "column",
    "deserialize",
];

/// Sends `body` with `content_type`; asserts a 4xx with a plain-words message and answers it.
async fn refused(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    token: Option<&str>,
    content_type: &str,
    body: &str,
) -> String {
    let mut req = app
        .http
        .request(method.clone(), app.url(path))
        .header("content-type", content_type)
        .body(body.to_owned());
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    let res = req.send().await.unwrap();
    let status = res.status();
    let json: Value = res.json().await.unwrap();
    let message = json["message"]
        .as_str()
        .or_else(|| json["msg"].as_str())
        .unwrap_or_else(|| panic!("{method} {path}: no message in {json}"))
        .to_owned();
    assert!(
        status.is_client_error(),
        "{method} {path} {body:?}: {status} {message}"
    );
    for word in PARSER_WORDS {
        assert!(
            !message.to_lowercase().contains(word),
            "{method} {path} {body:?}: parser wording in {message:?}"
        );
    }
    message
}

#[tokio::test]
async fn wrong_shapes_types_and_missing_fields_are_named_in_plain_words() {
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    let t = Some(token.as_str());
    let json = "application/json";
    use reqwest::Method;

    let msg = refused(
        &app,
        Method::POST,
        "/_api/v1/stripe/cancelsubscription",
        t,
        json,
        "[]",
    )
    .await;
    assert_eq!(msg, "The request body must be a JSON object.");
    let msg = refused(
        &app,
        Method::POST,
        "/_api/v1/supabase/changepassword",
        t,
        json,
        "{}",
    )
    .await;
    assert_eq!(msg, "Field `password` is required.");
    let msg = refused(
        &app,
        Method::POST,
        "/_api/v1/supabase/changepassword",
        t,
        json,
        r#"{"password": 12345678901}"#,
    )
    .await;
    assert_eq!(msg, "Field `password` must be text (a JSON string).");
    let msg = refused(
        &app,
        Method::PUT,
        "/_api/v1/notificationsettings/gameday",
        t,
        json,
        r#"{"gameDay": "yes"}"#,
    )
    .await;
    assert!(msg.contains("gameDay"), "{msg}");
    let msg = refused(
        &app,
        Method::DELETE,
        "/_api/v1/account",
        t,
        json,
        r#"{"confirmation": ["DELETE"]}"#,
    )
    .await;
    assert!(msg.contains("DELETE"), "{msg}");
    let msg = refused(
        &app,
        Method::POST,
        "/_api/v1/practice/events",
        t,
        json,
        "{kind:",
    )
    .await;
    assert_eq!(msg, "The request body is not valid JSON.");
    let msg = refused(
        &app,
        Method::POST,
        "/_api/v1/practice/events",
        t,
        "text/plain",
        r#"{"kind": "breathing_done"}"#,
    )
    .await;
    assert!(msg.contains("Content-Type: application/json"), "{msg}");
    let msg = refused(
        &app,
        Method::GET,
        "/_api/v1/practice/events?days=lots",
        t,
        json,
        "",
    )
    .await;
    assert_eq!(msg, "Query parameter `days` must be a number.");
}

#[tokio::test]
async fn identity_endpoints_name_the_wrong_field_too() {
    let app = TestApp::spawn().await;
    use reqwest::Method;
    let json = "application/json";
    let msg = refused(
        &app,
        Method::POST,
        "/auth/v1/token?grant_type=password",
        None,
        json,
        r#"{"email": 5, "password": "x"}"#,
    )
    .await;
    assert_eq!(msg, "Field `email` must be text (a JSON string).");
    let msg = refused(&app, Method::POST, "/auth/v1/recover", None, json, "[1, 2]").await;
    assert_eq!(msg, "The request body must be a JSON object.");
    let msg = refused(
        &app,
        Method::POST,
        "/auth/v1/signup",
        None,
        json,
        "{} trailing",
    )
    .await;
    assert_eq!(msg, "Could not read the request body as JSON.");
}
