//! Defects found from outside (issue 15): recovery links, lockout, mail floods, token claims,
//! caching headers.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::{TestApp, TEST_PASSWORD};

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

