//! `/auth/v1`: GoTrue's wire format for the calls `@supabase/auth-js` makes.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::TestApp;

async fn error_of(res: reqwest::Response) -> (StatusCode, Value) {
    let status = res.status();
    (status, res.json().await.unwrap())
}

#[tokio::test]
async fn password_sign_in_answers_a_gotrue_session() {
    let app = TestApp::spawn().await;
    let id = app
        .create_user("ann@example.com", "first-password-1", "Ann")
        .await;
    let session = app.sign_in("Ann@Example.com", "first-password-1").await;
    assert_eq!(session["token_type"], "bearer");
    assert_eq!(session["expires_in"], 3600);
    assert!(session["expires_at"].as_i64().unwrap() > chrono::Utc::now().timestamp());
    assert!(session["refresh_token"].as_str().unwrap().len() >= 24);
    assert_eq!(session["user"]["id"], id.as_str());
    assert_eq!(session["user"]["email"], "ann@example.com");
    assert_eq!(session["user"]["aud"], "authenticated");
    assert_eq!(
        session["user"]["user_metadata"],
        json!({ "email_verified": true }),
        "only what was given, and GoTrue's mark of a confirmed address"
    );
    assert!(session["user"]["email_confirmed_at"].is_string());

    let claims: swaz::auth::tokens::Claims = app
        .state
        .tokens
        .verify(
            session["access_token"].as_str().unwrap(),
            app.state.clock.now_secs(),
        )
        .unwrap();
    assert_eq!(claims.sub, id);
    assert_eq!(claims.role, "authenticated");
    assert_eq!(claims.aal, "aal1");
    assert_eq!(claims.amr[0].method, "password");
    assert!(!claims.session_id.is_empty());
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_email_get_the_same_refusal() {
    let app = TestApp::spawn().await;
    app.create_user("ann@example.com", "first-password-1", "Ann")
        .await;
    for (email, password) in [
        ("ann@example.com", "wrong-password"),
        ("nobody@example.com", "first-password-1"),
    ] {
        let res = app
            .post_json(
                "/auth/v1/token?grant_type=password",
                json!({ "email": email, "password": password }),
            )
            .await;
        let (status, body) = error_of(res).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            body,
            json!({ "code": 400, "error_code": "invalid_credentials", "msg": "Invalid login credentials" })
        );
    }
}

#[tokio::test]
async fn sign_in_is_refused_before_the_email_is_confirmed() {
    let app = TestApp::spawn().await;
    app.create_user_with("new@example.com", "first-password-1", "Neo", false)
        .await;
    let res = app
        .post_json(
            "/auth/v1/token?grant_type=password",
            json!({ "email": "new@example.com", "password": "first-password-1" }),
        )
        .await;
    let (status, body) = error_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error_code"], "email_not_confirmed");
    assert_eq!(body["msg"], "Email not confirmed");
}

