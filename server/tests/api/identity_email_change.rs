//! GoTrue's secure e-mail change (issue 26, `SWAZ_SECURE_EMAIL_CHANGE`, on by default as
//! GoTrue's `MAILER_SECURE_EMAIL_CHANGE_ENABLED`): `PUT /auth/v1/user {email}` mails the current
//! address and the new one, each code is good only with its own address, and the address moves
//! once both are confirmed; `admin/generate_link` makes either half.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::TestApp;

const FIRST_OF_TWO: &str =
    "Confirmation link accepted. Please proceed to confirm link sent to the other email";
const NEW_SUBJECT: &str = "Confirm your new SWAZ e-mail address";
const CURRENT_SUBJECT: &str = "Confirm the change of your SWAZ e-mail address";

fn admin_key(app: &TestApp) -> String {
    swaz::auth::admin::service_key(
        app.state.config.jwt_secret.expose(),
        swaz::clock::Clock::now_secs(app.clock()),
        1,
    )
    .unwrap()
}

async fn signed_in(app: &TestApp, email: &str) -> String {
    app.create_user(email, "a-good-password", "Ann").await;
    let session = app.sign_in(email, "a-good-password").await;
    session["access_token"].as_str().unwrap().to_owned()
}

async fn mails(app: &TestApp, to: &str, subject: &str) -> Vec<Value> {
    let url = app.url(&format!("/_dev/mailbox?to={}", urlencoding::encode(to)));
    let all: Vec<Value> = app
        .http
        .get(url)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    all.into_iter()
        .filter(|m| m["subject"] == subject)
        .collect()
}

