//! Plan changes and the refund of a doubled payment on Stripe, against the fake: the preview is
//! Stripe's invoice preview and the change carries the preview's `proration_date`.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::stripe::{checkout, stripe_app, stripe_member};

const API: &str = "/_api/v1";

#[tokio::test]
async fn a_stripe_member_sees_stripes_prorated_amount_and_is_moved_to_the_yearly_price() {
    let (app, fake) = stripe_app().await;
    let (token, sub_id) = stripe_member(&app, &fake).await;

    let (status, shown) = app
        .request(
            Method::GET,
            &format!("{API}/stripe/changeplan/preview?plan=solo_yearly"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    // Just bought: the whole $29 month is unused, so the year costs $289 less about $29.
    let due = shown["amountDueNow"].as_i64().unwrap();
    assert!((28900 - 2900..=28900 - 2890).contains(&due), "{shown}");
    assert_eq!(
        (shown["credit"].as_i64(), shown["nextAmount"].as_i64()),
        (Some(0), Some(28900))
    );

    let (status, changed) = app
        .post_as(
            &token,
            &format!("{API}/stripe/changeplan"),
            json!({ "plan": "solo_yearly", "previewAt": shown["previewAt"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!(changed["plan"], "solo_yearly");
    let forms = fake.forms_to(&format!("/v1/subscriptions/{sub_id}"));
    let form = forms.last().unwrap();
    assert_eq!(form["items[0][price]"], "price_solo_yearly");
    assert_eq!(form["proration_behavior"], "always_invoice");
    assert_eq!(
        form["proration_date"],
        shown["previewAt"].as_i64().unwrap().to_string(),
        "charged what was shown"
    );
    assert_eq!(form["billing_cycle_anchor"], "now");
    assert_eq!(form["payment_behavior"], "error_if_incomplete");
    let membership: Value = app
        .get_json(&format!("{API}/stripe/getcustomersubscription"), &token)
        .await;
    assert_eq!(membership["plan"], "solo_yearly");
    // The change's invoice is in Billing, for the amount shown.
    let history = app
        .get_json(&format!("{API}/stripe/getcustomerbillinghistory"), &token)
        .await;
    let amounts: Vec<i64> = history["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["amountPaid"].as_i64().unwrap())
        .collect();
    assert!(amounts.contains(&due), "{history}");
}

#[tokio::test]
async fn a_second_stripe_payment_of_one_member_is_cancelled_and_refunded_once() {
    let (app, fake) = stripe_app().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let first = checkout(&app, "solo", Some(&token)).await;
    let second = checkout(&app, "solo_yearly", Some(&token)).await;
    for session in [&first, &second] {
        fake.complete(session, "ann@example.com", "Ann", "visa", "4242")
            .await;
    }
    let finish = |session: String| {
        let app = &app;
        let token = token.clone();
        async move {
            app.request(
                Method::POST,
                &format!("{API}/stripe/subscriptionsuccess?sessionid={session}"),
                Some(&token),
                None,
            )
            .await
        }
    };
    assert_eq!(finish(first.clone()).await.0, StatusCode::OK);
    for _ in 0..2 {
        let (status, body) = finish(second.clone()).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
    }
    assert_eq!(fake.refunds().len(), 1, "one refund, whatever the retries");
    let deletes = fake
        .calls()
        .into_iter()
        .filter(|(method, path)| method == "DELETE" && path.starts_with("/v1/subscriptions/"))
        .count();
    assert_eq!(deletes, 1, "the doubling subscription is cancelled at once");
    assert_eq!(app.count("subscriptions").await, 1);
}