#[tokio::test]
async fn sign_up_mails_a_confirmation_link_that_confirms_and_signs_in_once() {
    let app = TestApp::spawn().await;
    let redirect = format!("{}/user-dashboard", app.base);
    let res = app
        .post_json(
            &format!("/auth/v1/signup?redirect_to={}", urlencoding::encode(&redirect)),
            json!({ "email": "Zoe@Example.com", "password": "a-good-password", "data": { "name": "Zoe Quinn" } }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let user: Value = res.json().await.unwrap();
    assert_eq!(user["email"], "zoe@example.com");
    assert!(user["email_confirmed_at"].is_null());
    assert!(
        user.get("access_token").is_none(),
        "no session before confirmation"
    );

    let mail = &app.mailbox("zoe@example.com", 1).await[0];
    assert_eq!(mail["subject"], "Confirm your SWAZ e-mail address");
    assert!(mail["text"].as_str().unwrap().starts_with("Hi Zoe,"));
    let link = app.link_in(mail);
    let res = app.http.get(&link).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let location = res.headers()["location"].to_str().unwrap().to_owned();
    assert!(
        location.starts_with(&format!("{redirect}#access_token=")),
        "{location}"
    );
    assert!(location.contains("&refresh_token=") && location.contains("&type=signup"));

    let session = app.sign_in("zoe@example.com", "a-good-password").await;
    assert_eq!(
        session["user"]["user_metadata"],
        json!({ "name": "Zoe Quinn", "email_verified": true }),
        "the data given, nothing the client did not send"
    );
    let profile = app
        .get_json(
            "/_api/v1/swazprofile",
            session["access_token"].as_str().unwrap(),
        )
        .await;
    assert_eq!(
        (&profile["firstName"], &profile["lastName"]),
        (&json!("Zoe"), &json!("Quinn")),
        "the product still has the names"
    );

    let again = app.http.get(&link).send().await.unwrap();
    let location = again.headers()["location"].to_str().unwrap();
    assert!(
        location.contains("#error=access_denied&error_code=otp_expired"),
        "{location}"
    );
}

#[tokio::test]
async fn sign_up_with_a_registered_email_does_not_reveal_the_account() {
    let app = TestApp::spawn().await;
    let id = app
        .create_user("ann@example.com", "first-password-1", "Ann")
        .await;
    let res = app
        .post_json(
            "/auth/v1/signup",
            json!({ "email": "ann@example.com", "password": "another-password" }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let body: Value = res.json().await.unwrap();
    assert_ne!(body["id"], id.as_str());
    assert_eq!(body["identities"], json!([]));
    app.sign_in("ann@example.com", "first-password-1").await;
}

#[tokio::test]
async fn sign_up_refuses_a_short_password_as_weak() {
    let app = TestApp::spawn().await;
    let res = app
        .post_json(
            "/auth/v1/signup",
            json!({ "email": "a@example.com", "password": "short" }),
        )
        .await;
    let (status, body) = error_of(res).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error_code"], "weak_password");
    assert_eq!(body["msg"], "Password should be at least 8 characters.");
    assert_eq!(body["weak_password"]["reasons"], json!(["length"]));
}

async fn refresh(app: &TestApp, token: &str) -> reqwest::Response {
    app.post_json(
        "/auth/v1/token?grant_type=refresh_token",
        json!({ "refresh_token": token }),
    )
    .await
}

#[tokio::test]
async fn refresh_rotates_the_token_and_the_new_access_token_works() {
    let app = TestApp::spawn().await;
    let (_, _, session) = app.signed_in_user("ann@example.com").await;
    let old = session["refresh_token"].as_str().unwrap();
    let res = refresh(&app, old).await;
    assert_eq!(res.status(), StatusCode::OK);
    let next: Value = res.json().await.unwrap();
    assert_ne!(next["refresh_token"], session["refresh_token"]);
    let user = app
        .get_auth("/auth/v1/user", next["access_token"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(user.status(), StatusCode::OK);
    // A second tab presenting the same token within the reuse interval is not treated as theft.
    assert_eq!(refresh(&app, old).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_refresh_token_used_again_within_the_interval_answers_the_same_child_as_gotrue() {
    let app = TestApp::spawn().await;
    let (_, _, session) = app.signed_in_user("ann@example.com").await;
    let old = session["refresh_token"].as_str().unwrap();
    let mut children = std::collections::HashSet::new();
    for _ in 0..6 {
        let res = refresh(&app, old).await;
        assert_eq!(res.status(), StatusCode::OK);
        let next: Value = res.json().await.unwrap();
        children.insert(next["refresh_token"].as_str().unwrap().to_owned());
    }
    assert_eq!(children.len(), 1, "one child, not a fork: {children:?}");
    let child = children.into_iter().next().unwrap();
    assert_ne!(child, old);
    let res = refresh(&app, &child).await;
    assert_eq!(res.status(), StatusCode::OK, "the child itself refreshes");
}

#[tokio::test]
async fn reusing_a_rotated_refresh_token_revokes_the_whole_session() {
    let app = TestApp::builder()
        .config(|c| c.refresh_reuse_interval_secs = 0)
        .spawn()
        .await;
    let (_, access, session) = app.signed_in_user("ann@example.com").await;
    let old = session["refresh_token"].as_str().unwrap().to_owned();
    let next: Value = refresh(&app, &old).await.json().await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;

    let (status, body) = error_of(refresh(&app, &old).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error_code"], "refresh_token_already_used");
    assert_eq!(body["msg"], "Invalid Refresh Token: Already Used");
    // The thief's reuse ended the session: the newest token and the access token are dead too.
    let (_, body) = error_of(refresh(&app, next["refresh_token"].as_str().unwrap()).await).await;
    assert_eq!(body["error_code"], "refresh_token_not_found");
    let (status, body) =
        error_of(app.get_auth("/auth/v1/user", &access).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["error_code"], "session_not_found");
}

#[tokio::test]
async fn an_unknown_refresh_token_is_refused() {
    let app = TestApp::spawn().await;
    let (status, body) = error_of(refresh(&app, "not-a-token").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["msg"],
        "Invalid Refresh Token: Refresh Token Not Found"
    );
    let (status, body) = error_of(
        app.post_json("/auth/v1/token?grant_type=magic", json!({}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error_code"], "unsupported_grant_type");
}

#[tokio::test]
async fn get_user_needs_a_valid_bearer_token() {
    let app = TestApp::spawn().await;
    let (status, body) =
        error_of(app.http.get(app.url("/auth/v1/user")).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["error_code"], "no_authorization");
    let (status, body) = error_of(
        app.get_auth("/auth/v1/user", "garbage")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["error_code"], "bad_jwt");
}

#[tokio::test]
async fn logout_scopes_end_this_session_other_sessions_or_all() {
    let app = TestApp::spawn().await;
    app.create_user("ann@example.com", "first-password-1", "Ann")
        .await;
    let mut tokens = vec![];
    for _ in 0..3 {
        let s = app.sign_in("ann@example.com", "first-password-1").await;
        tokens.push(s["access_token"].as_str().unwrap().to_owned());
    }
    let alive = |token: String| {
        let req = app.get_auth("/auth/v1/user", &token);
        async move { req.send().await.unwrap().status() == StatusCode::OK }
    };
    let logout = |scope: &str, token: &str| {
        app.http
            .post(app.url(&format!("/auth/v1/logout?scope={scope}")))
            .bearer_auth(token)
            .send()
    };

    assert_eq!(
        logout("local", &tokens[0]).await.unwrap().status(),
        StatusCode::NO_CONTENT
    );
    assert!(!alive(tokens[0].clone()).await);
    assert!(alive(tokens[1].clone()).await);

    assert_eq!(
        logout("others", &tokens[1]).await.unwrap().status(),
        StatusCode::NO_CONTENT
    );
    assert!(alive(tokens[1].clone()).await);
    assert!(!alive(tokens[2].clone()).await);

    let fresh = app.sign_in("ann@example.com", "first-password-1").await;
    assert_eq!(
        logout("global", &tokens[1]).await.unwrap().status(),
        StatusCode::NO_CONTENT
    );
    assert!(!alive(tokens[1].clone()).await);
    assert!(!alive(fresh["access_token"].as_str().unwrap().to_owned()).await);

    let (status, body) = error_of(logout("everything", &tokens[1]).await.unwrap()).await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "a dead session cannot log out again: {body}"
    );
}

#[tokio::test]
async fn put_user_changes_the_password_and_signs_out_other_devices() {
    let app = TestApp::spawn().await;
    let (_, access, _) = app.signed_in_user("ann@example.com").await;
    let other = app.sign_in("ann@example.com", "first-password-1").await;
    let res = app
        .http
        .put(app.url("/auth/v1/user"))
        .bearer_auth(&access)
        .json(&json!({ "password": "second-password-2" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let user: Value = res.json().await.unwrap();
    assert_eq!(user["email"], "ann@example.com");
    assert_eq!(
        app.get_auth("/auth/v1/user", &access)
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::OK
    );
    let other_access = other["access_token"].as_str().unwrap();
    assert_eq!(
        app.get_auth("/auth/v1/user", other_access)
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::FORBIDDEN
    );
    app.sign_in("ann@example.com", "second-password-2").await;

    let same = app
        .http
        .put(app.url("/auth/v1/user"))
        .bearer_auth(&access)
        .json(&json!({ "password": "second-password-2" }))
        .send()
        .await
        .unwrap();
    let (status, body) = error_of(same).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error_code"], "same_password");
}

#[tokio::test]
async fn recover_answers_the_same_for_unknown_emails_and_mails_only_real_accounts() {
    let app = TestApp::spawn().await;
    app.create_user("ann@example.com", "first-password-1", "Ann")
        .await;
    for email in ["ann@example.com", "ghost@example.com"] {
        let res = app
            .post_json("/auth/v1/recover", json!({ "email": email }))
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.json::<Value>().await.unwrap(), json!({}));
    }
    let mail = &app.mailbox("ann@example.com", 1).await[0];
    assert_eq!(mail["subject"], "Reset your SWAZ password");
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(app.mailbox("ghost@example.com", 0).await.is_empty());

    let (status, body) = error_of(
        app.post_json("/auth/v1/recover", json!({ "email": "not-an-email" }))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["msg"],
        "Unable to validate email address: invalid format"
    );
}

#[tokio::test]
async fn the_recovery_link_signs_in_for_a_password_reset_exactly_once() {
    let app = TestApp::spawn().await;
    app.create_user("ann@example.com", "first-password-1", "Ann")
        .await;
    let redirect = format!("{}/auth/reset-password", app.base);
    app.post_json(
        &format!(
            "/auth/v1/recover?redirect_to={}",
            urlencoding::encode(&redirect)
        ),
        json!({ "email": "ann@example.com" }),
    )
    .await;
    let link = app.link_in(&app.mailbox("ann@example.com", 1).await[0]);
    let res = app.http.get(&link).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let location = res.headers()["location"].to_str().unwrap().to_owned();
    let fragment = location
        .strip_prefix(&format!("{redirect}#"))
        .expect("redirects to the reset page");
    let params: std::collections::HashMap<_, _> = url::form_urlencoded::parse(fragment.as_bytes())
        .into_owned()
        .collect();
    assert_eq!(params["type"], "recovery");
    assert_eq!(params["token_type"], "bearer");
    assert_eq!(params["expires_in"], "3600");

    let res = app
        .http
        .put(app.url("/auth/v1/user"))
        .bearer_auth(&params["access_token"])
        .json(&json!({ "password": "brand-new-password" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    app.sign_in("ann@example.com", "brand-new-password").await;

    let again = app.http.get(&link).send().await.unwrap();
    assert!(again.headers()["location"]
        .to_str()
        .unwrap()
        .contains("error_code=otp_expired"));
}

#[tokio::test]
async fn links_never_redirect_to_another_site() {
    let app = TestApp::spawn().await;
    app.create_user("ann@example.com", "first-password-1", "Ann")
        .await;
    app.post_json(
        "/auth/v1/recover?redirect_to=https%3A%2F%2Fevil.example%2Fsteal",
        json!({ "email": "ann@example.com" }),
    )
    .await;
    let link = app.link_in(&app.mailbox("ann@example.com", 1).await[0]);
    let res = app.http.get(&link).send().await.unwrap();
    let location = res.headers()["location"].to_str().unwrap();
    assert!(
        location.starts_with(&format!("{}/auth/reset-password#", app.base)),
        "{location}"
    );
}

#[tokio::test]
async fn too_many_sign_in_attempts_are_rate_limited() {
    let app = TestApp::builder()
        .config(|c| c.auth_rate_limit = 3)
        .spawn()
        .await;
    app.create_user("ann@example.com", "first-password-1", "Ann")
        .await;
    for _ in 0..3 {
        let res = app
            .post_json(
                "/auth/v1/token?grant_type=password",
                json!({ "email": "ann@example.com", "password": "nope-nope" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    }
    let res = app
        .post_json(
            "/auth/v1/token?grant_type=password",
            json!({ "email": "ann@example.com", "password": "first-password-1" }),
        )
        .await;
    let (status, body) = error_of(res).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(body["error_code"], "over_request_rate_limit");
}

#[tokio::test]
async fn malformed_bodies_get_a_clear_400() {
    let app = TestApp::spawn().await;
    let res = app
        .http
        .post(app.url("/auth/v1/token?grant_type=password"))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    let (status, body) = error_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error_code"], "bad_json");
    let (status, body) = error_of(
        app.post_json(
            "/auth/v1/token?grant_type=password",
            json!({ "email": "a@b.co" }),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["msg"], "Please enter your email and password.");
}

#[tokio::test]
async fn a_refused_user_update_changes_nothing() {
    let app = TestApp::spawn().await;
    let (_, access, _) = app.signed_in_user("ann@example.com").await;
    let res = app
        .http
        .put(app.url("/auth/v1/user"))
        .bearer_auth(&access)
        .json(&json!({ "password": "brand-new-pass-1", "data": { "hobby": "chess" }, "email": "not-an-email" }))
        .send()
        .await
        .unwrap();
    let (status, body) = error_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error_code"], "validation_failed");
    assert_eq!(
        body["msg"],
        "Unable to validate email address: invalid format"
    );
    app.sign_in("ann@example.com", "first-password-1").await;
    let user = app.get_json("/auth/v1/user", &access).await;
    assert!(user["user_metadata"].get("hobby").is_none());

    let huge = json!({ "data": { "notes": "x".repeat(20_000) } });
    let res = app
        .http
        .put(app.url("/auth/v1/user"))
        .bearer_auth(&access)
        .json(&huge)
        .send()
        .await
        .unwrap();
    let (status, body) = error_of(res).await;
    assert_eq!(
        (status, body["msg"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("User data is too large: keep it under 16 KB.")
        )
    );
}

#[tokio::test]
async fn a_link_with_control_characters_in_its_redirect_falls_back_to_the_app() {
    let app = TestApp::spawn().await;
    app.create_user("ann@example.com", "first-password-1", "Ann")
        .await;
    app.post_json("/auth/v1/recover", json!({ "email": "ann@example.com" }))
        .await;
    let link = app.link_in(&app.mailbox("ann@example.com", 1).await[0]);
    let token = link
        .split("token=")
        .nth(1)
        .unwrap()
        .split('&')
        .next()
        .unwrap()
        .to_owned();
    let res = app
        .http
        .get(app.url(&format!(
            "/auth/v1/verify?type=recovery&token={token}&redirect_to=/a%0Ab"
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let location = res.headers()["location"].to_str().unwrap();
    assert!(
        location.starts_with(&format!("{}/auth/reset-password#access_token=", app.base)),
        "{location}"
    );
}

#[tokio::test]
async fn rate_limit_keys_stay_small_whatever_the_email() {
    let app = TestApp::spawn().await;
    let res = app
        .post_json("/auth/v1/recover", json!({ "email": "x".repeat(50_000) }))
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let longest: Option<i64> = sqlx::query_scalar("SELECT MAX(LENGTH(key)) FROM rate_limits")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert!(longest.unwrap() < 80, "{longest:?}");
}

#[tokio::test]
async fn a_user_update_refused_for_a_taken_email_writes_neither_metadata_nor_password() {
    let app = TestApp::spawn().await;
    app.create_user("bob@example.com", "bobs-password-1", "Bob")
        .await;
    let (_, access, _) = app.signed_in_user("ann@example.com").await;
    let before = app.get_json("/auth/v1/user", &access).await;
    let res = app
        .http
        .put(app.url("/auth/v1/user"))
        .bearer_auth(&access)
        .json(&json!({
            "email": "bob@example.com",
            "password": "brand-new-pass-1",
            "data": { "hobby": "chess", "first_name": "Annie" }
        }))
        .send()
        .await
        .unwrap();
    let (status, body) = error_of(res).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error_code"], "email_exists");
    assert_eq!(
        body["msg"],
        "A user with this email address has already been registered"
    );
    let after = app.get_json("/auth/v1/user", &access).await;
    assert_eq!(after["user_metadata"], before["user_metadata"]);
    assert_eq!(after["updated_at"], before["updated_at"]);
    assert!(after["new_email"].is_null());
    app.sign_in("ann@example.com", "first-password-1").await;
}

#[tokio::test]
async fn a_dated_api_version_gets_gotrues_newer_error_shape() {
    let app = TestApp::spawn().await;
    let res = app
        .http
        .post(app.url("/auth/v1/token?grant_type=password"))
        .header("X-Supabase-Api-Version", "2024-01-01")
        .json(&json!({ "email": "ann@example.com", "password": "not-the-password" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(res.headers()["x-supabase-api-version"], "2024-01-01");
    assert_eq!(res.headers()["x-sb-error-code"], "invalid_credentials");
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body,
        json!({ "code": "invalid_credentials", "message": "Invalid login credentials" })
    );
    // Without the header, the older shape.
    let (status, body) = error_of(
        app.post_json(
            "/auth/v1/token?grant_type=password",
            json!({ "email": "ann@example.com", "password": "not-the-password" }),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["code"], 400);
    assert_eq!(body["error_code"], "invalid_credentials");
}

#[tokio::test]
async fn a_nul_character_in_an_address_or_factor_name_is_refused_not_a_server_error() {
    let app = TestApp::spawn().await;
    for (path, body) in [
        (
            "/auth/v1/token?grant_type=password",
            json!({ "email": "ann\u{0}@example.com", "password": "first-password-1" }),
        ),
        (
            "/auth/v1/recover",
            json!({ "email": "ann\u{0}@example.com" }),
        ),
        ("/auth/v1/otp", json!({ "email": "ann\u{0}@example.com" })),
        (
            "/auth/v1/signup",
            json!({ "email": "ann\u{0}@example.com", "password": "first-password-1" }),
        ),
    ] {
        let (status, body) = error_of(app.post_json(path, body).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {body}");
    }
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let (status, body) = app
        .post_as(
            &token,
            "/auth/v1/factors",
            json!({ "factor_type": "totp", "friendly_name": "Pho\u{0}ne" }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}
