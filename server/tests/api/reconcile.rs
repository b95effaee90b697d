//! The billing reconcile round with the local test-mode provider (the Stripe provider's is in
//! `stripe.rs`): it goes through the provider trait, so it repairs both.

use reqwest::StatusCode;
use serde_json::json;
use swaz::billing::reconcile::{round, Reconciled};

use crate::support::{TestApp, TEST_PASSWORD};

const API: &str = "/_api/v1";

async fn status_of_the_membership(app: &TestApp) -> (String, i64) {
    sqlx::query_as("SELECT status, current_period_end FROM subscriptions")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap()
}

#[tokio::test]
async fn a_reconcile_round_stores_what_the_local_provider_says_once_a_period_is_over() {
    let app = TestApp::spawn().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let (status, body) = app
        .post_as(
            &token,
            &format!("{API}/stripe/checkout"),
            json!({ "plan": "solo" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let session = body["url"]
        .as_str()
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap()
        .to_owned();
    let card = json!({ "email": "ann@example.com", "name": "Ann", "cardNumber": "4242 4242 4242 4242",
                       "expMonth": 12, "expYear": 2031, "cvc": "123" });
    let res = app
        .post_json(&format!("{API}/localpay/checkout/{session}/pay"), card)
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let (status, _) = app
        .post_as(
            &token,
            &format!("{API}/stripe/subscriptionsuccess?sessionid={session}"),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, first_end) = status_of_the_membership(&app).await;

    // A month on, the test mode renews the membership when it next looks: nobody looked yet.
    app.clock().advance(chrono::Duration::days(32));
    assert_eq!(status_of_the_membership(&app).await.1, first_end);
    let done = round(
        app.state.billing(),
        app.state.mailer(),
        app.state.clock.now_ms(),
    )
    .await
    .unwrap();
    assert_eq!(
        done,
        Reconciled {
            refreshed: 1,
            missing: 0,
            failed: 0,
            renewal_notices: 0,
        }
    );
    let (status, renewed_end) = status_of_the_membership(&app).await;
    assert_eq!(status, "active");
    assert!(renewed_end > first_end, "the renewal is stored");

    // Set to end, and past the period's end: the round stores that it ended.
    let token = app.sign_in("ann@example.com", TEST_PASSWORD).await["access_token"]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, _) = app
        .post_as(
            &token,
            &format!("{API}/stripe/cancelsubscription"),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    app.clock().advance(chrono::Duration::days(32));
    round(
        app.state.billing(),
        app.state.mailer(),
        app.state.clock.now_ms(),
    )
    .await
    .unwrap();
    assert_eq!(status_of_the_membership(&app).await.0, "canceled");
    let done = round(
        app.state.billing(),
        app.state.mailer(),
        app.state.clock.now_ms(),
    )
    .await
    .unwrap();
    assert_eq!(done.refreshed, 0, "an ended membership is not read again");
}
