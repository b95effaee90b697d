//! Guessing secrets: a stranger's wrong e-mailed or authenticator codes never block the owner
//! from a clean address, and guessing e-mailed codes finds nothing in 100,000 tries.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::identity_mfa::{code, turn_on};
use crate::identity_otp::code_in;
use crate::support::{TestApp, TEST_PASSWORD};

const ANN: &str = "ann@example.com";
const OWNER_IP: &str = "192.0.2.7";

/// An app that trusts X-Forwarded-For, with the production limit of 30 attempts in 5 minutes.
async fn app_behind_proxy() -> TestApp {
    let app = TestApp::builder()
        .config(|c| {
            c.trust_proxy = true;
            c.auth_rate_limit = 30;
            c.auth_rate_window_secs = 300;
        })
        .spawn()
        .await;
    app.create_user(ANN, TEST_PASSWORD, "Ann").await;
    app
}

/// POST `body` to `path` as if from `ip`, without a token.
async fn post_from(
    app: &TestApp,
    ip: &str,
    token: Option<&str>,
    path: &str,
    body: Value,
) -> (StatusCode, Value) {
    let mut req = app
        .http
        .post(app.url(path))
        .header("x-forwarded-for", ip)
        .json(&body);
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    let res = req.send().await.unwrap();
    let status = res.status();
    (status, res.json().await.unwrap_or(Value::Null))
}

/// Asks for a sign-in code for Ann (one e-mail a minute: the clock moves a minute first) and
/// answers the code mailed.
async fn mail_code(app: &TestApp, from: &str, mails_before: usize) -> String {
    app.clock().advance(chrono::Duration::seconds(61));
    let (status, body) = post_from(app, from, None, "/auth/v1/otp", json!({ "email": ANN })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Newest first.
    code_in(&app.mailbox(ANN, mails_before + 1).await[0])
}

async fn verify_code(app: &TestApp, ip: &str, code: &str) -> (StatusCode, Value) {
    post_from(
        app,
        ip,
        None,
        "/auth/v1/verify",
        json!({ "type": "email", "email": ANN, "token": code }),
    )
    .await
}

/// A six-digit guess that is not `code`.
fn wrong(code: &str, n: u32) -> String {
    let c: u32 = code.parse().unwrap();
    format!("{:06}", (c + 1 + n) % 1_000_000)
}

#[tokio::test]
async fn a_strangers_wrong_codes_do_not_block_the_owners_code() {
    let app = app_behind_proxy().await;
    let stolen = mail_code(&app, OWNER_IP, 0).await;
    // Sixty wrong codes from one address and sixty spread over many: the stranger's own address
    // is refused once it is over the limit.
    let mut refused = 0;
    for n in 0..60 {
        let (status, _) = verify_code(&app, "203.0.113.9", &wrong(&stolen, n)).await;
        refused += usize::from(status == StatusCode::TOO_MANY_REQUESTS);
    }
    assert!(
        refused >= 30,
        "the guessing address should be refused: {refused}"
    );
    for n in 0..60 {
        let (status, _) = verify_code(
            &app,
            &format!("10.0.{}.{}", n / 250, n % 250),
            &wrong(&stolen, n),
        )
        .await;
        assert_ne!(status, StatusCode::OK);
    }
    // The guessed-at code is dead; the owner asks for a new one and signs in with it.
    let code = mail_code(&app, OWNER_IP, 1).await;
    let (status, session) = verify_code(&app, OWNER_IP, &code).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "the owner was locked out: {session}"
    );
    assert_eq!(session["user"]["email"], ANN);
}

