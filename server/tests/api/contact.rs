//! The public contact form: `POST /_api/v1/contact/message`.

use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::Row;

use crate::support::TestApp;

const CONTACT: &str = "/_api/v1/contact/message";
const OPERATOR: &str = "operator@swaz.test";

fn valid() -> Value {
    json!({
        "name": "Ann Athlete",
        "email": "Ann@Example.com",
        "subject": "Team plan question",
        "message": "Hello,\nhow many athletes does the team plan cover?",
    })
}

async fn refused_with(app: &TestApp, body: Value, expected: &str) {
    let (status, answer) = app.post_public(CONTACT, body.clone()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body} -> {answer}");
    assert_eq!(answer["code"], "bad_request");
    let message = answer["message"].as_str().unwrap();
    assert!(
        message.contains(expected),
        "{body}: expected {expected:?} in {message:?}"
    );
}

#[tokio::test]
async fn a_message_is_stored_and_mailed_to_the_operator_with_reply_to_the_sender() {
    let app = TestApp::spawn().await;
    let (status, answer) = app.post_public(CONTACT, valid()).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let id = answer["id"].as_str().unwrap();

    let row =
        sqlx::query("SELECT name, email, subject, message FROM contact_messages WHERE id = $1")
            .bind(id)
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
    assert_eq!(row.get::<String, _>("name"), "Ann Athlete");
    assert_eq!(row.get::<String, _>("email"), "ann@example.com");
    assert_eq!(row.get::<String, _>("subject"), "Team plan question");
    assert_eq!(
        row.get::<String, _>("message"),
        "Hello,\nhow many athletes does the team plan cover?"
    );

    let mail = app.mailbox(OPERATOR, 1).await;
    assert_eq!(mail.len(), 1);
    assert_eq!(mail[0]["subject"], "Contact form: Team plan question");
    assert_eq!(mail[0]["replyTo"], "ann@example.com");
    let text = mail[0]["text"].as_str().unwrap();
    assert!(text.contains("Ann Athlete <ann@example.com>"), "{text}");
    assert!(text.contains("how many athletes"), "{text}");
}

#[tokio::test]
async fn the_operator_copy_escapes_html_in_the_message() {
    let app = TestApp::spawn().await;
    let mut body = valid();
    body["message"] = json!("<script>alert(1)</script>");
    assert_eq!(app.post_public(CONTACT, body).await.0, StatusCode::CREATED);
    let mail = app.mailbox(OPERATOR, 1).await;
    let html = mail[0]["html"].as_str().unwrap();
    assert!(!html.contains("<script>"), "{html}");
    assert!(html.contains("&lt;script&gt;"), "{html}");
}

#[tokio::test]
async fn each_field_is_required_with_a_message_naming_it() {
    let app = TestApp::spawn().await;
    for (field, expected) in [
        ("name", "Name is required"),
        ("email", "Email is required"),
        ("subject", "Subject is required"),
        ("message", "Message is required"),
    ] {
        let mut missing = valid();
        missing.as_object_mut().unwrap().remove(field);
        refused_with(&app, missing, expected).await;
        let mut blank = valid();
        blank[field] = json!("   ");
        refused_with(&app, blank, expected).await;
        let mut wrong_type = valid();
        wrong_type[field] = json!(42);
        refused_with(&app, wrong_type, "must be text").await;
    }
    assert_eq!(app.count("contact_messages").await, 0);
    assert_eq!(app.count("mail_outbox").await, 0);
}

#[tokio::test]
async fn the_email_must_be_an_address() {
    let app = TestApp::spawn().await;
    for bad in ["ann", "ann@example", "ann @example.com", "@example.com"] {
        let mut body = valid();
        body["email"] = json!(bad);
        refused_with(&app, body, "Please enter a valid email address").await;
    }
}

