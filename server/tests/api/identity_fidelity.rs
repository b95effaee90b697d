//! Where a Supabase client could tell SWAZ from Supabase Auth (issue 26, identity fidelity): each
//! answer here is GoTrue's, read from its handlers.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::TestApp;

fn admin_key(app: &TestApp) -> String {
    swaz::auth::admin::service_key(
        app.state.config.jwt_secret.expose(),
        swaz::clock::Clock::now_secs(app.clock()),
        1,
    )
    .unwrap()
}

async fn send(app: &TestApp, req: reqwest::RequestBuilder) -> (StatusCode, Value) {
    let _ = app;
    let res = req.send().await.unwrap();
    let status = res.status();
    (status, res.json().await.unwrap_or(Value::Null))
}

async fn admin_post(app: &TestApp, path: &str, body: Value) -> (StatusCode, Value) {
    send(
        app,
        app.http
            .post(app.url(path))
            .bearer_auth(admin_key(app))
            .json(&body),
    )
    .await
}

fn assert_gotrue_error(answer: &(StatusCode, Value), status: StatusCode, code: &str, msg: &str) {
    assert_eq!(answer.0, status, "{}", answer.1);
    assert_eq!(answer.1["error_code"], code, "{}", answer.1);
    assert_eq!(answer.1["msg"], msg, "{}", answer.1);
}

const BAD_FORMAT: &str = "Unable to validate email address: invalid format";

