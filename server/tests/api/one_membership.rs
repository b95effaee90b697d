//! One membership per person: a second checkout is refused before any payment, signed in or by
//! the e-mail a visitor gives, and a payment that still doubles a membership is refunded.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::billing::{cancel, card, first_flow, member_with_solo_plan, pay, start_checkout, API};
use crate::support::TestApp;

const ALREADY_A_MEMBER: &str = "You already have a membership, so there is nothing to buy. To switch between monthly and yearly or Individual and Team, use Change plan on your Membership page.";
const HAS_AN_ACCOUNT: &str = "There is already a SWAZ account for this e-mail. Sign in, then renew or change your plan from your Membership page.";
const REFUNDED: &str = "You already have a membership, so this payment was refunded and nothing changed. Your plan is on your Membership page.";

async fn checkout_as(app: &TestApp, token: Option<&str>, body: Value) -> (StatusCode, Value) {
    app.request(
        reqwest::Method::POST,
        &format!("{API}/stripe/checkout"),
        token,
        Some(body),
    )
    .await
}

async fn billing_history(app: &TestApp, token: &str) -> Value {
    app.get_json(&format!("{API}/stripe/getcustomerbillinghistory"), token)
        .await
}

async fn member_return(app: &TestApp, token: &str, session: &str) -> (StatusCode, Value) {
    app.request(
        reqwest::Method::POST,
        &format!("{API}/stripe/subscriptionsuccess?sessionid={session}"),
        Some(token),
        None,
    )
    .await
}

#[tokio::test]
async fn a_visitor_cannot_start_a_checkout_for_an_email_that_has_an_account() {
    let app = TestApp::spawn().await;
    let token = member_with_solo_plan(&app).await;
    let before = billing_history(&app, &token).await;
    let sessions = app.count("localpay_sessions").await;

    for email in ["ann@example.com", "  Ann@Example.COM "] {
        let (status, body) =
            checkout_as(&app, None, json!({ "plan": "solo", "email": email })).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (StatusCode::CONFLICT, Some(HAS_AN_ACCOUNT)),
            "{email}"
        );
    }
    for (body, message) in [
        (json!({ "plan": "solo" }), "Enter your e-mail address."),
        (
            json!({ "plan": "solo", "email": " " }),
            "Enter your e-mail address.",
        ),
        (
            json!({ "plan": "solo", "email": "ann-at-example" }),
            "Enter a valid e-mail address.",
        ),
    ] {
        let (status, answer) = checkout_as(&app, None, body).await;
        assert_eq!(
            (status, answer["message"].as_str()),
            (StatusCode::BAD_REQUEST, Some(message))
        );
    }
    assert_eq!(
        app.count("localpay_sessions").await,
        sessions,
        "no checkout began, so nothing could be paid"
    );
    assert_eq!(
        billing_history(&app, &token).await,
        before,
        "the member's card and invoices are as they were"
    );
}

#[tokio::test]
async fn the_address_a_visitor_gives_is_the_one_the_membership_gets() {
    let app = TestApp::spawn().await;
    let (status, body) = checkout_as(
        &app,
        None,
        json!({ "plan": "solo", "email": "New.Athlete@Example.com" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let session = body["url"].as_str().unwrap().rsplit('/').next().unwrap();
    let page: Value = app
        .get_public_json(&format!("{API}/localpay/checkout/{session}"))
        .await;
    assert_eq!(page["email"], "new.athlete@example.com");
    // Another address typed on the page does not change whose membership it is.
    let (status, _) = pay(&app, session, card("4242 4242 4242 4242")).await;
    assert_eq!(status, StatusCode::OK);
    let (status, result) = first_flow(&app, session).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(result["email"], "new.athlete@example.com");
}

#[tokio::test]
async fn a_member_whose_membership_runs_is_sent_to_change_the_plan_instead() {
    let app = TestApp::spawn().await;
    let token = member_with_solo_plan(&app).await;
    for plan in ["solo", "solo_yearly", "team"] {
        let (status, body) = checkout_as(&app, Some(&token), json!({ "plan": plan })).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (StatusCode::CONFLICT, Some(ALREADY_A_MEMBER)),
            "{plan}"
        );
    }
    // Cancelled, it still runs to the end of the paid month: still nothing to buy.
    cancel(&app, &token).await;
    let (status, _) = checkout_as(&app, Some(&token), json!({ "plan": "solo_yearly" })).await;
    assert_eq!(status, StatusCode::CONFLICT);
    // Once it has ended, the member may buy again.
    app.clock().advance(chrono::Duration::days(32));
    let token = app.fresh_token("ann@example.com").await;
    let (session, _) = start_checkout(&app, "solo_yearly", Some(&token)).await;
    assert!(session.starts_with("cs_test_"));
}

#[tokio::test]
async fn two_checkouts_a_member_paid_at_once_charge_once_and_refund_the_other() {
    let app = TestApp::spawn().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    // Both pages were opened before either was paid.
    let (first, _) = start_checkout(&app, "solo", Some(&token)).await;
    let (second, _) = start_checkout(&app, "solo_yearly", Some(&token)).await;
    for session in [&first, &second] {
        assert_eq!(
            pay(&app, session, card("4242 4242 4242 4242")).await.0,
            StatusCode::OK
        );
    }
    assert_eq!(member_return(&app, &token, &first).await.0, StatusCode::OK);
    for _ in 0..2 {
        let (status, body) = member_return(&app, &token, &second).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (StatusCode::CONFLICT, Some(REFUNDED)),
            "the same answer on a retry"
        );
    }
    assert_eq!(app.count("subscriptions").await, 1);
    let membership = app
        .get_json(&format!("{API}/stripe/getcustomersubscription"), &token)
        .await;
    assert_eq!(membership["plan"], "solo");
    let paid: Vec<i64> = billing_history(&app, &token).await["history"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["status"] == "paid")
        .map(|i| i["amountPaid"].as_i64().unwrap())
        .collect();
    assert_eq!(paid, vec![2900], "one charge stands");
    let refunded: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM localpay_invoices WHERE status = 'refunded' AND amount_paid = 28900",
    )
    .fetch_one(app.state.db.pool())
    .await
    .unwrap();
    assert_eq!(refunded, 1, "the yearly payment is refunded");
}
