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

/// A password sign-in attempt for ann@example.com from `ip` (the app trusts X-Forwarded-For).
/// The seconds a refused answer's `Retry-After` asks the client to wait.
fn retry_after(res: &reqwest::Response) -> u64 {
    res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap()
}

async fn sign_in_from(app: &TestApp, ip: &str, password: &str) -> reqwest::Response {
    app.http
        .post(app.url("/auth/v1/token?grant_type=password"))
        .header("x-forwarded-for", ip)
        .json(&json!({ "email": "ann@example.com", "password": password }))
        .send()
        .await
        .unwrap()
}

async fn guarded_app() -> TestApp {
    let app = TestApp::builder()
        .config(|c| {
            c.auth_rate_limit = 3;
            c.trust_proxy = true;
        })
        .spawn()
        .await;
    app.create_user("ann@example.com", TEST_PASSWORD, "Ann")
        .await;
    app
}

#[tokio::test]
async fn wrong_passwords_from_many_addresses_do_not_lock_the_owner_out() {
    let app = guarded_app().await;
    for i in 0..30 {
        let res = sign_in_from(&app, &format!("10.0.0.{i}"), "not-her-password").await;
        assert_ne!(res.status(), StatusCode::OK);
    }
    let owner = sign_in_from(&app, "192.0.2.7", TEST_PASSWORD).await;
    assert_eq!(owner.status(), StatusCode::OK, "the owner was locked out");
}

#[tokio::test]
async fn an_address_that_keeps_guessing_is_refused_even_with_the_right_password() {
    let app = guarded_app().await;
    for _ in 0..3 {
        let res = sign_in_from(&app, "10.0.0.1", "not-her-password").await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    }
    let res = sign_in_from(&app, "10.0.0.1", TEST_PASSWORD).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(res.headers().contains_key("retry-after"));
}

#[tokio::test]
async fn a_refused_address_signs_in_again_once_its_window_has_passed() {
    let app = guarded_app().await;
    for _ in 0..3 {
        sign_in_from(&app, "10.0.0.1", "not-her-password").await;
    }
    let refused = sign_in_from(&app, "10.0.0.1", TEST_PASSWORD).await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait = retry_after(&refused) as i64;
    app.clock().advance(chrono::Duration::seconds(wait - 2));
    let early = sign_in_from(&app, "10.0.0.1", TEST_PASSWORD).await;
    assert_eq!(early.status(), StatusCode::TOO_MANY_REQUESTS, "too early");
    app.clock().advance(chrono::Duration::seconds(3));
    let later = sign_in_from(&app, "10.0.0.1", TEST_PASSWORD).await;
    assert_eq!(later.status(), StatusCode::OK, "the window has passed");
}

