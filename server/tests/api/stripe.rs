//! The Stripe provider against a fake Stripe server, and the signed webhook.

use std::collections::HashMap;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::fake_stripe::{FakeStripe, CURRENT, OLDER, WEBHOOK_SECRET};
use crate::support::TestApp;

const API: &str = "/_api/v1";

pub(crate) async fn stripe_app() -> (TestApp, FakeStripe) {
    let fake = FakeStripe::start().await;
    let configured = fake.clone();
    let app = TestApp::builder()
        .config(move |c| configured.configure(&mut c.billing))
        .spawn()
        .await;
    (app, fake)
}

pub(crate) async fn checkout(app: &TestApp, plan: &str, token: Option<&str>) -> String {
    let (_, body) = app
        .request(
            Method::POST,
            &format!("{API}/stripe/checkout"),
            token,
            // A visitor says whom the membership is for; a member's own address is used.
            Some(json!({ "plan": plan, "email": "zed@example.com" })),
        )
        .await;
    let url = body["url"].as_str().unwrap();
    assert!(
        url.starts_with("https://checkout.stripe.test/c/pay/cs_test_"),
        "{url}"
    );
    url.rsplit('/').next().unwrap().to_owned()
}

async fn webhook(
    app: &TestApp,
    event: &Value,
    secret: &str,
    timestamp: i64,
) -> (StatusCode, Value) {
    let body = serde_json::to_vec(event).unwrap();
    let res = app
        .http
        .post(app.url(&format!("{API}/stripe/webhook")))
        .header(
            "stripe-signature",
            swaz::billing::stripe::webhook::sign(&body, secret, timestamp),
        )
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    (res.status(), res.json().await.unwrap())
}

/// A new member through the first flow on Stripe: answers (access token, subscription id).
pub(crate) async fn stripe_member(app: &TestApp, fake: &FakeStripe) -> (String, String) {
    let (token, sub, _) = stripe_member_with_password(app, fake).await;
    (token, sub)
}

