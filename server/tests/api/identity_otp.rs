//! Passwordless e-mail (`/otp`, `/verify` with codes and link tokens, `/resend`) and PKCE.

use base64::Engine;
use reqwest::StatusCode;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::support::TestApp;

/// The 6-digit code of a mail.
pub(crate) fn code_in(mail: &Value) -> String {
    let text = mail["text"].as_str().unwrap();
    let tail = text
        .split("Or enter this code when the app asks for it: ")
        .nth(1)
        .unwrap_or_else(|| panic!("no code in {text}"));
    tail[..6].to_owned()
}

/// `name`'s value in a link's query.
fn param(link: &str, name: &str) -> String {
    url::Url::parse(link)
        .unwrap()
        .query_pairs()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.into_owned())
        .unwrap_or_else(|| panic!("no {name} in {link}"))
}

#[tokio::test]
async fn otp_signs_up_a_new_address_and_mails_a_magic_link_to_a_known_one() {
    let app = TestApp::spawn().await;
    let (status, body) = app
        .post_public(
            "/auth/v1/otp",
            json!({ "email": "new@example.com", "data": { "first_name": "Nia" } }),
        )
        .await;
    assert_eq!((status, body), (StatusCode::OK, json!({})));
    let mail = &app.mailbox("new@example.com", 1).await[0];
    assert_eq!(mail["subject"], "Confirm your SWAZ e-mail address");
    assert_eq!(param(&app.link_in(mail), "type"), "signup");

    let (status, session) = app
        .post_public(
            "/auth/v1/verify",
            json!({ "type": "email", "email": "new@example.com", "token": code_in(mail) }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(session["user"]["email"], "new@example.com");
    assert_eq!(session["user"]["user_metadata"]["first_name"], "Nia");
    assert!(session["user"]["email_confirmed_at"].is_string());

    app.clock().advance(chrono::Duration::seconds(61));
    let (status, _) = app
        .post_public("/auth/v1/otp", json!({ "email": "new@example.com" }))
        .await;
    assert_eq!(status, StatusCode::OK);
    let mails = app.mailbox("new@example.com", 2).await;
    assert_eq!(mails[0]["subject"], "Your SWAZ sign-in link");
    let token = param(&app.link_in(&mails[0]), "token");
    assert_eq!(param(&app.link_in(&mails[0]), "type"), "magiclink");
    let (status, session) = app
        .post_public(
            "/auth/v1/verify",
            json!({ "type": "magiclink", "token_hash": token }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(session["token_type"], "bearer");
    let (status, body) = app
        .post_public(
            "/auth/v1/verify",
            json!({ "type": "magiclink", "token_hash": token }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["error_code"], "otp_expired");
    assert_eq!(body["msg"], "Email link is invalid or has expired");
}

#[tokio::test]
async fn otp_refuses_unknown_addresses_without_create_user_and_limits_mail() {
    let app = TestApp::spawn().await;
    let (status, body) = app
        .post_public(
            "/auth/v1/otp",
            json!({ "email": "ghost@example.com", "create_user": false }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error_code"], "otp_disabled");
    assert_eq!(body["msg"], "Signups not allowed for otp");
    assert_eq!(app.count("users").await, 0);

    app.create_user("ann@example.com", "long-enough-1", "Ann")
        .await;
    let (status, _) = app
        .post_public("/auth/v1/otp", json!({ "email": "ann@example.com" }))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = app
        .post_public("/auth/v1/otp", json!({ "email": "ann@example.com" }))
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(body["error_code"], "over_email_send_rate_limit");

    for (body, msg) in [
        (json!({}), "One of email or phone must be set"),
        (
            json!({ "email": "nope" }),
            "Unable to validate email address: invalid format",
        ),
        (
            json!({ "email": "a@example.com", "code_challenge": "x".repeat(43) }),
            "PKCE flow requires code_challenge_method and code_challenge",
        ),
    ] {
        let (status, answer) = app.post_public("/auth/v1/otp", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(answer["msg"], msg);
    }
}

#[tokio::test]
async fn a_wrong_or_used_code_is_refused_in_gotrues_words() {
    let app = TestApp::spawn().await;
    app.create_user("ann@example.com", "long-enough-1", "Ann")
        .await;
    app.post_public("/auth/v1/otp", json!({ "email": "ann@example.com" }))
        .await;
    let code = code_in(&app.mailbox("ann@example.com", 1).await[0]);
    let wrong = if code == "000000" { "000001" } else { "000000" };
    for token in [wrong, &code, &code] {
        let (status, body) = app
            .post_public(
                "/auth/v1/verify",
                json!({ "type": "email", "email": "ann@example.com", "token": token }),
            )
            .await;
        if token == code && body.get("access_token").is_some() {
            continue;
        }
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(body["error_code"], "otp_expired");
        assert_eq!(body["msg"], "Token has expired or is invalid");
    }
    // Someone else's code does not open this account.
    let (status, _) = app
        .post_public(
            "/auth/v1/verify",
            json!({ "type": "email", "email": "other@example.com", "token": code }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    for (body, msg) in [
        (
            json!({ "token": "1" }),
            "Verify requires a verification type",
        ),
        (
            json!({ "type": "email" }),
            "Verify requires either a token or a token hash",
        ),
        (
            json!({ "type": "magiclink", "token_hash": "abc", "email": "ann@example.com" }),
            "Only the token_hash and type should be provided",
        ),
        (
            json!({ "type": "sms", "token": "123456", "email": "ann@example.com" }),
            "Invalid email verification type",
        ),
    ] {
        let (status, answer) = app.post_public("/auth/v1/verify", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(answer["msg"], msg);
    }
}

#[tokio::test]
async fn resend_sends_a_signup_or_email_change_confirmation_and_refuses_other_types() {
    let app = TestApp::spawn().await;
    let res = app
        .post_json(
            "/auth/v1/signup",
            json!({ "email": "ann@example.com", "password": "long-enough-1" }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    app.clock().advance(chrono::Duration::seconds(61));
    let (status, _) = app
        .post_public(
            "/auth/v1/resend",
            json!({ "type": "signup", "email": "ann@example.com" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let mails = app.mailbox("ann@example.com", 2).await;
    let (status, _) = app
        .post_public(
            "/auth/v1/verify",
            json!({ "type": "signup", "email": "ann@example.com", "token": code_in(&mails[0]) }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);

    let (status, body) = app
        .post_public(
            "/auth/v1/resend",
            json!({ "type": "recovery", "email": "ann@example.com" }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["msg"],
        "Missing one of these types: signup, email_change, sms, phone_change"
    );
    // Nothing pending: the same empty answer, and no mail.
    let (status, body) = app
        .post_public(
            "/auth/v1/resend",
            json!({ "type": "email_change", "email": "ann@example.com" }),
        )
        .await;
    assert_eq!((status, body), (StatusCode::OK, json!({})));
    assert_eq!(app.mailbox("ann@example.com", 2).await.len(), 2);
}

fn challenge_of(verifier: &str) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// Follows a mailed link without following its redirect; answers the `code` it hands over.
async fn code_from_link(app: &TestApp, link: &str) -> String {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let res = client.get(link).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let location = res.headers()["location"].to_str().unwrap().to_owned();
    assert!(location.starts_with(&app.base), "{location}");
    assert!(!location.contains("access_token"), "{location}");
    param(&location, "code")
}

#[tokio::test]
async fn pkce_sign_up_hands_a_code_only_the_verifier_can_exchange_once() {
    let app = TestApp::spawn().await;
    let verifier = "v".repeat(20) + &"e".repeat(30);
    let res = app
        .post_json(
            "/auth/v1/signup",
            json!({
                "email": "ann@example.com", "password": "long-enough-1",
                "code_challenge": challenge_of(&verifier), "code_challenge_method": "s256",
            }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let link = app.link_in(&app.mailbox("ann@example.com", 1).await[0]);
    let code = code_from_link(&app, &link).await;

    let exchange = |verifier: String, code: String| {
        let app = &app;
        async move {
            app.post_public(
                "/auth/v1/token?grant_type=pkce",
                json!({ "auth_code": code, "code_verifier": verifier }),
            )
            .await
        }
    };
    let (status, body) = exchange("w".repeat(50), code.clone()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error_code"], "bad_code_verifier");
    assert_eq!(
        body["msg"],
        "code challenge does not match previously saved code verifier"
    );
    let (status, session) = exchange(verifier.clone(), code.clone()).await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(session["user"]["email"], "ann@example.com");
    assert!(session["user"]["email_confirmed_at"].is_string());
    let (status, body) = exchange(verifier, code).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["error_code"], "flow_state_not_found");
    assert_eq!(body["msg"], "invalid flow state, no valid flow state found");

    let (status, body) = app
        .post_public(
            "/auth/v1/token?grant_type=pkce",
            json!({ "auth_code": "x" }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["msg"],
        "invalid request: both auth code and code verifier should be non-empty"
    );
}

#[tokio::test]
async fn a_pkce_recovery_code_expires_after_five_minutes() {
    let app = TestApp::spawn().await;
    app.create_user("ann@example.com", "long-enough-1", "Ann")
        .await;
    let verifier = "r".repeat(64);
    let res = app
        .post_json(
            "/auth/v1/recover",
            json!({ "email": "ann@example.com", "code_challenge": challenge_of(&verifier),
                    "code_challenge_method": "S256" }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let link = app.link_in(&app.mailbox("ann@example.com", 1).await[0]);
    assert_eq!(param(&link, "type"), "recovery");
    let code = code_from_link(&app, &link).await;
    app.clock().advance(chrono::Duration::seconds(301));
    let (status, body) = app
        .post_public(
            "/auth/v1/token?grant_type=pkce",
            json!({ "auth_code": code, "code_verifier": verifier }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error_code"], "flow_state_expired");
}

async fn verify_code(app: &TestApp, code: &str) -> (StatusCode, Value) {
    app.post_public(
        "/auth/v1/verify",
        json!({ "type": "email", "email": "ann@example.com", "token": code }),
    )
    .await
}

/// A six-digit code that is not `code`.
fn other_than(code: &str, n: u32) -> String {
    let value: u32 = code.parse().unwrap();
    format!("{:06}", (value + 1 + n) % 1_000_000)
}

#[tokio::test]
async fn a_new_code_ends_the_one_sent_before() {
    let app = TestApp::spawn().await;
    app.create_user("ann@example.com", "long-enough-1", "Ann")
        .await;
    app.post_public("/auth/v1/otp", json!({ "email": "ann@example.com" }))
        .await;
    let first = code_in(&app.mailbox("ann@example.com", 1).await[0]);
    // One mail a minute per address: the next one a minute later.
    app.clock().advance(chrono::Duration::seconds(61));
    app.post_public("/auth/v1/otp", json!({ "email": "ann@example.com" }))
        .await;
    let second = code_in(&app.mailbox("ann@example.com", 2).await[0]);
    if first != second {
        let (status, body) = verify_code(&app, &first).await;
        assert_eq!(
            (status, body["error_code"].as_str()),
            (StatusCode::FORBIDDEN, Some("otp_expired")),
            "the earlier code still opened the account"
        );
    }
    let (status, body) = verify_code(&app, &second).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.get("access_token").is_some());
}

#[tokio::test]
async fn a_code_dies_after_five_wrong_guesses() {
    let app = TestApp::spawn().await;
    app.create_user("ann@example.com", "long-enough-1", "Ann")
        .await;
    app.post_public("/auth/v1/otp", json!({ "email": "ann@example.com" }))
        .await;
    let code = code_in(&app.mailbox("ann@example.com", 1).await[0]);
    for n in 0..5 {
        let (status, _) = verify_code(&app, &other_than(&code, n)).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    let (status, body) = verify_code(&app, &code).await;
    assert_eq!(
        (status, body["error_code"].as_str()),
        (StatusCode::FORBIDDEN, Some("otp_expired")),
        "the right code still worked after five wrong guesses"
    );
    // A new code works again.
    app.clock().advance(chrono::Duration::seconds(61));
    app.post_public("/auth/v1/otp", json!({ "email": "ann@example.com" }))
        .await;
    let fresh = code_in(&app.mailbox("ann@example.com", 2).await[0]);
    let (status, _) = verify_code(&app, &fresh).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn four_wrong_guesses_leave_the_code_usable() {
    let app = TestApp::spawn().await;
    app.create_user("ann@example.com", "long-enough-1", "Ann")
        .await;
    app.post_public("/auth/v1/otp", json!({ "email": "ann@example.com" }))
        .await;
    let code = code_in(&app.mailbox("ann@example.com", 1).await[0]);
    for n in 0..4 {
        verify_code(&app, &other_than(&code, n)).await;
    }
    let (status, body) = verify_code(&app, &code).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
