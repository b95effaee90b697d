//! The Stripe provider against a fake Stripe server, and the signed webhook.

use std::collections::HashMap;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::fake_stripe::{FakeStripe, WEBHOOK_SECRET};
use crate::support::TestApp;

const API: &str = "/_api/v1";

async fn stripe_app() -> (TestApp, FakeStripe) {
    let fake = FakeStripe::start().await;
    let configured = fake.clone();
    let app = TestApp::builder()
        .config(move |c| configured.configure(&mut c.billing))
        .spawn()
        .await;
    (app, fake)
}

async fn checkout(app: &TestApp, plan: &str, token: Option<&str>) -> String {
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
async fn stripe_member(app: &TestApp, fake: &FakeStripe) -> (String, String) {
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

fn subscription_event(id: &str, kind: &str, sub: &Value) -> Value {
    json!({ "id": id, "object": "event", "type": kind, "data": { "object": sub } })
}

#[tokio::test]
async fn a_signed_webhook_keeps_the_membership_in_step_once_per_event() {
    let (app, fake) = stripe_app().await;
    let (token, sub_id) = stripe_member(&app, &fake).await;
    let mut sub = fake.store.lock().unwrap().subscriptions[&sub_id].clone();
    sub["status"] = json!("canceled");
    let event = subscription_event("evt_1", "customer.subscription.deleted", &sub);
    let now = chrono::Utc::now().timestamp();

    let (status, body) = webhook(&app, &event, WEBHOOK_SECRET, now).await;
    assert_eq!(
        (status, body),
        (StatusCode::OK, json!({ "received": true }))
    );
    assert_eq!(
        app.get_json("/_api/v1/swazprofile", &token).await["roles"],
        json!([]),
        "a deleted subscription ends PAID"
    );

    // Stripe redelivers: the same event is not applied twice.
    sub["status"] = json!("active");
    let replay = subscription_event("evt_1", "customer.subscription.updated", &sub);
    let (status, body) = webhook(&app, &replay, WEBHOOK_SECRET, now).await;
    assert_eq!(
        (status, body["duplicate"].as_bool()),
        (StatusCode::OK, Some(true))
    );
    assert_eq!(
        app.get_json("/_api/v1/swazprofile", &token).await["roles"],
        json!([])
    );
    let events: i64 = app.count("stripe_events").await;
    assert_eq!(events, 1);

    let (status, _) = webhook(
        &app,
        &subscription_event("evt_2", "customer.subscription.updated", &sub),
        WEBHOOK_SECRET,
        now,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        app.get_json("/_api/v1/swazprofile", &token).await["roles"],
        json!(["PAID"])
    );
}

#[tokio::test]
async fn a_failed_renewal_payment_suspends_until_an_invoice_is_paid() {
    let (app, fake) = stripe_app().await;
    let (token, sub_id) = stripe_member(&app, &fake).await;
    let now = chrono::Utc::now().timestamp();
    fake.store
        .lock()
        .unwrap()
        .subscriptions
        .get_mut(&sub_id)
        .unwrap()["status"] = json!("past_due");
    let failed = json!({ "id": "evt_f", "type": "invoice.payment_failed", "data": { "object": { "id": "in_x", "subscription": sub_id } } });
    assert_eq!(
        webhook(&app, &failed, WEBHOOK_SECRET, now).await.0,
        StatusCode::OK
    );
    assert_eq!(
        app.get_json("/_api/v1/swazprofile", &token).await["roles"],
        json!([])
    );
    assert_eq!(
        app.get_json("/_api/v1/stripe/getcustomersubscription", &token)
            .await["status"],
        "past_due"
    );
    fake.store
        .lock()
        .unwrap()
        .subscriptions
        .get_mut(&sub_id)
        .unwrap()["status"] = json!("active");
    let paid = json!({ "id": "evt_p", "type": "invoice.paid", "data": { "object": { "id": "in_y", "subscription": sub_id } } });
    assert_eq!(
        webhook(&app, &paid, WEBHOOK_SECRET, now).await.0,
        StatusCode::OK
    );
    assert_eq!(
        app.get_json("/_api/v1/swazprofile", &token).await["roles"],
        json!(["PAID"])
    );
}

#[tokio::test]
async fn a_completed_checkout_event_attaches_a_signed_in_buyers_membership() {
    let (app, fake) = stripe_app().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let session = checkout(&app, "solo", Some(&token)).await;
    fake.complete(&session, "ann@example.com", "Ann", "visa", "4242")
        .await;
    let stored = fake.store.lock().unwrap().sessions[&session].clone();
    let event = json!({ "id": "evt_c", "type": "checkout.session.completed", "data": { "object": stored } });
    assert_eq!(
        webhook(&app, &event, WEBHOOK_SECRET, chrono::Utc::now().timestamp())
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(
        app.get_json("/_api/v1/swazprofile", &token).await["roles"],
        json!(["PAID"])
    );
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
    let mut sub = fake.store.lock().unwrap().subscriptions[&sub_id].clone();
    sub["cancel_at_period_end"] = json!(false);
    sub["canceled_at"] = Value::Null;
    let event = subscription_event("evt_resumed", "customer.subscription.updated", &sub);
    let (status, _) = webhook(&app, &event, WEBHOOK_SECRET, app.state.clock.now_secs()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(mirrored_cancel(&app, &sub_id).await, 0);
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
    let mut sub = fake.store.lock().unwrap().subscriptions[&sub_id].clone();
    sub["status"] = json!("canceled");
    let event = subscription_event("evt_gone", "customer.subscription.deleted", &sub);
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
