//! Defects found from outside (issue 15): recovery links, lockout, mail floods, token claims,
//! caching headers.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::{TestApp, TEST_PASSWORD};

/// Asks for a reset link for `email` and answers the newest link mailed to it.
async fn reset_link(app: &TestApp, email: &str, mails_before: usize) -> String {
    let res = app
        .post_json("/auth/v1/recover", json!({ "email": email }))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let mails = app.mailbox(email, mails_before + 1).await;
    app.link_in(&mails[0])
}

fn signs_in(res: &reqwest::Response) -> bool {
    res.status() == StatusCode::SEE_OTHER
        && res.headers()["location"]
            .to_str()
            .unwrap()
            .contains("access_token=")
}

#[tokio::test]
async fn using_one_reset_link_voids_every_other_outstanding_one() {
    let app = TestApp::spawn().await;
    app.create_user("ann@example.com", TEST_PASSWORD, "Ann")
        .await;
    let first = reset_link(&app, "ann@example.com", 0).await;
    app.clock().advance(chrono::Duration::seconds(61));
    let second = reset_link(&app, "ann@example.com", 1).await;
    assert_ne!(first, second);

    let used = app.http.get(&second).send().await.unwrap();
    assert!(signs_in(&used));
    let stale = app.http.get(&first).send().await.unwrap();
    assert!(!signs_in(&stale), "an older reset link still signs in");
}

#[tokio::test]
async fn changing_the_password_voids_outstanding_reset_links() {
    let app = TestApp::spawn().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let link = reset_link(&app, "ann@example.com", 0).await;
    let (status, _) = app
        .post_as(
            &token,
            "/_api/v1/supabase/changepassword",
            json!({ "password": "brand-new-password-2" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let res = app.http.get(&link).send().await.unwrap();
    assert!(!signs_in(&res), "a reset link outlived a password change");
}

/// `session`'s access token with `change` applied to its claims, signed with the app's key.
fn forged(app: &TestApp, session: &Value, change: impl FnOnce(&mut Value)) -> String {
    use base64::Engine;
    let token = session["access_token"].as_str().unwrap();
    let payload = token.split('.').nth(1).unwrap();
    let mut claims: Value = serde_json::from_slice(
        &base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(payload)
            .unwrap(),
    )
    .unwrap();
    change(&mut claims);
    jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256),
        &claims,
        &jsonwebtoken::EncodingKey::from_secret(app.state.config.jwt_secret.expose().as_bytes()),
    )
    .unwrap()
}

#[tokio::test]
async fn access_tokens_with_wrong_time_issuer_or_role_claims_are_refused() {
    let app = TestApp::spawn().await;
    let (_, _, session) = app.signed_in_user("ann@example.com").await;
    let now = app.state.clock.now_secs();
    let untouched = forged(&app, &session, |_| {});
    assert_eq!(
        app.get_as(&untouched, "/_api/v1/swazprofile").await.0,
        StatusCode::OK
    );
    let skewed = forged(&app, &session, |c| c["iat"] = json!(now + 20));
    assert_eq!(
        app.get_as(&skewed, "/_api/v1/swazprofile").await.0,
        StatusCode::OK,
        "a few seconds of clock skew are tolerated"
    );
    let cases: Vec<(&str, Box<dyn FnOnce(&mut Value)>)> = vec![
        ("future nbf", Box::new(move |c| c["nbf"] = json!(now + 600))),
        ("future iat", Box::new(move |c| c["iat"] = json!(now + 600))),
        (
            "foreign iss",
            Box::new(|c| c["iss"] = json!("https://evil.example/auth/v1")),
        ),
        (
            "service role",
            Box::new(|c| c["role"] = json!("service_role")),
        ),
        ("anon role", Box::new(|c| c["role"] = json!("anon"))),
    ];
    for (what, change) in cases {
        let token = forged(&app, &session, change);
        let (status, body) = app.get_as(&token, "/_api/v1/swazprofile").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{what}: {body}");
        let (status, body) = app.get_as(&token, "/auth/v1/user").await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{what}: {body}");
        assert_eq!(body["error_code"], "bad_jwt", "{what}");
    }
}

#[tokio::test]
async fn sign_in_and_signed_in_answers_are_never_cached() {
    let app = TestApp::spawn().await;
    app.create_user("ann@example.com", TEST_PASSWORD, "Ann")
        .await;
    let res = app
        .post_json(
            "/auth/v1/token?grant_type=password",
            json!({ "email": "ann@example.com", "password": TEST_PASSWORD }),
        )
        .await;
    assert_eq!(res.headers()["cache-control"], "no-store");
    let session: Value = res.json().await.unwrap();
    let token = session["access_token"].as_str().unwrap();
    for path in [
        "/auth/v1/user",
        "/_api/v1/swazprofile",
        "/_api/v1/practice/events",
        "/_api/v1/notificationsettings",
    ] {
        let res = app.get_auth(path, token).send().await.unwrap();
        assert!(res.status().is_success(), "{path}: {}", res.status());
        assert_eq!(res.headers()["cache-control"], "no-store", "{path}");
    }
}