/// The newest mail with this subject, waiting up to 5 s for it.
async fn mail(app: &TestApp, to: &str, subject: &str) -> Value {
    for _ in 0..100 {
        if let Some(found) = mails(app, to, subject).await.into_iter().next() {
            return found;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("no {subject:?} to {to}");
}

/// The 6-digit code of the newest mail with this subject.
async fn code_in(app: &TestApp, to: &str, subject: &str) -> String {
    let text = mail(app, to, subject).await["text"]
        .as_str()
        .unwrap()
        .to_owned();
    let at = text.find("asks for it: ").expect("a code in the mail") + "asks for it: ".len();
    text[at..at + 6].to_owned()
}

async fn verify(app: &TestApp, body: Value) -> (StatusCode, Value) {
    let res = app
        .http
        .post(app.url("/auth/v1/verify"))
        .json(&body)
        .send()
        .await
        .unwrap();
    (res.status(), res.json().await.unwrap())
}

async fn password_works(app: &TestApp, email: &str) -> bool {
    app.post_json(
        "/auth/v1/token?grant_type=password",
        json!({ "email": email, "password": "a-good-password" }),
    )
    .await
    .status()
        == StatusCode::OK
}

#[tokio::test]
async fn put_user_email_waits_for_both_addresses_each_with_its_own_code() {
    let app = TestApp::spawn().await;
    let token = signed_in(&app, "old@example.com").await;
    let (status, user) = app
        .put_as(
            &token,
            "/auth/v1/user",
            json!({ "email": "new@example.com" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{user}");
    assert_eq!(user["new_email"], "new@example.com");
    let new_code = code_in(&app, "new@example.com", NEW_SUBJECT).await;
    let current_code = code_in(&app, "old@example.com", CURRENT_SUBJECT).await;

    // Each code is checked against the address it went to.
    for (email, code) in [
        ("new@example.com", &current_code),
        ("old@example.com", &new_code),
    ] {
        let (status, body) = verify(
            &app,
            json!({ "type": "email_change", "email": email, "token": code }),
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{email}: {body}");
        assert_eq!(body["error_code"], "otp_expired");
        assert_eq!(body["msg"], "Token has expired or is invalid");
    }

    let (status, body) = verify(
        &app,
        json!({ "type": "email_change", "email": "new@example.com", "token": new_code }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, json!({ "msg": FIRST_OF_TWO, "code": 200 }));
    assert!(!password_works(&app, "new@example.com").await);
    assert!(password_works(&app, "old@example.com").await);

    let (status, session) = verify(
        &app,
        json!({ "type": "email_change", "email": "old@example.com", "token": current_code }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(session["user"]["email"], "new@example.com");
    assert!(session["access_token"].is_string());
    assert!(password_works(&app, "new@example.com").await);
    assert!(!password_works(&app, "old@example.com").await);
}

#[tokio::test]
async fn the_first_link_followed_redirects_with_gotrues_message() {
    let app = TestApp::spawn().await;
    let token = signed_in(&app, "old@example.com").await;
    app.put_as(
        &token,
        "/auth/v1/user",
        json!({ "email": "new@example.com" }),
    )
    .await;
    let current = app.link_in(&mail(&app, "old@example.com", CURRENT_SUBJECT).await);
    let new = app.link_in(&mail(&app, "new@example.com", NEW_SUBJECT).await);
    assert!(current.contains("type=email_change&"), "{current}");

    let res = app.http.get(&current).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let location = res.headers()["location"].to_str().unwrap().to_owned();
    assert_eq!(
        location,
        format!(
            "{}/account#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email",
            app.base
        )
    );
    assert!(password_works(&app, "old@example.com").await);

    let res = app.http.get(&new).send().await.unwrap();
    let location = res.headers()["location"].to_str().unwrap().to_owned();
    assert!(location.contains("#access_token="), "{location}");
    assert!(password_works(&app, "new@example.com").await);
}

#[tokio::test]
async fn with_the_setting_off_the_new_address_alone_confirms() {
    let app = TestApp::builder()
        .config(|c| c.secure_email_change = false)
        .spawn()
        .await;
    let token = signed_in(&app, "old@example.com").await;
    app.put_as(
        &token,
        "/auth/v1/user",
        json!({ "email": "new@example.com" }),
    )
    .await;
    let new_code = code_in(&app, "new@example.com", NEW_SUBJECT).await;
    assert!(mails(&app, "old@example.com", CURRENT_SUBJECT)
        .await
        .is_empty());
    let (status, _) = verify(
        &app,
        json!({ "type": "email_change", "email": "old@example.com", "token": new_code }),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "the code goes with the new address"
    );
    let (status, session) = verify(
        &app,
        json!({ "type": "email_change", "email": "new@example.com", "token": new_code }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(session["user"]["email"], "new@example.com");

    let refused = app
        .http
        .post(app.url("/auth/v1/admin/generate_link"))
        .bearer_auth(admin_key(&app))
        .json(&json!({ "type": "email_change_current", "email": "new@example.com", "new_email": "third@example.com" }))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["error_code"], "validation_failed");
    assert_eq!(
        body["msg"],
        "Enable secure email change to generate link for current email"
    );
}

#[tokio::test]
async fn generate_link_makes_either_half_of_the_change() {
    let app = TestApp::spawn().await;
    signed_in(&app, "old@example.com").await;
    let generate = |kind: &'static str| {
        let app = &app;
        async move {
            let res = app
                .http
                .post(app.url("/auth/v1/admin/generate_link"))
                .bearer_auth(admin_key(app))
                .json(&json!({ "type": kind, "email": "old@example.com", "new_email": "new@example.com" }))
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), StatusCode::OK);
            res.json::<Value>().await.unwrap()
        }
    };
    let current = generate("email_change_current").await;
    let new = generate("email_change_new").await;
    for (link, kind) in [
        (&current, "email_change_current"),
        (&new, "email_change_new"),
    ] {
        assert_eq!(link["verification_type"], kind);
        assert_eq!(link["email"], "old@example.com");
        assert_eq!(link["new_email"], "new@example.com");
        assert_eq!(link["email_otp"].as_str().unwrap().len(), 6);
        let action = link["action_link"].as_str().unwrap();
        assert!(action.starts_with(&format!("{}/auth/v1/verify?token=", app.base)));
        assert!(action.contains("&type=email_change&"), "{action}");
    }
    assert!(mails(&app, "new@example.com", NEW_SUBJECT).await.is_empty());
    assert!(mails(&app, "old@example.com", CURRENT_SUBJECT)
        .await
        .is_empty());

    let (status, body) = verify(
        &app,
        json!({ "type": "email_change", "email": "old@example.com", "token": current["email_otp"] }),
    )
    .await;
    assert_eq!(
        (status, body),
        (StatusCode::OK, json!({ "msg": FIRST_OF_TWO, "code": 200 }))
    );
    let (status, session) = verify(
        &app,
        json!({ "type": "email_change", "token_hash": new["hashed_token"] }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(session["user"]["email"], "new@example.com");
}
