//! Issue 26: one password-change rule for both endpoints, and NUL bytes in an address.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::TestApp;

#[tokio::test]
async fn the_products_password_change_asks_an_old_session_to_sign_in_again_as_auth_v1_does() {
    let app = TestApp::builder()
        .config(|c| c.secure_password_change = true)
        .spawn()
        .await;
    let ann = app.with_user("ann@example.com", "Ann").await;
    let session = app.sign_in(&ann.email, crate::support::TEST_PASSWORD).await;
    app.clock().advance(chrono::Duration::hours(25));
    // A day later the session still refreshes: its tokens carry the old sign-in's moment.
    let res = app
        .post_json(
            "/auth/v1/token?grant_type=refresh_token",
            json!({ "refresh_token": session["refresh_token"] }),
        )
        .await;
    let refreshed: Value = res.json().await.unwrap();
    let old = ann.with_token(refreshed["access_token"].as_str().unwrap());

    let (status, body) = old
        .post(
            "/_api/v1/supabase/changepassword",
            json!({ "password": "second-password-2" }),
        )
        .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            StatusCode::FORBIDDEN,
            Some("For your security, sign in again before changing your password: you signed in more than a day ago.")
        )
    );
    let (status, body) = old
        .put("/auth/v1/user", json!({ "password": "second-password-2" }))
        .await;
    assert_eq!(
        (status, body["error_code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("reauthentication_needed"))
    );
    // Neither changed it: the old password still signs in, and a fresh session may change it.
    let fresh = app.sign_in(&ann.email, crate::support::TEST_PASSWORD).await;
    let fresh = ann.with_token(fresh["access_token"].as_str().unwrap());
    let (status, _) = fresh
        .post(
            "/_api/v1/supabase/changepassword",
            json!({ "password": "second-password-2" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn without_the_setting_an_old_session_changes_the_password_on_both_endpoints() {
    let app = TestApp::spawn().await;
    let ann = app.with_user("ann@example.com", "Ann").await;
    let session = app.sign_in(&ann.email, crate::support::TEST_PASSWORD).await;
    app.clock().advance(chrono::Duration::hours(25));
    let res = app
        .post_json(
            "/auth/v1/token?grant_type=refresh_token",
            json!({ "refresh_token": session["refresh_token"] }),
        )
        .await;
    let refreshed: Value = res.json().await.unwrap();
    let old = ann.with_token(refreshed["access_token"].as_str().unwrap());
    let (status, body) = old
        .post(
            "/_api/v1/supabase/changepassword",
            json!({ "password": "second-password-2" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn a_nul_byte_in_an_address_is_a_404_in_the_path_and_a_400_in_the_query() {
    let app = TestApp::spawn().await;
    for (path, status, message) in [
        (
            "/_invoice/%00",
            404,
            "Nothing here has that name: the address contains a NUL byte.",
        ),
        (
            "/_api/v1/team/invite/a%00b",
            404,
            "Nothing here has that name: the address contains a NUL byte.",
        ),
        (
            "/_dev/mailbox?to=%00",
            400,
            "A value in the address contains a NUL byte, which no field takes.",
        ),
        (
            "/auth/v1/verify?token=%00&type=signup",
            400,
            "A value in the address contains a NUL byte, which no field takes.",
        ),
    ] {
        let res = app.http.get(app.url(path)).send().await.unwrap();
        assert_eq!(res.status().as_u16(), status, "{path}");
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["message"], message, "{path}");
    }
    // A literal "%00" written as text (encoded once more) is no NUL.
    let res = app
        .http
        .get(app.url("/_invoice/%2500"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}