#[tokio::test]
async fn guesses_spread_over_many_addresses_are_still_throttled() {
    let app = guarded_app().await;
    for i in 0..10 {
        sign_in_from(&app, &format!("10.0.0.{i}"), "not-her-password").await;
    }
    // Once the account has seen many failures, an address that failed gets no second guess.
    let res = sign_in_from(&app, "10.0.0.9", "another-guess").await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    let owner = sign_in_from(&app, "192.0.2.7", TEST_PASSWORD).await;
    assert_eq!(owner.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_reset_mail_goes_out_at_most_once_a_minute_per_address() {
    let app = TestApp::spawn().await;
    app.create_user("ann@example.com", TEST_PASSWORD, "Ann")
        .await;
    for email in ["ann@example.com", "ghost@example.com"] {
        let first = app
            .post_json("/auth/v1/recover", json!({ "email": email }))
            .await;
        assert_eq!(first.status(), StatusCode::OK);
        app.clock().advance(chrono::Duration::seconds(20));
        let again = app
            .post_json("/auth/v1/recover", json!({ "email": email }))
            .await;
        assert_eq!(again.status(), StatusCode::TOO_MANY_REQUESTS, "{email}");
        assert_eq!(again.headers()["retry-after"], "40");
        let body: Value = again.json().await.unwrap();
        assert_eq!(body["error_code"], "over_email_send_rate_limit");
        assert_eq!(
            body["msg"],
            "For security purposes, you can only request this after 40 seconds."
        );
    }
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(app.mailbox("ann@example.com", 1).await.len(), 1);

    app.clock().advance(chrono::Duration::seconds(41));
    let later = app
        .post_json("/auth/v1/recover", json!({ "email": "ann@example.com" }))
        .await;
    assert_eq!(later.status(), StatusCode::OK);
    assert_eq!(app.mailbox("ann@example.com", 2).await.len(), 2);
}

/// A change to an access token's claims.
type ClaimsChange = Box<dyn FnOnce(&mut Value)>;

#[tokio::test]
async fn access_tokens_with_wrong_time_issuer_or_role_claims_are_refused() {
    let app = TestApp::spawn().await;
    let (_, issued, _) = app.signed_in_user("ann@example.com").await;
    let now = app.state.clock.now_secs();
    let untouched = app.forged(&issued, |_| {});
    assert_eq!(
        app.get_as(&untouched, "/_api/v1/swazprofile").await.0,
        StatusCode::OK
    );
    let skewed = app.forged(&issued, |c| c["iat"] = json!(now + 20));
    assert_eq!(
        app.get_as(&skewed, "/_api/v1/swazprofile").await.0,
        StatusCode::OK,
        "a few seconds of clock skew are tolerated"
    );
    let cases: Vec<(&str, ClaimsChange)> = vec![
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
        let token = app.forged(&issued, change);
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

#[tokio::test]
async fn every_rate_limited_answer_says_when_to_retry() {
    let app = TestApp::builder()
        .config(|c| {
            c.auth_rate_limit = 1;
            c.contact_rate_limit = 1;
        })
        .spawn()
        .await;
    let contact = json!({ "name": "Ann", "email": "ann@example.com", "subject": "Hi", "message": "Hello there, a question." });
    let mut last = None;
    for _ in 0..2 {
        last = Some(
            app.post_json("/_api/v1/contact/message", contact.clone())
                .await,
        );
    }
    let res = last.take().unwrap();
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    let secs = retry_after(&res);
    assert!((1..=300).contains(&secs), "{secs}");

    for _ in 0..2 {
        last = Some(
            app.post_json(
                "/auth/v1/signup",
                json!({ "email": "bob@example.com", "password": "x" }),
            )
            .await,
        );
    }
    let res = last.unwrap();
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(res.headers().contains_key("retry-after"));
}

#[tokio::test]
async fn the_openapi_document_states_required_fields_real_types_and_every_client_error() {
    let doc = serde_json::to_value(swaz::app::openapi()).unwrap();
    let schemas = &doc["components"]["schemas"];
    let required = |schema: &str| -> Vec<String> {
        schemas[schema]["required"]
            .as_array()
            .map(|r| r.iter().map(|v| v.as_str().unwrap().to_owned()).collect())
            .unwrap_or_default()
    };
    assert!(required("NewPracticeEvent").contains(&"kind".to_owned()));
    assert!(required("CheckoutBody").contains(&"plan".to_owned()));
    assert_eq!(required("AthleticVisionInput").len(), 9);

    let order = &doc["paths"]["/userinput/athleticvision/single/{order}"]["get"]["parameters"][0];
    assert_eq!(order["schema"]["type"], "integer", "{order}");
    assert_eq!(order["schema"]["minimum"], 1);
    assert_eq!(order["schema"]["maximum"], 9);

    for (path, ops) in doc["paths"].as_object().unwrap() {
        for (method, op) in ops.as_object().unwrap() {
            let responses = op["responses"].as_object().unwrap();
            if op.get("requestBody").is_some() {
                assert!(responses.contains_key("400"), "{method} {path}: 400");
                assert!(responses.contains_key("413"), "{method} {path}: 413");
            }
            if op.get("security").is_some() {
                assert!(responses.contains_key("401"), "{method} {path}: 401");
            }
        }
    }
    for path in [
        "/stripe/checkout",
        "/stripe/subscriptionsuccess-result",
        "/contact/message",
    ] {
        assert!(
            doc["paths"][path]["post"]["responses"].get("429").is_some(),
            "{path}: 429"
        );
    }
}
