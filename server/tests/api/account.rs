//! The member's own account: `/_api/v1/swazprofile` and `/_api/v1/supabase/changepassword`.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::TestApp;

#[tokio::test]
async fn the_profile_needs_a_signed_in_member() {
    let app = TestApp::spawn().await;
    let res = app
        .http
        .get(app.url("/_api/v1/swazprofile"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        res.json::<Value>().await.unwrap(),
        json!({ "code": "unauthorized", "message": "Please sign in to continue." })
    );
    let res = app
        .get_auth("/_api/v1/swazprofile", "expired-or-forged")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        res.json::<Value>().await.unwrap()["message"],
        "Your session has expired. Please sign in again."
    );
}

#[tokio::test]
async fn the_profile_shows_names_email_and_no_paid_role_without_a_membership() {
    let app = TestApp::spawn().await;
    let (id, token, _) = app.signed_in_user("ann@example.com").await;
    let profile: Value = app.get_json("/_api/v1/swazprofile", &token).await;
    assert_eq!(
        profile,
        json!({ "id": id, "firstName": "Ann", "lastName": "", "email": "ann@example.com", "pendingEmail": null, "roles": [], "team": null, "timeZone": null })
    );
}

#[tokio::test]
async fn a_complimentary_membership_makes_the_member_paid() {
    let app = TestApp::spawn().await;
    let (id, token, _) = app.signed_in_user("ann@example.com").await;
    let mut conn = app.state.db.pool().acquire().await.unwrap();
    let now = app.state.clock.now_ms();
    swaz::billing::entitlements::grant(&mut conn, &id, "comp_solo", "test", now)
        .await
        .unwrap();
    let profile: Value = app.get_json("/_api/v1/swazprofile", &token).await;
    assert_eq!(profile["roles"], json!(["PAID"]));
}