/// [`stripe_member`], with the generated password for signing in again later.
async fn stripe_member_with_password(app: &TestApp, fake: &FakeStripe) -> (String, String, String) {
    let session = checkout(app, "solo", None).await;
    fake.complete(&session, "zed@example.com", "Zed Ray", "visa", "4242")
        .await;
    let res = app
        .http
        .post(app.url(&format!(
            "{API}/stripe/subscriptionsuccess-result?sessionid={session}&t=0"
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let body: Value = res.json().await.unwrap();
    sqlx::query("UPDATE users SET email_confirmed_at = 1")
        .execute(app.state.db.pool())
        .await
        .unwrap();
    let password = body["generatedPassword"].as_str().unwrap().to_owned();
    let token = app.sign_in("zed@example.com", &password).await["access_token"]
        .as_str()
        .unwrap()
        .to_owned();
    let sub = fake
        .store
        .lock()
        .unwrap()
        .subscriptions
        .keys()
        .next()
        .unwrap()
        .clone();
    (token, sub, password)
}

#[tokio::test]
async fn checkout_sends_stripe_the_plans_price_and_the_return_addresses() {
    let (app, fake) = stripe_app().await;
    checkout(&app, "team_yearly", None).await;
    let store = fake.store.lock().unwrap();
    let (path, form) = &store.forms[0];
    assert_eq!(path, "/v1/checkout/sessions");
    assert_eq!(form["mode"], "subscription");
    assert_eq!(form["line_items[0][price]"], "price_team_yearly");
    assert_eq!(form["metadata[plan]"], "team_yearly");
    assert_eq!(
        form["success_url"],
        format!("{}/swaz-subscription-success-stripe-first-flow?success=true&sessionid={{CHECKOUT_SESSION_ID}}&t=1", app.base)
    );
}

#[tokio::test]
async fn every_call_names_the_pinned_api_version() {
    let (app, fake) = stripe_app().await;
    let (token, _) = stripe_member(&app, &fake).await;
    app.get_json("/_api/v1/stripe/getcustomerbillinghistory", &token)
        .await;
    assert_eq!(
        fake.store.lock().unwrap().versions,
        [swaz::config::DEFAULT_STRIPE_API_VERSION.to_owned()].into()
    );
}

#[tokio::test]
async fn a_stripe_member_sees_their_card_and_invoices_changes_the_card_and_cancels() {
    let (app, fake) = stripe_app().await;
    let (token, sub_id) = stripe_member(&app, &fake).await;
    let me = app.get_json("/_api/v1/swazprofile", &token).await;
    assert_eq!(me["roles"], json!(["PAID"]));
    let sub = app
        .get_json("/_api/v1/stripe/getcustomersubscription", &token)
        .await;
    assert_eq!(sub["status"], "active");
    assert_eq!(sub["plan"], "solo");
    assert_eq!(
        sub["defaultPaymentMethod"]["card"],
        json!({ "brand": "visa", "last4": "4242", "expMonth": 4, "expYear": 2033 })
    );

    let history = app
        .get_json("/_api/v1/stripe/getcustomerbillinghistory", &token)
        .await;
    assert_eq!(history["upcoming"]["amountDue"], 2900);
    assert_eq!(
        history["history"][0]["hostedInvoiceUrl"]
            .as_str()
            .unwrap()
            .split('/')
            .nth(2),
        Some("invoice.stripe.test")
    );
    assert_eq!(
        history["history"][0]["paymentIntent"]["paymentMethod"]["card"]["last4"],
        "4242"
    );
    assert!(history["history"][0]["charge"]
        .as_str()
        .is_some_and(|c| c.starts_with("ch_")));

    let res = app
        .get_auth(
            &format!("{API}/stripe/subscription/changepaymentrequest"),
            &token,
        )
        .send()
        .await
        .unwrap();
    let location = res.headers()["location"].to_str().unwrap().to_owned();
    let setup = location.rsplit('/').next().unwrap().to_owned();
    fake.complete(&setup, "zed@example.com", "Zed Ray", "mastercard", "4444")
        .await;
    let res = app
        .http
        .put(app.url(&format!("{API}/stripe/updatedefaultpaymentmethod/{setup}")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.json::<Value>().await.unwrap()["card"]["last4"], "4444");
    assert_eq!(
        app.get_json("/_api/v1/stripe/getcustomersubscription", &token)
            .await["defaultPaymentMethod"]["card"]["brand"],
        "mastercard"
    );

    let res = app
        .http
        .post(app.url(&format!("{API}/stripe/cancelsubscription")))
        .bearer_auth(&token)
        .json(&json!({ "reason": "injured" }))
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.json::<Value>().await.unwrap()["cancelAtPeriodEnd"],
        true
    );
    assert_eq!(
        fake.store.lock().unwrap().subscriptions[&sub_id]["cancel_at_period_end"],
        true
    );
    assert_eq!(
        app.get_json("/_api/v1/stripe/getcustomerbillinghistory", &token)
            .await["upcoming"],
        Value::Null
    );
}

/// The app's copy of the subscription's status.
async fn mirrored_status(app: &TestApp, sub_id: &str) -> String {
    sqlx::query_scalar("SELECT status FROM subscriptions WHERE id = $1")
        .bind(sub_id)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap()
}

async fn roles(app: &TestApp, token: &str) -> Value {
    app.get_json("/_api/v1/swazprofile", token).await["roles"].clone()
}

#[tokio::test]
async fn a_signed_webhook_keeps_the_membership_in_step_with_what_stripe_says() {
    let (app, fake) = stripe_app().await;
    let (token, sub_id) = stripe_member(&app, &fake).await;
    fake.end(&sub_id);
    let event = fake.subscription_event("evt_1", "customer.subscription.deleted", &sub_id, CURRENT);
    let now = chrono::Utc::now().timestamp();

    let (status, body) = webhook(&app, &event, WEBHOOK_SECRET, now).await;
    assert_eq!(
        (status, body),
        (StatusCode::OK, json!({ "received": true }))
    );
    assert_eq!(
        roles(&app, &token).await,
        json!([]),
        "a deleted subscription ends PAID"
    );
    assert_eq!(mirrored_status(&app, &sub_id).await, "canceled");
    assert_eq!(app.count("stripe_events").await, 1);
}

#[tokio::test]
async fn a_repeated_delivery_is_acknowledged_without_asking_stripe() {
    let (app, fake) = stripe_app().await;
    let (token, sub_id) = stripe_member(&app, &fake).await;
    let event = fake.subscription_event("evt_1", "customer.subscription.updated", &sub_id, CURRENT);
    let now = chrono::Utc::now().timestamp();
    assert_eq!(
        webhook(&app, &event, WEBHOOK_SECRET, now).await.0,
        StatusCode::OK
    );

    let calls = fake.calls().len();
    let (status, body) = webhook(&app, &event, WEBHOOK_SECRET, now).await;
    assert_eq!(
        (status, body),
        (
            StatusCode::OK,
            json!({ "received": true, "duplicate": true })
        )
    );
    assert_eq!(
        fake.calls().len(),
        calls,
        "no call to Stripe for a duplicate"
    );
    assert_eq!(app.count("stripe_events").await, 1);
    assert_eq!(roles(&app, &token).await, json!(["PAID"]));
}

#[tokio::test]
async fn a_delivery_that_fails_stores_nothing_and_stripes_retry_applies_it() {
    let (app, fake) = stripe_app().await;
    let (token, sub_id) = stripe_member(&app, &fake).await;
    fake.end(&sub_id);
    let event = fake.subscription_event("evt_1", "customer.subscription.deleted", &sub_id, CURRENT);
    let now = chrono::Utc::now().timestamp();
    for _ in 0..3 {
        fake.fail_once("GET", &format!("/v1/subscriptions/{sub_id}"), 500);
    }
    let (status, _) = webhook(&app, &event, WEBHOOK_SECRET, now).await;
    assert_eq!(
        status,
        StatusCode::BAD_GATEWAY,
        "not 2xx: Stripe will send it again"
    );
    assert_eq!(app.count("stripe_events").await, 0);
    assert_eq!(roles(&app, &token).await, json!(["PAID"]));

    let (status, body) = webhook(&app, &event, WEBHOOK_SECRET, now).await;
    assert_eq!(
        (status, body),
        (StatusCode::OK, json!({ "received": true }))
    );
    assert_eq!(roles(&app, &token).await, json!([]));
}

#[tokio::test]
async fn an_older_update_arriving_after_the_deletion_leaves_the_membership_ended() {
    let (app, fake) = stripe_app().await;
    let (token, sub_id) = stripe_member(&app, &fake).await;
    let now = chrono::Utc::now().timestamp();
    // Stripe sent an update while the subscription ran, then the deletion; they arrive swapped.
    let update =
        fake.subscription_event("evt_old", "customer.subscription.updated", &sub_id, CURRENT);
    fake.end(&sub_id);
    let deletion =
        fake.subscription_event("evt_new", "customer.subscription.deleted", &sub_id, CURRENT);
    assert_eq!(
        webhook(&app, &deletion, WEBHOOK_SECRET, now).await.0,
        StatusCode::OK
    );
    assert_eq!(update["data"]["object"]["status"], "active");
    let (status, body) = webhook(&app, &update, WEBHOOK_SECRET, now).await;
    assert_eq!(
        (status, body),
        (StatusCode::OK, json!({ "received": true }))
    );
    assert_eq!(mirrored_status(&app, &sub_id).await, "canceled");
    assert_eq!(
        roles(&app, &token).await,
        json!([]),
        "the old update does not revive it"
    );
}

#[tokio::test]
async fn events_rendered_in_a_newer_api_version_are_applied_from_what_stripe_says() {
    let (app, fake) = stripe_app().await;
    let (token, sub_id) = stripe_member(&app, &fake).await;
    let now = chrono::Utc::now().timestamp();
    fake.set(&sub_id, "status", json!("past_due"));
    let invoice_id = fake.invoice_event("x", "invoice.payment_failed", &sub_id, CURRENT)["data"]
        ["object"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let failed = fake.newer_event("evt_n1", "invoice.payment_failed", &invoice_id, "invoice");
    assert_eq!(
        webhook(&app, &failed, WEBHOOK_SECRET, now).await.0,
        StatusCode::OK
    );
    assert_eq!(mirrored_status(&app, &sub_id).await, "past_due");
    assert_eq!(roles(&app, &token).await, json!([]));

    fake.end(&sub_id);
    let deleted = fake.newer_event(
        "evt_n2",
        "customer.subscription.deleted",
        &sub_id,
        "subscription",
    );
    assert_eq!(
        webhook(&app, &deleted, WEBHOOK_SECRET, now).await.0,
        StatusCode::OK
    );
    assert_eq!(mirrored_status(&app, &sub_id).await, "canceled");
}

#[tokio::test]
async fn events_in_the_older_and_the_current_api_version_are_both_applied() {
    let (app, fake) = stripe_app().await;
    let (token, sub_id) = stripe_member(&app, &fake).await;
    let now = chrono::Utc::now().timestamp();
    for (n, version) in [OLDER, CURRENT].into_iter().enumerate() {
        fake.set(&sub_id, "status", json!("past_due"));
        let failed = fake.invoice_event(
            &format!("evt_f{n}"),
            "invoice.payment_failed",
            &sub_id,
            version,
        );
        assert_eq!(
            webhook(&app, &failed, WEBHOOK_SECRET, now).await.0,
            StatusCode::OK,
            "{version}"
        );
        assert_eq!(
            mirrored_status(&app, &sub_id).await,
            "past_due",
            "{version}"
        );
        assert_eq!(roles(&app, &token).await, json!([]), "{version}");

        fake.set(&sub_id, "status", json!("active"));
        let paid = fake.invoice_event(&format!("evt_p{n}"), "invoice.paid", &sub_id, version);
        assert_eq!(
            webhook(&app, &paid, WEBHOOK_SECRET, now).await.0,
            StatusCode::OK,
            "{version}"
        );
        assert_eq!(mirrored_status(&app, &sub_id).await, "active", "{version}");
        assert_eq!(roles(&app, &token).await, json!(["PAID"]), "{version}");

        fake.set(&sub_id, "cancel_at_period_end", json!(true));
        let updated = fake.subscription_event(
            &format!("evt_u{n}"),
            "customer.subscription.updated",
            &sub_id,
            version,
        );
        assert_eq!(
            webhook(&app, &updated, WEBHOOK_SECRET, now).await.0,
            StatusCode::OK,
            "{version}"
        );
        assert_eq!(mirrored_cancel(&app, &sub_id).await, 1, "{version}");
        fake.set(&sub_id, "cancel_at_period_end", json!(false));
        let updated = fake.subscription_event(
            &format!("evt_r{n}"),
            "customer.subscription.updated",
            &sub_id,
            version,
        );
        assert_eq!(
            webhook(&app, &updated, WEBHOOK_SECRET, now).await.0,
            StatusCode::OK,
            "{version}"
        );
        assert_eq!(mirrored_cancel(&app, &sub_id).await, 0, "{version}");
    }
    // Each failed payment told the member, with the way to change the card.
    let mut mails = vec![];
    for _ in 0..100 {
        mails = app.mailbox("zed@example.com", 1).await;
        mails.retain(|m| m["subject"] == "Your SWAZ payment did not go through");
        if mails.len() >= 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let notices = mails;
    assert_eq!(notices.len(), 2);
    let text = notices[0]["text"].as_str().unwrap();
    assert!(text.contains("Update my card: "), "{text}");
    assert!(text.contains("/account/membership"), "{text}");
    assert_eq!(
        fake.invoice_event("x", "invoice.paid", &sub_id, OLDER)["data"]["object"]["subscription"],
        sub_id.as_str(),
        "the older shape names the subscription at the top"
    );
}

#[tokio::test]
async fn a_completed_checkout_event_attaches_a_signed_in_buyers_membership() {
    let (app, fake) = stripe_app().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let session = checkout(&app, "solo", Some(&token)).await;
    fake.complete(&session, "ann@example.com", "Ann", "visa", "4242")
        .await;
    let event = fake.checkout_event("evt_c", &session);
    assert_eq!(
        webhook(&app, &event, WEBHOOK_SECRET, chrono::Utc::now().timestamp())
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(roles(&app, &token).await, json!(["PAID"]));
}

#[tokio::test]
async fn a_completed_checkout_of_a_since_deleted_user_is_acknowledged() {
    let (app, fake) = stripe_app().await;
    let (user_id, token, _) = app.signed_in_user("ann@example.com").await;
    let session = checkout(&app, "solo", Some(&token)).await;
    fake.complete(&session, "ann@example.com", "Ann", "visa", "4242")
        .await;
    sqlx::query("DELETE FROM users WHERE id = $1")
        .bind(&user_id)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    let event = fake.checkout_event("evt_c", &session);
    let (status, body) =
        webhook(&app, &event, WEBHOOK_SECRET, chrono::Utc::now().timestamp()).await;
    assert_eq!(
        (status, body),
        (StatusCode::OK, json!({ "received": true }))
    );
    assert_eq!(app.count("subscriptions").await, 0);
    assert_eq!(
        app.count("stripe_events").await,
        1,
        "Stripe need not send it again"
    );
}

#[tokio::test]
async fn events_about_subscriptions_swaz_does_not_know_are_acknowledged() {
    let (app, fake) = stripe_app().await;
    let now = chrono::Utc::now().timestamp();
    // Paid anonymously; the buyer never came back to the first flow.
    let session = checkout(&app, "solo", None).await;
    fake.complete(&session, "zed@example.com", "Zed Ray", "visa", "4242")
        .await;
    let sub_id = fake
        .store
        .lock()
        .unwrap()
        .subscriptions
        .keys()
        .next()
        .unwrap()
        .clone();
    let unknown_to_swaz = [
        fake.subscription_event("evt_1", "customer.subscription.updated", &sub_id, CURRENT),
        fake.invoice_event("evt_2", "invoice.paid", &sub_id, CURRENT),
        fake.checkout_event("evt_3", &session),
    ];
    for event in &unknown_to_swaz {
        let (status, body) = webhook(&app, event, WEBHOOK_SECRET, now).await;
        assert_eq!(
            (status, body),
            (StatusCode::OK, json!({ "received": true })),
            "{event}"
        );
    }
    // Nor does Stripe know them (deleted in the Dashboard, another account's test data).
    let unknown_to_stripe = [
        json!({ "id": "evt_4", "type": "customer.subscription.deleted", "data": { "object": { "id": "sub_gone" } } }),
        json!({ "id": "evt_5", "type": "invoice.payment_failed", "data": { "object": { "id": "in_gone" } } }),
        json!({ "id": "evt_6", "type": "checkout.session.completed", "data": { "object": { "id": "cs_gone" } } }),
    ];
    for event in &unknown_to_stripe {
        let (status, _) = webhook(&app, event, WEBHOOK_SECRET, now).await;
        assert_eq!(status, StatusCode::OK, "{event}");
    }
    assert_eq!(app.count("subscriptions").await, 0);
    assert_eq!(app.count("stripe_events").await, 6);

    // Types SWAZ does not use, or an object without an id (an upcoming invoice), are ignored.
    let calls = fake.calls().len();
    for event in [
        json!({ "id": "evt_7", "type": "customer.created", "data": { "object": { "id": "cus_1" } } }),
        json!({ "id": "evt_8", "type": "invoice.upcoming", "data": { "object": { "object": "invoice" } } }),
    ] {
        let (status, body) = webhook(&app, &event, WEBHOOK_SECRET, now).await;
        assert_eq!(
            (status, body),
            (StatusCode::OK, json!({ "received": true, "ignored": true }))
        );
    }
    assert_eq!(fake.calls().len(), calls, "Stripe is not asked about them");
}

#[tokio::test]
async fn webhooks_with_a_bad_signature_a_stale_timestamp_or_none_are_refused() {
    let (app, _) = stripe_app().await;
    let event = json!({ "id": "evt_x", "type": "invoice.paid", "data": { "object": {} } });
    let now = chrono::Utc::now().timestamp();
    let (status, body) = webhook(&app, &event, "whsec_wrong", now).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["message"],
        "Invalid Stripe signature: no Stripe-Signature matches the body."
    );
    let (status, body) = webhook(&app, &event, WEBHOOK_SECRET, now - 600).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["message"]
        .as_str()
        .unwrap()
        .contains("outside the tolerance"));
    let res = app.post_json(&format!("{API}/stripe/webhook"), event).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        res.json::<Value>().await.unwrap()["message"],
        "The Stripe-Signature header is missing."
    );
}

#[tokio::test]
async fn the_webhook_is_off_in_local_test_mode() {
    let app = TestApp::spawn().await;
    let event = json!({ "id": "evt_x", "type": "invoice.paid" });
    let (status, _) = webhook(&app, &event, WEBHOOK_SECRET, chrono::Utc::now().timestamp()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// The forms the fake Stripe received for one subscription, oldest first.
fn subscription_forms(fake: &FakeStripe, sub_id: &str) -> Vec<HashMap<String, String>> {
    let path = format!("/v1/subscriptions/{sub_id}");
    fake.store
        .lock()
        .unwrap()
        .forms
        .iter()
        .filter(|(p, _)| *p == path)
        .map(|(_, form)| form.clone())
        .collect()
}

/// The app's copy of the subscription's pending cancellation.
async fn mirrored_cancel(app: &TestApp, sub_id: &str) -> i64 {
    sqlx::query_scalar("SELECT cancel_at_period_end FROM subscriptions WHERE id = $1")
        .bind(sub_id)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap()
}

fn form(pairs: &[(&str, &str)]) -> HashMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[tokio::test]
async fn a_stripe_member_resumes_and_stripe_is_told_cancel_at_period_end_false() {
    let (app, fake) = stripe_app().await;
    let (token, sub_id) = stripe_member(&app, &fake).await;
    let (status, body) = app
        .post_as(&token, "/_api/v1/stripe/resumesubscription", json!({}))
        .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            StatusCode::CONFLICT,
            Some("Your membership is not set to end, so there is nothing to resume: it renews at the end of each period.")
        )
    );
    assert!(
        subscription_forms(&fake, &sub_id).is_empty(),
        "Stripe is not called"
    );

    let (status, _) = app
        .post_as(&token, "/_api/v1/stripe/cancelsubscription", json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(mirrored_cancel(&app, &sub_id).await, 1);
    let (status, body) = app
        .post_as(&token, "/_api/v1/stripe/resumesubscription", json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (body["status"].as_str(), body["cancelAtPeriodEnd"].as_bool()),
        (Some("active"), Some(false))
    );
    assert_eq!(body["defaultPaymentMethod"]["card"]["last4"], "4242");
    assert_eq!(
        subscription_forms(&fake, &sub_id),
        [
            form(&[("cancel_at_period_end", "true")]),
            form(&[("cancel_at_period_end", "false")])
        ]
    );
    let stored = fake.store.lock().unwrap().subscriptions[&sub_id].clone();
    assert_eq!(
        (&stored["cancel_at_period_end"], &stored["canceled_at"]),
        (&json!(false), &Value::Null)
    );
    assert_eq!(mirrored_cancel(&app, &sub_id).await, 0);
    assert_eq!(
        app.get_json("/_api/v1/stripe/getcustomerbillinghistory", &token)
            .await["upcoming"]["amountDue"],
        2900
    );
}

#[tokio::test]
async fn a_stripe_membership_past_its_period_end_is_not_resumed() {
    let (app, fake) = stripe_app().await;
    let (token, sub_id, password) = stripe_member_with_password(&app, &fake).await;
    let (status, _) = app
        .post_as(&token, "/_api/v1/stripe/cancelsubscription", json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    app.clock().advance(chrono::Duration::days(31));
    let token = app.sign_in("zed@example.com", &password).await["access_token"]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, body) = app
        .post_as(&token, "/_api/v1/stripe/resumesubscription", json!({}))
        .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            StatusCode::CONFLICT,
            Some("This membership has already ended, so it can no longer be resumed. Choose a plan to become a member again.")
        )
    );
    assert_eq!(
        subscription_forms(&fake, &sub_id),
        [form(&[("cancel_at_period_end", "true")])],
        "Stripe is not asked to revive it"
    );

    // Once Stripe has ended it, the answer is the same.
    fake.store
        .lock()
        .unwrap()
        .subscriptions
        .get_mut(&sub_id)
        .unwrap()["status"] = json!("canceled");
    let (status, body) = app
        .post_as(&token, "/_api/v1/stripe/resumesubscription", json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
}

#[tokio::test]
async fn a_subscription_updated_event_that_drops_the_cancellation_is_mirrored() {
    let (app, fake) = stripe_app().await;
    let (token, sub_id) = stripe_member(&app, &fake).await;
    let (status, _) = app
        .post_as(&token, "/_api/v1/stripe/cancelsubscription", json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(mirrored_cancel(&app, &sub_id).await, 1);

    // The member resumed on Stripe's side (customer portal, dashboard): Stripe sends the update.
    fake.set(&sub_id, "cancel_at_period_end", json!(false));
    fake.set(&sub_id, "canceled_at", Value::Null);
    let event = fake.subscription_event(
        "evt_resumed",
        "customer.subscription.updated",
        &sub_id,
        CURRENT,
    );
    let (status, _) = webhook(&app, &event, WEBHOOK_SECRET, app.state.clock.now_secs()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(mirrored_cancel(&app, &sub_id).await, 0);
}

/// The fake Stripe's calls of `method` to `path`.
fn calls_to(fake: &FakeStripe, method: &str, path: &str) -> usize {
    fake.calls()
        .iter()
        .filter(|(m, p)| m == method && p == path)
        .count()
}

#[tokio::test]
async fn a_429_and_a_500_from_stripe_are_retried_with_the_same_idempotency_key() {
    let (app, fake) = stripe_app().await;
    let (token, sub_id) = stripe_member(&app, &fake).await;
    let path = format!("/v1/subscriptions/{sub_id}");
    fake.fail_once("POST", &path, 429);
    fake.fail_once("GET", &path, 500);
    let before = (
        calls_to(&fake, "POST", &path),
        calls_to(&fake, "GET", &path),
    );

    let (status, body) = app
        .post_as(&token, "/_api/v1/stripe/cancelsubscription", json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["cancelAtPeriodEnd"], true);
    assert_eq!(mirrored_cancel(&app, &sub_id).await, 1);
    assert_eq!(
        subscription_forms(&fake, &sub_id),
        [form(&[("cancel_at_period_end", "true")])],
        "Stripe made the change once"
    );
    assert_eq!(calls_to(&fake, "POST", &path) - before.0, 2, "one retry");
    assert!(
        calls_to(&fake, "GET", &path) - before.1 >= 2,
        "the read was retried"
    );
    let keys: Vec<String> = fake
        .store
        .lock()
        .unwrap()
        .keys
        .iter()
        .filter(|(p, _)| *p == path)
        .map(|(_, key)| key.clone())
        .collect();
    assert_eq!(keys.len(), 2);
    assert_eq!(keys[0], keys[1], "the retry sent the first try's key");
}

#[tokio::test]
async fn stripe_failing_on_every_try_answers_502_and_nothing_is_changed() {
    let (app, fake) = stripe_app().await;
    let (token, sub_id) = stripe_member(&app, &fake).await;
    let path = format!("/v1/subscriptions/{sub_id}");
    for _ in 0..3 {
        fake.fail_once("POST", &path, 503);
    }
    let (status, body) = app
        .post_as(&token, "/_api/v1/stripe/cancelsubscription", json!({}))
        .await;
    assert_eq!(
        (status, body["code"].as_str(), body["message"].as_str()),
        (
            StatusCode::BAD_GATEWAY,
            Some("bad_gateway"),
            Some("The payment service is not answering right now. Please try again in a few minutes.")
        )
    );
    assert_eq!(
        calls_to(&fake, "POST", &path),
        3,
        "three tries, then it gives up"
    );
    assert_eq!(mirrored_cancel(&app, &sub_id).await, 0);
}

#[tokio::test]
async fn a_change_stripe_refuses_answers_502_with_what_to_do() {
    let (app, fake) = stripe_app().await;
    let (token, sub_id) = stripe_member(&app, &fake).await;
    let path = format!("/v1/subscriptions/{sub_id}");
    fake.fail_once("POST", &path, 400);
    let (status, body) = app
        .post_as(&token, "/_api/v1/stripe/cancelsubscription", json!({}))
        .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            StatusCode::BAD_GATEWAY,
            Some("The payment service refused this change; nothing was charged. Please try again later or contact support.")
        )
    );
    assert_eq!(
        calls_to(&fake, "POST", &path),
        1,
        "a refusal is not retried"
    );
    assert_eq!(mirrored_cancel(&app, &sub_id).await, 0);
    assert_eq!(
        fake.store.lock().unwrap().subscriptions[&sub_id]["cancel_at_period_end"],
        false
    );
}

#[tokio::test]
async fn resuming_a_membership_stripe_ended_meanwhile_answers_409_ended() {
    let (app, fake) = stripe_app().await;
    let (token, sub_id) = stripe_member(&app, &fake).await;
    let (status, _) = app
        .post_as(&token, "/_api/v1/stripe/cancelsubscription", json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    // Stripe ends the subscription between SWAZ's read and its update.
    fake.store
        .lock()
        .unwrap()
        .end_before_next_update
        .insert(sub_id.clone());
    let (status, body) = app
        .post_as(&token, "/_api/v1/stripe/resumesubscription", json!({}))
        .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            StatusCode::CONFLICT,
            Some("This membership has already ended, so it can no longer be resumed. Choose a plan to become a member again.")
        )
    );
}

#[tokio::test]
async fn the_fake_stripe_keeps_stripes_idempotency_rules() {
    let fake = FakeStripe::start().await;
    fake.store.lock().unwrap().customers.insert(
        "cus_1".into(),
        json!({ "id": "cus_1", "invoice_settings": { "default_payment_method": null } }),
    );
    let post = |key: Option<&str>, pm: &str| {
        let mut req = reqwest::Client::new()
            .post(format!("{}/v1/customers/cus_1", fake.base))
            .bearer_auth(crate::fake_stripe::KEY)
            .header("stripe-version", crate::fake_stripe::CURRENT)
            .form(&[("invoice_settings[default_payment_method]", pm.to_owned())]);
        if let Some(key) = key {
            req = req.header("idempotency-key", key);
        }
        req.send()
    };
    let res = post(None, "pm_1").await.unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST, "no key, no change");
    let first = post(Some("k1"), "pm_1").await.unwrap();
    assert_eq!(first.status(), StatusCode::OK);
    let again = post(Some("k1"), "pm_1").await.unwrap();
    assert_eq!(again.headers()["idempotent-replayed"], "true");
    let other = post(Some("k1"), "pm_2").await.unwrap();
    assert_eq!(other.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        other.json::<Value>().await.unwrap()["error"]["type"],
        "idempotency_error"
    );
    assert_eq!(
        fake.store.lock().unwrap().forms.len(),
        1,
        "only the first keyed request was applied"
    );
}

#[tokio::test]
async fn cancel_resume_and_cancel_again_each_reach_stripe_under_their_own_key() {
    let (app, fake) = stripe_app().await;
    let (token, sub_id) = stripe_member(&app, &fake).await;
    for (path, cancel) in [
        ("cancelsubscription", true),
        ("resumesubscription", false),
        ("cancelsubscription", true),
    ] {
        let (status, body) = app
            .post_as(&token, &format!("/_api/v1/stripe/{path}"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
        assert_eq!(body["cancelAtPeriodEnd"], cancel, "{path}");
    }
    // A replayed key would have answered without the fake recording the form again.
    assert_eq!(
        subscription_forms(&fake, &sub_id),
        [
            form(&[("cancel_at_period_end", "true")]),
            form(&[("cancel_at_period_end", "false")]),
            form(&[("cancel_at_period_end", "true")])
        ]
    );
    assert_eq!(mirrored_cancel(&app, &sub_id).await, 1);
}

#[tokio::test]
async fn a_reconcile_round_repairs_changes_whose_webhooks_were_lost() {
    let (app, fake) = stripe_app().await;
    let (token, sub_id) = stripe_member(&app, &fake).await;
    let reconcile = || {
        swaz::billing::reconcile::round(
            app.state.billing(),
            app.state.mailer(),
            app.state.clock.now_ms(),
        )
    };

    // Set to end in the customer portal; the event never arrived.
    fake.set(&sub_id, "cancel_at_period_end", json!(true));
    let done = reconcile().await.unwrap();
    assert_eq!((done.refreshed, done.missing, done.failed), (1, 0, 0));
    assert_eq!(mirrored_cancel(&app, &sub_id).await, 1);

    // Ended by Stripe (say, unpaid); the event never arrived either.
    fake.end(&sub_id);
    assert_eq!(
        roles(&app, &token).await,
        json!(["PAID"]),
        "SWAZ has not heard of it"
    );
    reconcile().await.unwrap();
    assert_eq!(mirrored_status(&app, &sub_id).await, "canceled");
    assert_eq!(roles(&app, &token).await, json!([]));

    let calls = fake.calls().len();
    let done = reconcile().await.unwrap();
    assert_eq!(done.refreshed, 0, "an ended membership is not read again");
    assert_eq!(fake.calls().len(), calls);
}

#[tokio::test]
async fn a_reconcile_round_goes_on_past_a_membership_stripe_fails_on() {
    let (app, fake) = stripe_app().await;
    let (_, sub_id) = stripe_member(&app, &fake).await;
    for _ in 0..3 {
        fake.fail_once("GET", &format!("/v1/subscriptions/{sub_id}"), 503);
    }
    let done = swaz::billing::reconcile::round(
        app.state.billing(),
        app.state.mailer(),
        app.state.clock.now_ms(),
    )
    .await
    .unwrap();
    assert_eq!((done.refreshed, done.failed), (0, 1));
}

#[tokio::test]
async fn stripes_events_for_the_team_plan_of_a_deleted_coach_still_reach_the_team() {
    let (app, fake) = stripe_app().await;
    let coach = app.with_user("cora@example.com", "Cora").await;
    let session = checkout(&app, "team", Some(&coach.token)).await;
    fake.complete(&session, "cora@example.com", "Cora", "visa", "4242")
        .await;
    let (status, body) = coach
        .post(
            &format!("{API}/stripe/subscriptionsuccess?sessionid={session}&t=1"),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, link) = coach
        .post(&format!("{API}/team/invitelink"), json!({}))
        .await;
    let hash = link["link"].as_str().unwrap().rsplit('/').next().unwrap();
    let abe = app.with_user("abe@example.com", "Abe").await;
    let (status, _) = abe
        .post(&format!("{API}/team/invite/{hash}/accept"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = coach
        .post(&format!("{API}/stripe/cancelsubscription"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = coach
        .request(
            Method::DELETE,
            &format!("{API}/account"),
            Some(json!({ "confirmation": "DELETE" })),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(
        app.get_json("/_api/v1/swazprofile", &abe.token).await["roles"],
        json!(["PAID"])
    );

    // Stripe ends the plan early (a refund in the dashboard, say): the team's copy follows.
    let sub_id = fake
        .store
        .lock()
        .unwrap()
        .subscriptions
        .keys()
        .next()
        .unwrap()
        .clone();
    fake.end(&sub_id);
    let event = fake.subscription_event(
        "evt_gone",
        "customer.subscription.deleted",
        &sub_id,
        CURRENT,
    );
    let (status, body) = webhook(&app, &event, WEBHOOK_SECRET, app.state.clock.now_secs()).await;
    assert_eq!(
        (status, body),
        (StatusCode::OK, json!({ "received": true }))
    );
    let (owner, state): (Option<String>, String) =
        sqlx::query_as("SELECT user_id, status FROM subscriptions WHERE id = $1")
            .bind(&sub_id)
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
    assert_eq!((owner, state.as_str()), (None, "canceled"));
    assert_eq!(
        app.get_json("/_api/v1/swazprofile", &abe.token).await["roles"],
        json!([])
    );
}
