//! Two-factor sign-in with an authenticator app (`/factors`), and `/reauthenticate`.

use reqwest::StatusCode;
use serde_json::{json, Value};
use swaz::auth::totp;

use crate::support::{TestApp, TEST_PASSWORD};

/// The code an authenticator app shows `steps` periods from now.
pub(crate) fn code(app: &TestApp, secret: &str, steps: i64) -> String {
    let step = app.state.clock.now_secs() / totp::PERIOD_SECS + steps;
    totp::code_at(&totp::base32_decode(secret).unwrap(), step)
}

fn claims(app: &TestApp, token: &str) -> swaz::auth::tokens::Claims {
    app.state
        .tokens
        .verify(token, app.state.clock.now_secs())
        .unwrap()
}

/// Enrolls and verifies a factor: answers (factor id, secret, aal2 session).
/// The codes a test computes must stay in the step the server checks them in: the clock starts
/// at the beginning of a fresh step, so the next 30 seconds are one step.
pub(crate) async fn turn_on(app: &TestApp, token: &str) -> (String, String, Value) {
    let step = app.state.clock.now_secs() / totp::PERIOD_SECS + 1;
    app.clock()
        .set(chrono::DateTime::from_timestamp(step * totp::PERIOD_SECS, 0).expect("a valid time"));
    let (status, enrolled) = app
        .post_as(
            token,
            "/auth/v1/factors",
            json!({ "factor_type": "totp", "friendly_name": "Phone" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{enrolled}");
    let id = enrolled["id"].as_str().unwrap().to_owned();
    let secret = enrolled["totp"]["secret"].as_str().unwrap().to_owned();
    let (_, challenge) = app
        .post_as(
            token,
            &format!("/auth/v1/factors/{id}/challenge"),
            json!({}),
        )
        .await;
    let (status, session) = app
        .post_as(
            token,
            &format!("/auth/v1/factors/{id}/verify"),
            json!({ "challenge_id": challenge["id"], "code": code(app, &secret, 0) }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{session}");
    (id, secret, session)
}

#[tokio::test]
async fn enrolling_answers_a_secret_uri_and_qr_code_and_verifying_raises_the_session_to_aal2() {
    let app = TestApp::spawn().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let (status, enrolled) = app
        .post_as(
            &token,
            "/auth/v1/factors",
            json!({ "factor_type": "totp", "friendly_name": "Phone", "issuer": "SWAZ" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(enrolled["type"], "totp");
    assert_eq!(enrolled["friendly_name"], "Phone");
    let secret = enrolled["totp"]["secret"].as_str().unwrap();
    assert_eq!(totp::base32_decode(secret).unwrap().len(), 20);
    let uri = enrolled["totp"]["uri"].as_str().unwrap();
    assert!(
        uri.starts_with("otpauth://totp/SWAZ:ann%40example.com?secret="),
        "{uri}"
    );
    assert!(enrolled["totp"]["qr_code"]
        .as_str()
        .unwrap()
        .contains("<svg"));
    let id = enrolled["id"].as_str().unwrap();

    // The user shows the factor, unverified; the same name twice is refused.
    let (_, user) = app.get_as(&token, "/auth/v1/user").await;
    assert_eq!(user["factors"][0]["status"], "unverified");
    assert_eq!(user["factors"][0]["factor_type"], "totp");
    let (status, body) = app
        .post_as(
            &token,
            "/auth/v1/factors",
            json!({ "factor_type": "totp", "friendly_name": "Phone" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error_code"], "mfa_factor_name_conflict");

    let (status, challenge) = app
        .post_as(
            &token,
            &format!("/auth/v1/factors/{id}/challenge"),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(challenge["type"], "totp");
    assert!(challenge["expires_at"].as_i64().unwrap() > app.state.clock.now_secs());
    let verify_path = format!("/auth/v1/factors/{id}/verify");
    let wrong = if code(&app, secret, 0) == "000000" {
        "111111"
    } else {
        "000000"
    };
    let (status, body) = app
        .post_as(
            &token,
            &verify_path,
            json!({ "challenge_id": challenge["id"], "code": wrong }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error_code"], "mfa_verification_failed");
    assert_eq!(body["msg"], "Invalid TOTP code entered");

    let (status, session) = app
        .post_as(
            &token,
            &verify_path,
            json!({ "challenge_id": challenge["id"], "code": code(&app, secret, 0) }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let upgraded = claims(&app, session["access_token"].as_str().unwrap());
    assert_eq!(upgraded.aal, "aal2");
    let methods: Vec<&str> = upgraded.amr.iter().map(|a| a.method.as_str()).collect();
    assert_eq!(methods, ["password", "totp"]);
    assert_eq!(session["user"]["factors"][0]["status"], "verified");

    // A used challenge cannot be answered again.
    let (status, body) = app
        .post_as(
            session["access_token"].as_str().unwrap(),
            &verify_path,
            json!({ "challenge_id": challenge["id"], "code": code(&app, secret, 1) }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error_code"], "mfa_challenge_expired");

    // Refreshing keeps aal2.
    let res = app
        .post_json(
            "/auth/v1/token?grant_type=refresh_token",
            json!({ "refresh_token": session["refresh_token"] }),
        )
        .await;
    let refreshed: Value = res.json().await.unwrap();
    assert_eq!(
        claims(&app, refreshed["access_token"].as_str().unwrap()).aal,
        "aal2"
    );
}

#[tokio::test]
async fn with_a_verified_factor_a_password_alone_does_not_open_the_product_api() {
    let app = TestApp::spawn().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let other = app.fresh_token("ann@example.com").await;
    let (id, secret, aal2) = turn_on(&app, &token).await;
    let aal2_token = aal2["access_token"].as_str().unwrap().to_owned();
    let (status, _) = app.get_as(&aal2_token, "/_api/v1/swazprofile").await;
    assert_eq!(status, StatusCode::OK);
    // The session's own password-only token no longer opens the product API, and the other
    // password-only session ended.
    let (status, _) = app.get_as(&token, "/_api/v1/swazprofile").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = app.get_as(&other, "/auth/v1/user").await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let session = app.sign_in("ann@example.com", TEST_PASSWORD).await;
    let aal1 = session["access_token"].as_str().unwrap().to_owned();
    assert_eq!(claims(&app, &aal1).aal, "aal1");
    assert_eq!(session["user"]["factors"][0]["id"], id.as_str());
    let (status, body) = app.get_as(&aal1, "/_api/v1/swazprofile").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        body["message"],
        "Enter the code from your authenticator app to finish signing in."
    );
    let (status, body) = app
        .request(
            reqwest::Method::PUT,
            "/auth/v1/user",
            Some(&aal1),
            Some(json!({ "password": "another-password-2" })),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["error_code"], "insufficient_aal");
    let (status, body) = app
        .request(
            reqwest::Method::DELETE,
            &format!("/auth/v1/factors/{id}"),
            Some(&aal1),
            Some(json!({})),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["msg"], "AAL2 required to unenroll verified factor");

    // The code of the step already used is refused; the next one steps up.
    let (_, challenge) = app
        .post_as(
            &aal1,
            &format!("/auth/v1/factors/{id}/challenge"),
            json!({}),
        )
        .await;
    let verify_path = format!("/auth/v1/factors/{id}/verify");
    let (status, _) = app
        .post_as(
            &aal1,
            &verify_path,
            json!({ "challenge_id": challenge["id"], "code": code(&app, &secret, 0) }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, stepped) = app
        .post_as(
            &aal1,
            &verify_path,
            json!({ "challenge_id": challenge["id"], "code": code(&app, &secret, 1) }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let stepped = stepped["access_token"].as_str().unwrap().to_owned();
    let (status, _) = app.get_as(&stepped, "/_api/v1/swazprofile").await;
    assert_eq!(status, StatusCode::OK);

    let (status, body) = app
        .request(
            reqwest::Method::DELETE,
            &format!("/auth/v1/factors/{id}"),
            Some(&stepped),
            Some(json!({})),
        )
        .await;
    assert_eq!((status, body), (StatusCode::OK, json!({ "id": id })));
    let again = app.sign_in("ann@example.com", TEST_PASSWORD).await;
    let (status, _) = app
        .get_as(
            again["access_token"].as_str().unwrap(),
            "/_api/v1/swazprofile",
        )
        .await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn someone_elses_factor_is_not_found() {
    let app = TestApp::spawn().await;
    let ann = app.with_user("ann@example.com", "Ann").await;
    let bob = app.with_user("bob@example.com", "Bob").await;
    let (_, enrolled) = ann
        .post("/auth/v1/factors", json!({ "factor_type": "totp" }))
        .await;
    let id = enrolled["id"].as_str().unwrap();
    let (status, body) = bob
        .post(&format!("/auth/v1/factors/{id}/challenge"), json!({}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["error_code"], "mfa_factor_not_found");
    let (status, body) = bob.delete(&format!("/auth/v1/factors/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (_, user) = ann.get("/auth/v1/user").await;
    assert_eq!(user["factors"][0]["id"], id);
    let (status, body) = ann
        .post("/auth/v1/factors", json!({ "factor_type": "phone" }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

#[tokio::test]
async fn a_password_change_takes_the_mailed_nonce_when_asked_for_it() {
    let app = TestApp::builder()
        .config(|c| c.secure_password_change = true)
        .spawn()
        .await;
    let ann = app.with_user("ann@example.com", "Ann").await;
    // Signed in just now: no nonce needed.
    let (status, _) = ann
        .put("/auth/v1/user", json!({ "password": "second-password-2" }))
        .await;
    assert_eq!(status, StatusCode::OK);

    app.clock().advance(chrono::Duration::hours(25));
    let session = app.sign_in(&ann.email, "second-password-2").await;
    app.clock().advance(chrono::Duration::hours(25));
    let res = app
        .post_json(
            "/auth/v1/token?grant_type=refresh_token",
            json!({ "refresh_token": session["refresh_token"] }),
        )
        .await;
    let old_session: Value = res.json().await.unwrap();
    let old = ann.with_token(old_session["access_token"].as_str().unwrap());
    let (status, body) = old
        .put("/auth/v1/user", json!({ "password": "third-password-3" }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error_code"], "reauthentication_needed");
    assert_eq!(body["msg"], "Password update requires reauthentication");

    let (status, body) = old.get("/auth/v1/reauthenticate").await;
    assert_eq!((status, body), (StatusCode::OK, json!({})));
    // The first mail told of the first change; this one carries the code.
    let mail = &app.mailbox("ann@example.com", 2).await[0];
    assert_eq!(mail["subject"], "Your SWAZ confirmation code");
    let text = mail["text"].as_str().unwrap();
    let nonce = &text.split("confirm it is you: ").nth(1).unwrap()[..6];
    let wrong = if nonce == "000000" {
        "000001"
    } else {
        "000000"
    };
    let (status, body) = old
        .put(
            "/auth/v1/user",
            json!({ "password": "third-password-3", "nonce": wrong }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error_code"], "reauthentication_not_valid");
    let (status, _) = old
        .put(
            "/auth/v1/user",
            json!({ "password": "third-password-3", "nonce": nonce }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    app.sign_in("ann@example.com", "third-password-3").await;
}
