//! The operator's command line, run as the real binary against the test app's database.

use reqwest::StatusCode;
use serde_json::Value;

use crate::binary::swaz_cli;
use crate::support::TestApp;

#[tokio::test]
async fn user_create_prints_the_id_and_paid_gives_a_membership() {
    let app = TestApp::spawn().await;
    let out = swaz_cli(
        app.cli_env(),
        &[
            "user",
            "create",
            "--email",
            "Coach@Example.com",
            "--password",
            "coach-password",
            "--first-name",
            "Cory",
            "--last-name",
            "Ng",
            "--confirmed",
            "--paid",
        ],
    )
    .await;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let id = String::from_utf8(out.stdout).unwrap().trim().to_owned();
    assert_eq!(id.len(), 36, "prints a UUID, got {id:?}");

    let session = app.sign_in("coach@example.com", "coach-password").await;
    let token = session["access_token"].as_str().unwrap();
    let profile: Value = app.get_json("/_api/v1/swazprofile", token).await;
    assert_eq!(profile["id"], id.as_str());
    assert_eq!(profile["lastName"], "Ng");
    assert_eq!(profile["roles"], serde_json::json!(["PAID"]));
}

#[tokio::test]
async fn an_unconfirmed_user_gets_a_confirmation_mail_and_cannot_sign_in_yet() {
    let app = TestApp::spawn().await;
    let out = swaz_cli(
        app.cli_env(),
        &[
            "user",
            "create",
            "--email",
            "new@example.com",
            "--password",
            "new-password",
            "--first-name",
            "Neo",
        ],
    )
    .await;
    assert!(out.status.success());
    let mail = &app.mailbox("new@example.com", 1).await[0];
    assert_eq!(mail["subject"], "Confirm your SWAZ e-mail address");
    let res = app
        .post_json(
            "/auth/v1/token?grant_type=password",
            serde_json::json!({ "email": "new@example.com", "password": "new-password" }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn user_create_explains_what_is_wrong() {
    let app = TestApp::spawn().await;
    app.create_user("ann@example.com", "first-password-1", "Ann")
        .await;
    let out = swaz_cli(
        app.cli_env(),
        &[
            "user",
            "create",
            "--email",
            "ann@example.com",
            "--password",
            "whatever-1",
            "--first-name",
            "A",
        ],
    )
    .await;
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("already been registered"));
    let out = swaz_cli(
        app.cli_env(),
        &[
            "user",
            "create",
            "--email",
            "x@example.com",
            "--password",
            "short",
            "--first-name",
            "A",
        ],
    )
    .await;
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("--password: Password should be at least 8 characters."));
}

#[tokio::test]
async fn migrate_is_idempotent() {
    let app = TestApp::spawn().await;
    for _ in 0..2 {
        let out = swaz_cli(app.cli_env(), &["migrate"]).await;
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim(),
            "migrations applied"
        );
    }
}

#[tokio::test]
async fn production_refuses_to_start_with_the_test_mode_checkout() {
    let app = TestApp::spawn().await;
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_swaz"))
        .args(["migrate"])
        .envs(app.cli_env())
        .env("SWAZ_ENV", "production")
        .env(
            "SWAZ_JWT_SECRET",
            "a-production-secret-of-at-least-32-chars",
        )
        .env("SWAZ_LOG", "warn")
        .output()
        .await
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("would give memberships away"), "{stderr}");
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_swaz"))
        .args(["migrate"])
        .envs(app.cli_env())
        .env("SWAZ_ENV", "production")
        .env("SWAZ_ALLOW_TEST_PAYMENTS", "true")
        .env(
            "SWAZ_JWT_SECRET",
            "a-production-secret-of-at-least-32-chars",
        )
        .env("SWAZ_LOG", "warn")
        .output()
        .await
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[tokio::test]
async fn service_key_prints_a_key_the_admin_api_accepts() {
    let app = TestApp::spawn().await;
    let out = swaz_cli(app.cli_env(), &["service-key", "--days", "2"]).await;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let key = String::from_utf8(out.stdout).unwrap().trim().to_owned();
    let res = app
        .http
        .get(app.url("/auth/v1/admin/users"))
        .bearer_auth(&key)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["aud"], "authenticated");
}