#[tokio::test]
async fn a_member_without_a_first_name_changes_their_email_and_a_bad_one_gets_gotrues_words() {
    let app = TestApp::spawn().await;
    let signed_up = app
        .post_json(
            "/auth/v1/signup",
            json!({ "email": "nameless@example.com", "password": "a-good-password" }),
        )
        .await;
    assert_eq!(signed_up.status(), StatusCode::OK);
    let link = app.link_in(&app.mailbox("nameless@example.com", 1).await[0]);
    app.http.get(&link).send().await.unwrap();
    let session = app.sign_in("nameless@example.com", "a-good-password").await;
    let token = session["access_token"].as_str().unwrap();

    let (status, user) = app
        .put_as(
            token,
            "/auth/v1/user",
            json!({ "email": "named@example.com" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{user}");
    assert_eq!(user["email"], "nameless@example.com");
    assert_eq!(user["new_email"], "named@example.com");

    for bad in ["xx:;x@x.x", "not-an-email", " named@example.com"] {
        let answer = send(
            &app,
            app.http
                .put(app.url("/auth/v1/user"))
                .bearer_auth(token)
                .json(&json!({ "email": bad })),
        )
        .await;
        assert_gotrue_error(
            &answer,
            StatusCode::BAD_REQUEST,
            "validation_failed",
            BAD_FORMAT,
        );
    }
}

#[tokio::test]
async fn signup_refuses_a_bad_address_in_gotrues_words() {
    let app = TestApp::spawn().await;
    for (bad, msg) in [
        ("xx:;x@x.x", BAD_FORMAT),
        ("jane@", BAD_FORMAT),
        (
            &*format!("{}@example.com", "a".repeat(250)),
            "An email address is too long",
        ),
    ] {
        let answer = send(
            &app,
            app.http
                .post(app.url("/auth/v1/signup"))
                .json(&json!({ "email": bad, "password": "a-good-password" })),
        )
        .await;
        assert_gotrue_error(&answer, StatusCode::BAD_REQUEST, "validation_failed", msg);
    }
    assert_eq!(app.count("users").await, 0);
}

#[tokio::test]
async fn the_admin_api_refuses_addresses_gotrue_refuses_and_creates_nobody() {
    let app = TestApp::spawn().await;
    let bad = "xx:;x@x.x";
    let created = admin_post(&app, "/auth/v1/admin/users", json!({ "email": bad })).await;
    assert_gotrue_error(
        &created,
        StatusCode::BAD_REQUEST,
        "validation_failed",
        BAD_FORMAT,
    );
    let invited = admin_post(&app, "/auth/v1/invite", json!({ "email": bad })).await;
    assert_gotrue_error(
        &invited,
        StatusCode::BAD_REQUEST,
        "validation_failed",
        BAD_FORMAT,
    );
    for kind in ["signup", "invite", "magiclink"] {
        let linked = admin_post(
            &app,
            "/auth/v1/admin/generate_link",
            json!({ "type": kind, "email": bad, "password": "a-good-password" }),
        )
        .await;
        assert_gotrue_error(
            &linked,
            StatusCode::BAD_REQUEST,
            "validation_failed",
            BAD_FORMAT,
        );
    }
    assert_eq!(app.count("users").await, 0);
}

#[tokio::test]
async fn user_metadata_is_exactly_what_was_given() {
    let app = TestApp::spawn().await;
    let data = json!({ "first_name": "Ann", "team": { "size": 3 } });
    let res = app
        .post_json(
            "/auth/v1/signup",
            json!({ "email": "ann@example.com", "password": "a-good-password", "data": data }),
        )
        .await;
    let user: Value = res.json().await.unwrap();
    assert_eq!(
        user["user_metadata"], data,
        "before confirmation: just the data"
    );

    let (_, created) = admin_post(
        &app,
        "/auth/v1/admin/users",
        json!({ "email": "bob@example.com", "password": "a-good-password" }),
    )
    .await;
    assert_eq!(created["user_metadata"], json!({}), "{created}");

    let (_, confirmed) = admin_post(
        &app,
        "/auth/v1/admin/users",
        json!({ "email": "cy@example.com", "password": "a-good-password", "email_confirm": true, "user_metadata": { "last_name": "Young" } }),
    )
    .await;
    assert_eq!(
        confirmed["user_metadata"],
        json!({ "last_name": "Young", "email_verified": true }),
        "GoTrue marks a confirmed address in the metadata, nothing else"
    );

    let session = app.sign_in("cy@example.com", "a-good-password").await;
    let token = session["access_token"].as_str().unwrap();
    let (status, updated) = app
        .put_as(
            token,
            "/auth/v1/user",
            json!({ "data": { "first_name": "Cy", "email_verified": null } }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        updated["user_metadata"],
        json!({ "last_name": "Young", "first_name": "Cy" }),
        "set keys join, a null removes one"
    );
    let profile = app.get_json("/_api/v1/swazprofile", token).await;
    assert_eq!(
        (&profile["firstName"], &profile["lastName"]),
        (&json!("Cy"), &json!("Young")),
        "the product keeps the names it reads"
    );
}

#[tokio::test]
async fn an_invited_user_has_invited_at_as_in_gotrue() {
    let app = TestApp::spawn().await;
    let (status, invited) = admin_post(
        &app,
        "/auth/v1/invite",
        json!({ "email": "ivy@example.com" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{invited}");
    assert!(invited["invited_at"].is_string(), "{invited}");
    assert!(invited["confirmation_sent_at"].is_string(), "{invited}");

    let (_, linked) = admin_post(
        &app,
        "/auth/v1/admin/generate_link",
        json!({ "type": "invite", "email": "ian@example.com" }),
    )
    .await;
    assert!(linked["invited_at"].is_string(), "{linked}");

    let (_, created) = admin_post(
        &app,
        "/auth/v1/admin/users",
        json!({ "email": "never@example.com" }),
    )
    .await;
    assert!(created.get("invited_at").is_none(), "{created}");
}

#[tokio::test]
async fn empty_timestamps_are_left_out_as_gotrue_leaves_them() {
    let app = TestApp::spawn().await;
    let (_, created) = admin_post(
        &app,
        "/auth/v1/admin/users",
        json!({ "email": "new@example.com" }),
    )
    .await;
    for key in [
        "email_confirmed_at",
        "invited_at",
        "confirmation_sent_at",
        "confirmed_at",
        "recovery_sent_at",
        "email_change_sent_at",
        "new_email",
        "last_sign_in_at",
        "banned_until",
    ] {
        assert!(created.get(key).is_none(), "{key} in {created}");
    }
    assert!(created["identities"][0].get("last_sign_in_at").is_none());
    for key in [
        "id",
        "aud",
        "role",
        "email",
        "phone",
        "created_at",
        "updated_at",
    ] {
        assert!(created[key].is_string(), "{key} in {created}");
    }

    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let user = app.get_json("/auth/v1/user", &token).await;
    for key in ["email_confirmed_at", "confirmed_at", "last_sign_in_at"] {
        assert!(user[key].is_string(), "{key} in {user}");
    }
    let (_, user) = app
        .put_as(
            &token,
            "/auth/v1/user",
            json!({ "email": "ann.new@example.com" }),
        )
        .await;
    assert_eq!(user["new_email"], "ann.new@example.com");
    assert!(user["email_change_sent_at"].is_string(), "{user}");
}

/// An HS256 key with exactly `claims`, signed with the app's JWT secret.
fn hand_made_key(app: &TestApp, claims: Value) -> String {
    jsonwebtoken::encode(
        &jsonwebtoken::Header::default(),
        &claims,
        &jsonwebtoken::EncodingKey::from_secret(app.state.config.jwt_secret.expose().as_bytes()),
    )
    .unwrap()
}

#[tokio::test]
async fn a_service_role_key_needs_only_its_signature_and_role() {
    let app = TestApp::spawn().await;
    let list = |key: String| {
        send(
            &app,
            app.http
                .get(app.url("/auth/v1/admin/users"))
                .bearer_auth(key),
        )
    };
    let (status, body) = list(hand_made_key(&app, json!({ "role": "service_role" }))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let now = swaz::clock::Clock::now_secs(app.clock());
    let (status, _) = list(hand_made_key(
        &app,
        json!({ "role": "supabase_admin", "iat": now }),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);

    let expired = list(hand_made_key(
        &app,
        json!({ "role": "service_role", "exp": now - 1 }),
    ))
    .await;
    assert_gotrue_error(
        &expired,
        StatusCode::FORBIDDEN,
        "bad_jwt",
        "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired",
    );
    let roleless = list(hand_made_key(&app, json!({ "iss": "x" }))).await;
    assert_gotrue_error(
        &roleless,
        StatusCode::FORBIDDEN,
        "not_admin",
        "User not allowed",
    );
    let member = list(hand_made_key(&app, json!({ "role": "authenticated" }))).await;
    assert_gotrue_error(
        &member,
        StatusCode::FORBIDDEN,
        "not_admin",
        "User not allowed",
    );
}

#[tokio::test]
async fn what_swaz_does_not_offer_answers_with_gotrues_codes() {
    let app = TestApp::spawn().await;
    let post = |path: &str, body: Value| send(&app, app.http.post(app.url(path)).json(&body));

    let sso = post("/auth/v1/sso", json!({ "domain": "example.com" })).await;
    assert_gotrue_error(
        &sso,
        StatusCode::NOT_FOUND,
        "saml_provider_disabled",
        "SAML 2.0 is disabled",
    );
    let acs = post("/auth/v1/sso/saml/acs", json!({})).await;
    assert_gotrue_error(
        &acs,
        StatusCode::NOT_FOUND,
        "saml_provider_disabled",
        "SAML 2.0 is disabled",
    );

    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let linking = send(
        &app,
        app.get_auth("/auth/v1/user/identities/authorize?provider=google", &token),
    )
    .await;
    assert_gotrue_error(
        &linking,
        StatusCode::NOT_FOUND,
        "manual_linking_disabled",
        "Manual linking is disabled",
    );
    let anonymous_caller = send(
        &app,
        app.http.get(app.url("/auth/v1/user/identities/authorize")),
    )
    .await;
    assert_eq!(
        anonymous_caller.0,
        StatusCode::UNAUTHORIZED,
        "sign-in comes first"
    );

    let web3 = post(
        "/auth/v1/token?grant_type=web3",
        json!({ "chain": "ethereum", "message": "m", "signature": "s" }),
    )
    .await;
    assert_gotrue_error(
        &web3,
        StatusCode::UNPROCESSABLE_ENTITY,
        "web3_provider_disabled",
        "Web3 provider is disabled",
    );

    let anonymous = post("/auth/v1/signup", json!({ "data": {} })).await;
    assert_gotrue_error(
        &anonymous,
        StatusCode::UNPROCESSABLE_ENTITY,
        "anonymous_provider_disabled",
        "Anonymous sign-ins are disabled",
    );

    let unknown = post(
        "/auth/v1/token?grant_type=id_token",
        json!({ "provider": "https://issuer.example", "id_token": "a.b.c" }),
    )
    .await;
    assert_gotrue_error(
        &unknown,
        StatusCode::BAD_REQUEST,
        "validation_failed",
        "Custom OIDC provider \"https://issuer.example\" not allowed",
    );
    let google = post(
        "/auth/v1/token?grant_type=id_token",
        json!({ "provider": "google", "id_token": "a.b.c" }),
    )
    .await;
    assert_gotrue_error(
        &google,
        StatusCode::BAD_REQUEST,
        "provider_disabled",
        "Provider (issuer \"https://accounts.google.com\") is not enabled",
    );
    let (status, missing) = post(
        "/auth/v1/token?grant_type=id_token",
        json!({ "provider": "google" }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        missing,
        json!({ "error": "invalid request", "error_description": "id_token required" })
    );

    let phone_signup = post(
        "/auth/v1/signup",
        json!({ "phone": "+15555550100", "password": "a-good-password" }),
    )
    .await;
    assert_gotrue_error(
        &phone_signup,
        StatusCode::BAD_REQUEST,
        "phone_provider_disabled",
        "Phone signups are disabled",
    );
    let phone_otp = post("/auth/v1/otp", json!({ "phone": "+15555550100" })).await;
    assert_gotrue_error(
        &phone_otp,
        StatusCode::BAD_REQUEST,
        "phone_provider_disabled",
        "Unsupported phone provider",
    );
    let phone_login = post(
        "/auth/v1/token?grant_type=password",
        json!({ "phone": "+15555550100", "password": "a-good-password" }),
    )
    .await;
    assert_gotrue_error(
        &phone_login,
        StatusCode::UNPROCESSABLE_ENTITY,
        "phone_provider_disabled",
        "Phone logins are disabled",
    );
    assert_eq!(app.count("users").await, 1);
}