#[tokio::test]
async fn saving_the_profile_keeps_the_new_values() {
    let app = TestApp::spawn().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let (status, body) = app
        .put_as(
            &token,
            "/_api/v1/swazprofile",
            json!({ "firstName": "  Annie ", "lastName": "Lee", "email": "ann@example.com" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["firstName"], "Annie");
    assert_eq!(body["lastName"], "Lee");
    let profile: Value = app.get_json("/_api/v1/swazprofile", &token).await;
    assert_eq!(
        (profile["firstName"].as_str(), profile["lastName"].as_str()),
        (Some("Annie"), Some("Lee"))
    );
}

#[tokio::test]
async fn profile_mistakes_get_the_forms_messages_and_change_nothing() {
    let app = TestApp::spawn().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let cases = [
        (
            json!({ "firstName": " ", "lastName": "", "email": "ann@example.com" }),
            "First name is required",
        ),
        (
            json!({ "firstName": "Ann", "lastName": "", "email": "" }),
            "Email is required",
        ),
        (
            json!({ "firstName": "Ann", "lastName": "", "email": "ann@example" }),
            "Please enter a valid email address",
        ),
        (
            json!({ "firstName": "x".repeat(101), "lastName": "", "email": "ann@example.com" }),
            "First name must be 100 characters or fewer",
        ),
    ];
    for (body, message) in cases {
        let (status, answer) = app.put_as(&token, "/_api/v1/swazprofile", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(answer, json!({ "code": "bad_request", "message": message }));
    }
    let (status, answer) = app
        .put_as(
            &token,
            "/_api/v1/swazprofile",
            json!({ "firstName": "Ann" }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("Field `email` is required."),
        "{answer}"
    );
    let profile: Value = app.get_json("/_api/v1/swazprofile", &token).await;
    assert_eq!(profile["firstName"], "Ann");
}

/// The newest mail to `to` with this subject.
async fn mail_titled(app: &TestApp, to: &str, subject: &str) -> Value {
    for _ in 0..100 {
        let found = app
            .mailbox(to, 1)
            .await
            .into_iter()
            .find(|m| m["subject"] == subject);
        if let Some(found) = found {
            return found;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("no mail {subject:?} to {to}");
}

const FIRST_OF_TWO: &str =
    "message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email";

#[tokio::test]
async fn a_new_email_takes_effect_only_once_both_addresses_confirm_it() {
    let app = TestApp::spawn().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let (status, body) = app
        .put_as(
            &token,
            "/_api/v1/swazprofile",
            json!({ "firstName": "Annie", "lastName": "", "email": "Ann.New@Example.com" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["firstName"], "Annie", "the names are saved at once");
    assert_eq!(
        body["email"], "ann@example.com",
        "the e-mail waits for confirmation"
    );
    assert_eq!(body["pendingEmail"], "ann.new@example.com");
    let refused = app
        .post_json(
            "/auth/v1/token?grant_type=password",
            json!({ "email": "ann.new@example.com", "password": "first-password-1" }),
        )
        .await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);

    // SWAZ_SECURE_EMAIL_CHANGE (on by default): the new address confirms, then the current one.
    let confirm_new = mail_titled(
        &app,
        "ann.new@example.com",
        "Confirm your new SWAZ e-mail address",
    )
    .await;
    let confirm_current = mail_titled(
        &app,
        "ann@example.com",
        "Confirm the change of your SWAZ e-mail address",
    )
    .await;
    let res = app
        .http
        .get(app.link_in(&confirm_new))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let location = res.headers()["location"].to_str().unwrap().to_owned();
    assert_eq!(location, format!("{}/account#{FIRST_OF_TWO}", app.base));
    let still = app
        .post_json(
            "/auth/v1/token?grant_type=password",
            json!({ "email": "ann.new@example.com", "password": "first-password-1" }),
        )
        .await;
    assert_eq!(
        still.status(),
        StatusCode::BAD_REQUEST,
        "one confirmation of two moves nothing"
    );

    let res = app
        .http
        .get(app.link_in(&confirm_current))
        .send()
        .await
        .unwrap();
    let location = res.headers()["location"].to_str().unwrap().to_owned();
    assert!(
        location.starts_with(&format!("{}/account#access_token=", app.base)),
        "{location}"
    );
    mail_titled(
        &app,
        "ann@example.com",
        "Your SWAZ e-mail address was changed",
    )
    .await;
    let session = app.sign_in("ann.new@example.com", "first-password-1").await;
    let profile = app
        .get_json(
            "/_api/v1/swazprofile",
            session["access_token"].as_str().unwrap(),
        )
        .await;
    assert_eq!(
        (profile["email"].as_str(), &profile["pendingEmail"]),
        (Some("ann.new@example.com"), &Value::Null)
    );
}

#[tokio::test]
async fn with_secure_email_change_off_the_new_address_alone_confirms() {
    let app = TestApp::builder()
        .config(|c| c.secure_email_change = false)
        .spawn()
        .await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let (status, _) = app
        .put_as(
            &token,
            "/_api/v1/swazprofile",
            json!({ "firstName": "Ann", "lastName": "", "email": "ann.new@example.com" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let confirm = mail_titled(
        &app,
        "ann.new@example.com",
        "Confirm your new SWAZ e-mail address",
    )
    .await;
    let res = app.http.get(app.link_in(&confirm)).send().await.unwrap();
    let location = res.headers()["location"].to_str().unwrap().to_owned();
    assert!(
        location.starts_with(&format!("{}/account#access_token=", app.base)),
        "{location}"
    );
    let to_current = app.mailbox("ann@example.com", 1).await;
    assert!(
        to_current
            .iter()
            .all(|m| m["subject"] != "Confirm the change of your SWAZ e-mail address"),
        "nothing to confirm from the current address"
    );
    app.sign_in("ann.new@example.com", "first-password-1").await;
}

#[tokio::test]
async fn an_address_someone_registers_meanwhile_is_not_taken_over() {
    let app = TestApp::spawn().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    app.put_as(
        &token,
        "/_api/v1/swazprofile",
        json!({ "firstName": "Ann", "lastName": "", "email": "victim@example.com" }),
    )
    .await;
    let link = app.link_in(&app.mailbox("victim@example.com", 1).await[0]);
    let current = app.link_in(
        &mail_titled(
            &app,
            "ann@example.com",
            "Confirm the change of your SWAZ e-mail address",
        )
        .await,
    );
    app.create_user("victim@example.com", "victims-password", "Vic")
        .await;
    let res = app.http.get(&link).send().await.unwrap();
    assert!(res.headers()["location"]
        .to_str()
        .unwrap()
        .ends_with(FIRST_OF_TWO));
    let res = app.http.get(&current).send().await.unwrap();
    assert!(res.headers()["location"]
        .to_str()
        .unwrap()
        .contains("error_code=otp_expired"));
    app.sign_in("ann@example.com", "first-password-1").await;
    app.sign_in("victim@example.com", "victims-password").await;
}

#[tokio::test]
async fn an_email_used_by_another_member_is_refused_with_409() {
    let app = TestApp::spawn().await;
    app.create_user("bob@example.com", "bob-password-1", "Bob")
        .await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let (status, body) = app
        .put_as(
            &token,
            "/_api/v1/swazprofile",
            json!({ "firstName": "Ann", "lastName": "", "email": "bob@example.com" }),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "This email address is already used by another account."
    );
}

async fn change_password(app: &TestApp, token: &str, body: Value) -> (StatusCode, Value) {
    let res = app
        .http
        .post(app.url("/_api/v1/supabase/changepassword"))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap();
    (res.status(), res.json().await.unwrap())
}

#[tokio::test]
async fn changing_the_password_keeps_this_device_and_signs_out_the_others() {
    let app = TestApp::spawn().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let other = app.sign_in("ann@example.com", "first-password-1").await;
    let (status, body) =
        change_password(&app, &token, json!({ "password": "second-password-2" })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["message"], "Password change success");
    assert_eq!(
        app.get_auth("/_api/v1/swazprofile", &token)
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::OK
    );
    let other_token = other["access_token"].as_str().unwrap();
    assert_eq!(
        app.get_auth("/_api/v1/swazprofile", other_token)
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::UNAUTHORIZED
    );
    app.sign_in("ann@example.com", "second-password-2").await;
    let res = app
        .post_json(
            "/auth/v1/token?grant_type=password",
            json!({ "email": "ann@example.com", "password": "first-password-1" }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let notice = &app.mailbox("ann@example.com", 1).await[0];
    assert_eq!(notice["subject"], "Your SWAZ password was changed");
}

#[tokio::test]
async fn a_short_or_missing_password_is_refused_with_a_reason() {
    let app = TestApp::spawn().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let (status, body) = change_password(&app, &token, json!({ "password": "abc" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["message"], "Password should be at least 8 characters.");
    let (status, body) = change_password(&app, &token, json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["message"]
        .as_str()
        .unwrap()
        .contains("Field `password` is required."));
    let res = app
        .http
        .post(app.url("/_api/v1/supabase/changepassword"))
        .json(&json!({ "password": "whatever-123" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
}