#[tokio::test]
async fn lengths_are_bounded() {
    let app = TestApp::spawn().await;
    for (field, max) in [("name", 100), ("subject", 200), ("message", 5_000)] {
        let mut at_limit = valid();
        at_limit[field] = json!("x".repeat(max));
        assert_eq!(
            app.post_public(CONTACT, at_limit).await.0,
            StatusCode::CREATED,
            "{field}"
        );
        let mut over = valid();
        over[field] = json!("x".repeat(max + 1));
        refused_with(&app, over, &format!("{max} characters or fewer")).await;
    }
}

#[tokio::test]
async fn a_subject_cannot_carry_a_line_break() {
    let app = TestApp::spawn().await;
    let mut body = valid();
    body["subject"] = json!("Hi\r\nBcc: someone@example.com");
    refused_with(&app, body, "Subject contains characters").await;
}

#[tokio::test]
async fn a_body_that_is_not_an_object_or_not_json_is_refused_in_plain_words() {
    let app = TestApp::spawn().await;
    refused_with(
        &app,
        json!(["Ann"]),
        "JSON object with name, email, subject and message",
    )
    .await;
    let res = app
        .http
        .post(app.url(CONTACT))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let answer: Value = res.json().await.unwrap();
    assert_eq!(answer["message"], "The request body is not valid JSON.");
}

#[tokio::test]
async fn messages_are_rate_limited_per_ip_and_invalid_ones_do_not_count() {
    let app = TestApp::builder()
        .config(|c| c.contact_rate_limit = 2)
        .spawn()
        .await;
    let mut invalid = valid();
    invalid["email"] = json!("nope");
    for _ in 0..3 {
        assert_eq!(
            app.post_public(CONTACT, invalid.clone()).await.0,
            StatusCode::BAD_REQUEST
        );
    }
    assert_eq!(
        app.post_public(CONTACT, valid()).await.0,
        StatusCode::CREATED
    );
    assert_eq!(
        app.post_public(CONTACT, valid()).await.0,
        StatusCode::CREATED
    );
    let (status, answer) = app.post_public(CONTACT, valid()).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(answer["code"], "too_many_requests");
    assert!(answer["message"].as_str().unwrap().contains("try again"));
    assert_eq!(app.count("contact_messages").await, 2);
}

#[tokio::test]
async fn over_smtp_the_contact_copy_carries_a_reply_to_header() {
    let (port, mut received) = crate::mail::smtp_sink().await;
    let app = TestApp::builder()
        .config(move |c| {
            c.smtp_url = Some(swaz::config::Secret::new(format!(
                "smtp://127.0.0.1:{port}"
            )))
        })
        .spawn()
        .await;
    assert_eq!(
        app.post_public(CONTACT, valid()).await.0,
        StatusCode::CREATED
    );
    let raw = tokio::time::timeout(std::time::Duration::from_secs(10), received.recv())
        .await
        .expect("the SMTP server receives the message in time")
        .unwrap();
    assert!(raw.contains("To: operator@swaz.test"), "{raw}");
    assert!(raw.contains("Reply-To: ann@example.com"), "{raw}");
    assert!(
        raw.contains("Subject: Contact form: Team plan question"),
        "{raw}"
    );
}

#[tokio::test]
async fn contact_messages_older_than_a_year_are_pruned_and_newer_ones_kept() {
    let app = TestApp::spawn().await;
    assert_eq!(
        app.post_public(CONTACT, valid()).await.0,
        StatusCode::CREATED
    );
    app.clock().advance(chrono::Duration::days(200));
    assert_eq!(
        app.post_public(CONTACT, valid()).await.0,
        StatusCode::CREATED
    );
    app.clock().advance(chrono::Duration::days(170));
    let pruned =
        swaz::content::storage::prune_contact_messages(&app.state.db, app.state.clock.now_ms())
            .await
            .unwrap();
    assert_eq!(pruned, 1);
    assert_eq!(app.count("contact_messages").await, 1);
}
