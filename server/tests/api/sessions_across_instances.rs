//! A signed-in read answers from the sessions an instance last found live (speed issue 30); a
//! sign-out, or anything else that ends a session, must still be honoured at once — on the
//! instance that ended it and, on PostgreSQL, on every other instance of the same database.

use reqwest::StatusCode;

use crate::support::TestApp;

const PROFILE: &str = "/_api/v1/swazprofile";

fn on_postgres() -> bool {
    std::env::var("TEST_DATABASE_URL").is_ok_and(|u| u.starts_with("postgres"))
}

async fn logout(app: &TestApp, token: &str, scope: &str) {
    let res = app
        .http
        .post(app.url(&format!("/auth/v1/logout?scope={scope}")))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
}

/// A second instance of `a`'s database, as behind a proxy: the same public address, so each
/// accepts the other's tokens.
async fn second_instance(a: &TestApp) -> TestApp {
    let public_url = a.state.config.public_url.clone();
    TestApp::builder()
        .same_database_as(a)
        .config(move |c| c.public_url = public_url)
        .spawn()
        .await
}

/// Whether `b` refuses `token` once the announcement of its end has crossed from the other
/// instance (a notification through PostgreSQL: at most a few milliseconds here, where both
/// instances and the test share one thread).
async fn refused_soon(b: &TestApp, token: &str) -> bool {
    let deadline = std::time::Instant::now() + std::time::Duration::from_millis(500);
    loop {
        match status_on(b, token).await {
            StatusCode::UNAUTHORIZED => return true,
            // Until the announcement arrives, b may still take the session as live; for a
            // deleted account its read then finds no account (404), which shows nothing either.
            StatusCode::OK | StatusCode::NOT_FOUND if std::time::Instant::now() < deadline => {
                tokio::time::sleep(std::time::Duration::from_millis(5)).await
            }
            _ => return false,
        }
    }
}

async fn status_on(app: &TestApp, token: &str) -> StatusCode {
    app.get_as(token, PROFILE).await.0
}

#[tokio::test]
async fn a_session_ended_on_one_instance_is_refused_at_once_by_the_other() {
    if !on_postgres() {
        return; // SQLite serves one instance only.
    }
    let a = TestApp::spawn().await;
    let b = second_instance(&a).await;
    let ann = a.with_paid_user("ann@example.com").await;
    // Both instances have answered this session, so both have it in memory.
    for _ in 0..3 {
        assert_eq!(status_on(&a, &ann.token).await, StatusCode::OK);
        assert_eq!(status_on(&b, &ann.token).await, StatusCode::OK);
    }
    logout(&a, &ann.token, "local").await;
    assert!(
        refused_soon(&b, &ann.token).await,
        "instance b answered a signed-out session"
    );
    assert_eq!(status_on(&a, &ann.token).await, StatusCode::UNAUTHORIZED);

    // A global sign-out from another device ends this one too, on both.
    let phone = ann.with_token(&a.fresh_token(&ann.email).await);
    let laptop = ann.with_token(&b.fresh_token(&ann.email).await);
    for token in [&phone.token, &laptop.token] {
        assert_eq!(status_on(&a, token).await, StatusCode::OK);
        assert_eq!(status_on(&b, token).await, StatusCode::OK);
    }
    logout(&b, &laptop.token, "global").await;
    assert!(refused_soon(&a, &phone.token).await);
    assert!(refused_soon(&b, &phone.token).await);
}

#[tokio::test]
async fn a_deleted_account_is_refused_at_once_by_the_other_instance() {
    if !on_postgres() {
        return;
    }
    let a = TestApp::spawn().await;
    let b = second_instance(&a).await;
    let bo = a.with_user("bo@example.com", "Bo").await;
    assert_eq!(status_on(&b, &bo.token).await, StatusCode::OK);
    let res = a
        .http
        .delete(a.url("/_api/v1/account"))
        .bearer_auth(&bo.token)
        .json(&serde_json::json!({ "confirmation": "DELETE" }))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{}", res.text().await.unwrap());
    assert!(refused_soon(&b, &bo.token).await);
}

#[tokio::test]
async fn an_instance_that_lost_its_announcements_asks_the_database_again() {
    if !on_postgres() {
        return;
    }
    let a = TestApp::spawn().await;
    let b = second_instance(&a).await;
    let cy = a.with_paid_user("cy@example.com").await;
    assert_eq!(status_on(&b, &cy.token).await, StatusCode::OK);
    // Every connection to the database ends (a restart, a failover), the listeners' too; a
    // sign-out right after must still be refused by both instances.
    let url = a.state.config.database_url.expose();
    let mut admin = <sqlx::PgConnection as sqlx::Connection>::connect(url)
        .await
        .unwrap();
    sqlx::query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = current_database() AND pid <> pg_backend_pid()",
    )
    .execute(&mut admin)
    .await
    .unwrap();
    // The time an instance takes to notice that its connection ended (a restart or failover
    // takes far longer than this before anyone can write again).
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    logout(&a, &cy.token, "local").await;
    assert_eq!(status_on(&b, &cy.token).await, StatusCode::UNAUTHORIZED);
    assert_eq!(status_on(&a, &cy.token).await, StatusCode::UNAUTHORIZED);
}