#[tokio::test]
async fn someone_holding_the_password_cannot_block_the_owners_authenticator_step() {
    let app = app_behind_proxy().await;
    let token = app.fresh_token(ANN).await;
    let (factor, secret, _) = turn_on(&app, &token).await;
    let challenge = |token: String| {
        let app = &app;
        let path = format!("/auth/v1/factors/{factor}/challenge");
        async move {
            let (status, challenge) =
                post_from(app, OWNER_IP, Some(&token), &path, json!({})).await;
            assert_eq!(status, StatusCode::OK, "{challenge}");
            challenge["id"].as_str().unwrap().to_owned()
        }
    };
    let verify_path = format!("/auth/v1/factors/{factor}/verify");
    // Someone else signs in with the password and enters wrong codes until refused.
    let thief = app.fresh_token(ANN).await;
    let thiefs_challenge = challenge(thief.clone()).await;
    let right = code(&app, &secret, 0);
    let mut refused = false;
    for n in 0..40 {
        let (status, body) = post_from(
            &app,
            "203.0.113.9",
            Some(&thief),
            &verify_path,
            json!({ "challenge_id": thiefs_challenge, "code": wrong(&right, n) }),
        )
        .await;
        assert_ne!(status, StatusCode::OK, "{body}");
        refused |= status == StatusCode::TOO_MANY_REQUESTS;
    }
    assert!(refused, "the guessing address should be refused");
    // The owner, on their own device and in the next 30-second step (the last code was used),
    // finishes signing in with the authenticator's code.
    app.clock().advance(chrono::Duration::seconds(30));
    let owner = app.fresh_token(ANN).await;
    let owners_challenge = challenge(owner.clone()).await;
    let (status, session) = post_from(
        &app,
        OWNER_IP,
        Some(&owner),
        &verify_path,
        json!({ "challenge_id": owners_challenge, "code": code(&app, &secret, 0) }),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::OK,
        "the owner was locked out: {session}"
    );
}

/// The attack: for `MINUTES` minutes the attacker has a new code mailed each minute (one live
/// code at a time: the next ends it) and sends `PER_MINUTE` guesses, `SPREAD` of them each from
/// a new address (so no per-address limit slows them down) and the rest from its own address;
/// 100,000 guesses in all.
const MINUTES: u32 = 20;
const PER_MINUTE: u32 = 5_000;
const SPREAD: u32 = 1_000;

#[tokio::test]
async fn guessing_mailed_codes_finds_none_in_100000_tries() {
    let app = app_behind_proxy().await;
    let mut found = Vec::new();
    let mut dead_code_refused = 0;
    for minute in 0..MINUTES {
        // The attacker cannot read Ann's mail; the test reads it only to try the right code
        // last, which must fail: a code guessed at a handful of times is dead.
        let live = mail_code(&app, "203.0.113.9", minute as usize).await;
        for (guess, status) in guesses(&app, minute).await {
            if status == StatusCode::OK {
                found.push(guess);
            }
        }
        let (status, _) = verify_code(&app, "198.51.100.1", &live).await;
        dead_code_refused += usize::from(status != StatusCode::OK);
    }
    assert!(found.is_empty(), "codes found by guessing: {found:?}");
    assert_eq!(dead_code_refused, MINUTES as usize);
    let evaluated: Option<i64> =
        sqlx::query_scalar("SELECT CAST(SUM(failed_attempts) AS BIGINT) FROM one_time_tokens")
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
    assert!(
        evaluated.unwrap_or(0) <= i64::from(MINUTES) * 5,
        "at most five guesses count against each code: {evaluated:?}"
    );
    // The owner still signs in with a new code.
    let code = mail_code(&app, OWNER_IP, MINUTES as usize).await;
    let (status, _) = verify_code(&app, OWNER_IP, &code).await;
    assert_eq!(status, StatusCode::OK);
}

/// One minute's guesses, numbered on from the minute's first, eight at a time.
async fn guesses(app: &TestApp, minute: u32) -> Vec<(String, StatusCode)> {
    let first = minute * PER_MINUTE;
    let lanes = 8;
    let mut tasks = Vec::new();
    for lane in 0..lanes {
        let http = app.http.clone();
        let url = app.url("/auth/v1/verify");
        tasks.push(tokio::spawn(async move {
            let mut out = Vec::new();
            for n in (first + lane..first + PER_MINUTE).step_by(lanes as usize) {
                let guess = format!("{:06}", n % 1_000_000);
                let ip = if n - first < SPREAD {
                    format!("10.{minute}.{}.{}", n / 250 % 250, n % 250)
                } else {
                    "203.0.113.9".to_owned()
                };
                let res = http
                    .post(&url)
                    .header("x-forwarded-for", ip)
                    .json(&json!({ "type": "email", "email": ANN, "token": guess }))
                    .send()
                    .await
                    .unwrap();
                out.push((guess, res.status()));
            }
            out
        }));
    }
    let mut answers = Vec::with_capacity(PER_MINUTE as usize);
    for task in tasks {
        answers.extend(task.await.unwrap());
    }
    answers
}
