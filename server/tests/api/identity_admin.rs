//! `/auth/v1/admin/*`: only a `service_role` / `supabase_admin` key signed with the JWT secret
//! gets in, with GoTrue's answers for everyone else.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::support::TestApp;

fn key(app: &TestApp, role: &str, secret: &str, exp_in: i64) -> String {
    let now = swaz::clock::Clock::now_secs(app.clock());
    jsonwebtoken::encode(
        &jsonwebtoken::Header::default(),
        &json!({ "role": role, "iss": "test", "iat": now, "exp": now + exp_in }),
        &jsonwebtoken::EncodingKey::from_secret(secret.as_bytes()),
    )
    .unwrap()
}

fn service_key(app: &TestApp) -> String {
    swaz::auth::admin::service_key(
        app.state.config.jwt_secret.expose(),
        swaz::clock::Clock::now_secs(app.clock()),
        1,
    )
    .unwrap()
}

#[tokio::test]
async fn admin_endpoints_refuse_everyone_but_an_admin_key() {
    let app = TestApp::spawn().await;
    let (_, access, _) = app.signed_in_user("ann@example.com").await;
    let secret = app.state.config.jwt_secret.expose().to_owned();

    let (status, body) = app
        .request(Method::GET, "/auth/v1/admin/users", None, None)
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["error_code"], "no_authorization");
    assert_eq!(body["msg"], "This endpoint requires a Bearer token");

    let (status, body) = app
        .request(Method::GET, "/auth/v1/admin/users", Some(&access), None)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["error_code"], "not_admin");
    assert_eq!(body["msg"], "User not allowed");

    let anon = key(&app, "anon", &secret, 60);
    let (status, body) = app
        .request(Method::GET, "/auth/v1/admin/users", Some(&anon), None)
        .await;
    assert_eq!(
        (status, body["error_code"].as_str()),
        (StatusCode::FORBIDDEN, Some("not_admin"))
    );

    let forged = key(
        &app,
        "service_role",
        "another-secret-another-secret-1234",
        60,
    );
    let (status, body) = app
        .request(Method::GET, "/auth/v1/admin/users", Some(&forged), None)
        .await;
    assert_eq!(
        (status, body["error_code"].as_str()),
        (StatusCode::FORBIDDEN, Some("bad_jwt"))
    );

    let expired = key(&app, "service_role", &secret, -1);
    let (status, body) = app
        .request(Method::GET, "/auth/v1/admin/users", Some(&expired), None)
        .await;
    assert_eq!(
        (status, body["error_code"].as_str()),
        (StatusCode::FORBIDDEN, Some("bad_jwt"))
    );

    for role in ["service_role", "supabase_admin"] {
        let admin = key(&app, role, &secret, 60);
        let (status, _) = app
            .request(Method::GET, "/auth/v1/admin/users", Some(&admin), None)
            .await;
        assert_eq!(status, StatusCode::OK, "{role}");
    }
}

#[tokio::test]
async fn an_admin_key_is_refused_by_the_user_endpoints_and_the_product_api() {
    let app = TestApp::spawn().await;
    let admin = service_key(&app);
    let (status, body) = app
        .request(Method::GET, "/auth/v1/user", Some(&admin), None)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["error_code"], "bad_jwt");
    let (status, _) = app
        .request(Method::GET, "/_api/v1/swazprofile", Some(&admin), None)
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn admin_lists_users_newest_first_in_pages_with_gotrue_headers() {
    let app = TestApp::spawn().await;
    for (i, email) in ["a@example.com", "b@example.com", "c@example.com"]
        .iter()
        .enumerate()
    {
        app.clock().advance(chrono::Duration::seconds(i as i64 + 1));
        app.create_user(email, "long-enough-1", "Ann").await;
    }
    let admin = service_key(&app);
    let res = app
        .http
        .get(app.url("/auth/v1/admin/users?page=1&per_page=2"))
        .bearer_auth(&admin)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["x-total-count"], "3");
    let link = res.headers()["link"].to_str().unwrap().to_owned();
    assert!(link.contains("page=2&per_page=2>; rel=\"next\""), "{link}");
    assert!(link.contains("page=2&per_page=2>; rel=\"last\""), "{link}");
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["aud"], "authenticated");
    let emails: Vec<&str> = body["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["email"].as_str().unwrap())
        .collect();
    assert_eq!(emails, ["c@example.com", "b@example.com"]);

    let (status, body) = app
        .request(
            Method::GET,
            "/auth/v1/admin/users?page=2&per_page=2",
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["users"][0]["email"], "a@example.com");

    let (status, body) = app
        .request(
            Method::GET,
            "/auth/v1/admin/users?per_page=zero",
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["msg"]
        .as_str()
        .unwrap()
        .starts_with("Bad Pagination Parameters"));
}

