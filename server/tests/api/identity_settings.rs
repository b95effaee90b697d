//! `/auth/v1` settings: autoconfirm, closed sign-up and the password length, and `/settings`
//! reporting them truthfully.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::TestApp;

async fn signup(app: &TestApp, email: &str, password: &str) -> (StatusCode, Value) {
    let res = app
        .post_json(
            "/auth/v1/signup",
            json!({ "email": email, "password": password, "data": { "first_name": "Ann" } }),
        )
        .await;
    (res.status(), res.json().await.unwrap())
}

#[tokio::test]
async fn settings_tell_the_defaults_email_only_and_signup_open() {
    let app = TestApp::spawn().await;
    let settings = app.get_public_json("/auth/v1/settings").await;
    assert_eq!(settings["disable_signup"], false);
    assert_eq!(settings["mailer_autoconfirm"], false);
    assert_eq!(settings["phone_autoconfirm"], false);
    assert_eq!(settings["external"]["email"], true);
    assert_eq!(settings["external"]["phone"], false);
    assert_eq!(settings["external"]["google"], false);
    assert_eq!(settings["external"]["anonymous_users"], false);
}

#[tokio::test]
async fn with_autoconfirm_sign_up_answers_a_session_for_a_confirmed_user() {
    let app = TestApp::builder()
        .config(|c| c.mailer_autoconfirm = true)
        .spawn()
        .await;
    let settings = app.get_public_json("/auth/v1/settings").await;
    assert_eq!(settings["mailer_autoconfirm"], true);

    let (status, session) = signup(&app, "ann@example.com", "long-enough-1").await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(session["token_type"], "bearer");
    assert!(session["refresh_token"]
        .as_str()
        .is_some_and(|t| !t.is_empty()));
    assert!(session["user"]["email_confirmed_at"].is_string());
    let access = session["access_token"].as_str().unwrap();
    let user = app.get_json("/auth/v1/user", access).await;
    assert_eq!(user["email"], "ann@example.com");
    // No confirmation mail, and the password signs in straight away.
    assert_eq!(app.count("mail_outbox").await, 0);
    app.sign_in("ann@example.com", "long-enough-1").await;

    let (status, body) = signup(&app, "ann@example.com", "another-pass-1").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error_code"], "user_already_exists");
    assert_eq!(body["msg"], "User already registered");
}

#[tokio::test]
async fn with_signup_disabled_sign_up_is_refused_as_gotrue_does() {
    let app = TestApp::builder()
        .config(|c| c.disable_signup = true)
        .spawn()
        .await;
    assert_eq!(
        app.get_public_json("/auth/v1/settings").await["disable_signup"],
        true
    );
    let (status, body) = signup(&app, "ann@example.com", "long-enough-1").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["code"], 422);
    assert_eq!(body["error_code"], "signup_disabled");
    assert_eq!(body["msg"], "Signups not allowed for this instance");
    assert_eq!(app.count("users").await, 0);
}

#[tokio::test]
async fn the_password_minimum_length_follows_the_setting() {
    let app = TestApp::builder()
        .config(|c| c.password_min_length = 6)
        .spawn()
        .await;
    let (status, body) = signup(&app, "ann@example.com", "12345").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error_code"], "weak_password");
    assert_eq!(body["msg"], "Password should be at least 6 characters.");
    assert_eq!(body["weak_password"]["reasons"], json!(["length"]));
    let (status, body) = signup(&app, "ann@example.com", "123456").await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let app = TestApp::builder()
        .config(|c| c.password_min_length = 12)
        .spawn()
        .await;
    let (status, body) = signup(&app, "bob@example.com", "eleven-char").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["msg"], "Password should be at least 12 characters.");
}