#[tokio::test]
async fn admin_reads_one_user_by_id() {
    let app = TestApp::spawn().await;
    let id = app
        .create_user("ann@example.com", "long-enough-1", "Ann")
        .await;
    let admin = service_key(&app);
    let (status, user) = app
        .request(
            Method::GET,
            &format!("/auth/v1/admin/users/{id}"),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(user["email"], "ann@example.com");
    assert_eq!(user["id"], id.as_str());

    let (status, body) = app
        .request(
            Method::GET,
            "/auth/v1/admin/users/not-a-uuid",
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["msg"], "user_id must be an UUID");
    let unknown = uuid::Uuid::new_v4();
    let (status, body) = app
        .request(
            Method::GET,
            &format!("/auth/v1/admin/users/{unknown}"),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["error_code"], "user_not_found");
    assert_eq!(body["msg"], "User not found");
}

#[tokio::test]
async fn admin_creates_a_confirmed_user_who_can_sign_in_and_no_mail_goes_out() {
    let app = TestApp::spawn().await;
    let admin = service_key(&app);
    let (status, user) = app
        .post_as(
            &admin,
            "/auth/v1/admin/users",
            json!({ "email": "ann@example.com", "password": "long-enough-1", "email_confirm": true,
                "user_metadata": { "first_name": "Ann", "team": "blue" } }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{user}");
    assert_eq!(user["email"], "ann@example.com");
    assert!(user["email_confirmed_at"].is_string());
    assert_eq!(user["user_metadata"]["team"], "blue");
    assert_eq!(user["user_metadata"]["first_name"], "Ann");
    assert_eq!(app.count("mail_outbox").await, 0);
    app.sign_in("ann@example.com", "long-enough-1").await;

    let (status, body) = app
        .post_as(
            &admin,
            "/auth/v1/admin/users",
            json!({ "email": "ann@example.com" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error_code"], "email_exists");

    let (status, user) = app
        .post_as(
            &admin,
            "/auth/v1/admin/users",
            json!({ "email": "bob@example.com" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(user["email_confirmed_at"].is_null());
}

#[tokio::test]
async fn admin_create_refuses_bad_input_with_gotrue_messages() {
    let app = TestApp::spawn().await;
    let admin = service_key(&app);
    let (status, body) = app.post_as(&admin, "/auth/v1/admin/users", json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["msg"],
        "Cannot create a user without either an email or phone"
    );
    let (status, body) = app
        .post_as(&admin, "/auth/v1/admin/users", json!({ "email": "nope" }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["msg"],
        "Unable to validate email address: invalid format"
    );
    let (status, body) = app
        .post_as(
            &admin,
            "/auth/v1/admin/users",
            json!({ "email": "a@example.com", "password": "short" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error_code"], "weak_password");
    let (_, access, _) = app.signed_in_user("ann@example.com").await;
    let (status, body) = app
        .post_as(
            &access,
            "/auth/v1/admin/users",
            json!({ "email": "c@example.com" }),
        )
        .await;
    assert_eq!(
        (status, body["error_code"].as_str()),
        (StatusCode::FORBIDDEN, Some("not_admin"))
    );
    assert_eq!(app.count("users").await, 1);
}

#[tokio::test]
async fn an_admin_updates_metadata_bans_and_deletes_a_user() {
    let app = TestApp::spawn().await;
    let (id, _, session) = app.signed_in_user("ann@example.com").await;
    let admin = service_key(&app);
    let path = format!("/auth/v1/admin/users/{id}");
    let (status, user) = app
        .request(
            Method::PUT,
            &path,
            Some(&admin),
            Some(
                json!({ "user_metadata": { "sport": "hockey", "first_name": "Annie" },
                "app_metadata": { "plan": "club" } }),
            ),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{user}");
    assert_eq!(user["user_metadata"]["sport"], "hockey");
    assert_eq!(user["user_metadata"]["first_name"], "Annie");
    assert_eq!(user["app_metadata"]["plan"], "club");
    assert_eq!(user["app_metadata"]["provider"], "email");
    // The operator's app_metadata travels in the member's next token.
    let refreshed: Value = app
        .post_json(
            "/auth/v1/token?grant_type=refresh_token",
            json!({ "refresh_token": session["refresh_token"] }),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(refreshed["user"]["app_metadata"]["plan"], "club");

    // A taken address changes nothing at all.
    app.create_user("bob@example.com", "long-enough-1", "Bob")
        .await;
    let (status, body) = app
        .request(
            Method::PUT,
            &path,
            Some(&admin),
            Some(json!({ "email": "bob@example.com", "user_metadata": { "sport": "golf" } })),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error_code"], "email_exists");
    let (_, user) = app.request(Method::GET, &path, Some(&admin), None).await;
    assert_eq!(user["user_metadata"]["sport"], "hockey");

    let (status, user) = app
        .request(
            Method::PUT,
            &path,
            Some(&admin),
            Some(json!({ "ban_duration": "24h" })),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(user["banned_until"].is_string());
    let res = app
        .post_json(
            "/auth/v1/token?grant_type=password",
            json!({ "email": "ann@example.com", "password": crate::support::TEST_PASSWORD }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error_code"], "user_banned");
    let (status, body) = app
        .request(
            Method::PUT,
            &path,
            Some(&admin),
            Some(json!({ "ban_duration": "ten days" })),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    app.request(
        Method::PUT,
        &path,
        Some(&admin),
        Some(json!({ "ban_duration": "none" })),
    )
    .await;
    app.sign_in("ann@example.com", crate::support::TEST_PASSWORD)
        .await;

    // A new address and password at once; the address is confirmed when the operator says so.
    let (status, user) = app.request(Method::PUT, &path, Some(&admin), Some(json!({ "email": "annie@example.com", "email_confirm": true, "password": "operator-set-9" })))
    .await;
    assert_eq!(status, StatusCode::OK, "{user}");
    assert_eq!(user["email"], "annie@example.com");
    assert!(user["email_confirmed_at"].is_string());
    app.sign_in("annie@example.com", "operator-set-9").await;

    let (status, body) = app
        .request(Method::DELETE, &path, Some(&admin), Some(json!({})))
        .await;
    assert_eq!((status, body), (StatusCode::OK, json!({})));
    let (status, body) = app.request(Method::GET, &path, Some(&admin), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["error_code"], "user_not_found");
}

#[tokio::test]
async fn generate_link_answers_a_working_link_and_code_without_sending_mail() {
    let app = TestApp::spawn().await;
    app.create_user("ann@example.com", "long-enough-1", "Ann")
        .await;
    let admin = service_key(&app);
    let (status, link) = app
        .request(
            Method::POST,
            "/auth/v1/admin/generate_link",
            Some(&admin),
            Some(json!({ "type": "magiclink", "email": "ann@example.com" })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{link}");
    assert_eq!(link["email"], "ann@example.com");
    assert_eq!(link["verification_type"], "magiclink");
    let action = link["action_link"].as_str().unwrap();
    assert!(action.starts_with(&format!("{}/auth/v1/verify?token=", app.base)));
    assert_eq!(link["email_otp"].as_str().unwrap().len(), 6);
    let res = app
        .post_json(
            "/auth/v1/verify",
            json!({ "type": "email", "email": "ann@example.com", "token": link["email_otp"] }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(app.mailbox("ann@example.com", 0).await.is_empty());

    let (status, body) = app
        .request(
            Method::POST,
            "/auth/v1/admin/generate_link",
            Some(&admin),
            Some(json!({ "type": "recovery", "email": "ghost@example.com" })),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["msg"], "User with this email not found");
    let (status, body) = app
        .request(
            Method::POST,
            "/auth/v1/admin/generate_link",
            Some(&admin),
            Some(json!({ "type": "teleport", "email": "ann@example.com" })),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["msg"],
        "Invalid email action link type requested: teleport"
    );
}

#[tokio::test]
async fn an_invitation_mails_a_link_that_signs_the_new_member_in() {
    let app = TestApp::spawn().await;
    let admin = service_key(&app);
    let (status, user) = app
        .request(
            Method::POST,
            "/auth/v1/invite",
            Some(&admin),
            Some(json!({ "email": "coach@example.com", "data": { "first_name": "Cora" } })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{user}");
    assert!(user["email_confirmed_at"].is_null());
    let mail = &app.mailbox("coach@example.com", 1).await[0];
    assert_eq!(mail["subject"], "You have been invited to SWAZ");
    let link = app.link_in(mail);
    assert!(link.contains("type=invite"), "{link}");
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let res = client.get(&link).send().await.unwrap();
    let location = res.headers()["location"].to_str().unwrap();
    // Signed in, on the page where the new member chooses their own password.
    assert!(
        location.starts_with(&format!("{}/auth/reset-password#access_token=", app.base)),
        "{location}"
    );
    assert!(location.contains("type=invite"), "{location}");

    let (status, body) = app
        .request(
            Method::POST,
            "/auth/v1/invite",
            Some(&admin),
            Some(json!({ "email": "coach@example.com" })),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error_code"], "email_exists");
}

#[tokio::test]
async fn an_admin_lists_and_removes_a_members_factors() {
    let app = TestApp::spawn().await;
    let (id, token, _) = app.signed_in_user("ann@example.com").await;
    let (_, enrolled) = app
        .post_as(
            &token,
            "/auth/v1/factors",
            json!({ "factor_type": "totp", "friendly_name": "Phone" }),
        )
        .await;
    let admin = service_key(&app);
    let (status, factors) = app
        .request(
            Method::GET,
            &format!("/auth/v1/admin/users/{id}/factors"),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(factors[0]["id"], enrolled["id"]);
    assert!(factors[0].get("secret").is_none());
    let path = format!(
        "/auth/v1/admin/users/{id}/factors/{}",
        enrolled["id"].as_str().unwrap()
    );
    let (status, removed) = app
        .request(Method::DELETE, &path, Some(&admin), Some(json!({})))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(removed["friendly_name"], "Phone");
    let (status, body) = app
        .request(Method::DELETE, &path, Some(&admin), Some(json!({})))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["error_code"], "mfa_factor_not_found");
    let (status, _) = app
        .request(Method::DELETE, &path, Some(&token), Some(json!({})))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
