//! Membership and payments on the local test-mode provider: checkout, the first flow, the
//! member flow, card change, cancel, resume and billing history.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::TestApp;

pub(crate) const API: &str = "/_api/v1";

pub(crate) async fn start_checkout(
    app: &TestApp,
    plan: &str,
    token: Option<&str>,
) -> (String, Value) {
    let mut req = app
        .http
        .post(app.url(&format!("{API}/stripe/checkout")))
        // A visitor says whom the membership is for; a member's own address is used.
        .json(&json!({ "plan": plan, "email": "zed@example.com" }));
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    let res = req.send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let body: Value = res.json().await.unwrap();
    let url = body["url"].as_str().unwrap();
    assert!(
        url.starts_with(&format!("{}/_checkout/cs_test_", app.base)),
        "{url}"
    );
    (url.rsplit('/').next().unwrap().to_owned(), body)
}

pub(crate) fn card(number: &str) -> Value {
    json!({ "email": "Zed@Example.com", "name": "Zed Ray", "cardNumber": number, "expMonth": 12, "expYear": 2031, "cvc": "123" })
}

pub(crate) async fn pay(app: &TestApp, session: &str, body: Value) -> (StatusCode, Value) {
    let res = app
        .post_json(&format!("{API}/localpay/checkout/{session}/pay"), body)
        .await;
    (res.status(), res.json().await.unwrap())
}

pub(crate) async fn first_flow(app: &TestApp, session: &str) -> (StatusCode, Value) {
    let res = app
        .http
        .post(app.url(&format!(
            "{API}/stripe/subscriptionsuccess-result?sessionid={session}&t=0"
        )))
        .send()
        .await
        .unwrap();
    (res.status(), res.json().await.unwrap())
}

pub(crate) async fn profile(app: &TestApp, token: &str) -> Value {
    app.get_json(&format!("{API}/swazprofile"), token).await
}

pub(crate) async fn paid_session(app: &TestApp, plan: &str) -> String {
    let (session, _) = start_checkout(app, plan, None).await;
    let (status, _) = pay(app, &session, card("4242 4242 4242 4242")).await;
    assert_eq!(status, StatusCode::OK);
    session
}

#[tokio::test]
async fn the_four_plans_are_on_sale_with_their_prices() {
    let app = TestApp::spawn().await;
    let plans: Value = app.get_public_json(&format!("{API}/plans")).await;
    let summary: Vec<_> = plans["plans"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            format!(
                "{} {} {} {} {}",
                p["id"].as_str().unwrap(),
                p["name"].as_str().unwrap(),
                p["interval"].as_str().unwrap(),
                p["amount"],
                p["seats"]
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            "solo Individual month 2900 1",
            "solo_yearly Individual year 28900 1",
            "team Team month 19900 25",
            "team_yearly Team year 199000 25"
        ]
    );
    let res = app
        .post_json(
            &format!("{API}/stripe/checkout"),
            json!({ "plan": "platinum" }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        res.json::<Value>().await.unwrap()["message"],
        "Choose one of the plans: solo, solo_yearly, team, team_yearly."
    );
}

#[tokio::test]
async fn the_test_checkout_declines_stripes_decline_card_and_explains_bad_input() {
    let app = TestApp::spawn().await;
    let (session, _) = start_checkout(&app, "solo", None).await;
    let page: Value = app
        .get_public_json(&format!("{API}/localpay/checkout/{session}"))
        .await;
    assert_eq!(
        (
            page["status"].as_str(),
            page["amount"].as_i64(),
            page["mode"].as_str()
        ),
        (Some("open"), Some(2900), Some("subscription"))
    );

    let (status, body) = pay(&app, &session, card("4000 0000 0000 0002")).await;
    assert_eq!(status, StatusCode::PAYMENT_REQUIRED);
    assert_eq!(
        body,
        json!({ "code": "card_declined", "message": "Your card was declined." })
    );
    let cases = [
        (card("4242 4242 4242 4241"), "Your card number is invalid."),
        (
            json!({ "email": "zed@example.com", "name": "Zed", "cardNumber": "4242424242424242", "expMonth": 1, "expYear": 2020, "cvc": "123" }),
            "Your card's expiration date is in the past.",
        ),
        (
            json!({ "email": "zed@example.com", "cardNumber": "4242424242424242", "expMonth": 12, "expYear": 2031, "cvc": "123" }),
            "Enter the name on the card.",
        ),
        (
            json!({ "email": "zed@example.com", "name": "Zed", "expMonth": 12, "expYear": 2031, "cvc": "123" }),
            "Enter the card number.",
        ),
        (
            json!({ "email": "zed@example.com", "name": "Zed", "cardNumber": "4242424242424242", "cvc": "123" }),
            "Enter the card's expiration month and year.",
        ),
    ];
    for (body, message) in cases {
        let (status, answer) = pay(&app, &session, body).await;
        assert_eq!(
            (status, answer["message"].as_str()),
            (StatusCode::BAD_REQUEST, Some(message))
        );
    }
    let (status, _) = first_flow(&app, &session).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "nothing was paid yet");
    let missing = app
        .http
        .get(app.url(&format!("{API}/localpay/checkout/cs_test_nope")))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn paying_twice_charges_once_and_answers_the_same_return_address() {
    let app = TestApp::spawn().await;
    let (session, _) = start_checkout(&app, "solo", None).await;
    let (_, first) = pay(&app, &session, card("4242 4242 4242 4242")).await;
    let (status, second) = pay(&app, &session, card("4242 4242 4242 4242")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(first, second);
    assert!(first["redirectUrl"].as_str().unwrap().ends_with(&format!(
        "/swaz-subscription-success-stripe-first-flow?success=true&sessionid={session}&t=0"
    )));
    let invoices: i64 = app.count("localpay_invoices").await;
    assert_eq!(invoices, 1);
}

#[tokio::test]
async fn the_first_flow_makes_one_member_with_a_generated_password_shown_once() {
    let app = TestApp::spawn().await;
    let session = paid_session(&app, "solo").await;
    let (status, body) = first_flow(&app, &session).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["email"], "zed@example.com");
    let password = body["generatedPassword"].as_str().unwrap().to_owned();
    assert!(password.len() >= 16);
    let (status, again) = first_flow(&app, &session).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        again,
        json!({ "email": "zed@example.com", "generatedPassword": null })
    );

    let res = app
        .post_json(
            "/auth/v1/token?grant_type=password",
            json!({ "email": "zed@example.com", "password": password }),
        )
        .await;
    assert_eq!(
        res.json::<Value>().await.unwrap()["error_code"],
        "email_not_confirmed"
    );
    // Two mails: the confirmation, and the receipt of the payment.
    let mails = app.mailbox("zed@example.com", 2).await;
    let mail = mails
        .iter()
        .find(|m| m["subject"] == "Confirm your SWAZ e-mail address")
        .expect("a confirmation mail");
    assert!(mails
        .iter()
        .any(|m| m["subject"] == "Your SWAZ receipt: $29.00"));
    assert!(mail["text"].as_str().unwrap().starts_with("Hi Zed,"));
    app.confirm("zed@example.com").await;
    let session = app.sign_in("zed@example.com", &password).await;
    let me = profile(&app, session["access_token"].as_str().unwrap()).await;
    assert_eq!(
        (me["firstName"].as_str(), me["lastName"].as_str()),
        (Some("Zed"), Some("Ray"))
    );
    assert_eq!(me["roles"], json!(["PAID"]));
    assert_eq!(me["team"], Value::Null);
}

#[tokio::test]
async fn parallel_first_flow_calls_never_make_a_second_member() {
    let app = TestApp::spawn().await;
    let session = paid_session(&app, "solo").await;
    let (a, b, c) = tokio::join!(
        first_flow(&app, &session),
        first_flow(&app, &session),
        first_flow(&app, &session)
    );
    let answers = [a, b, c];
    assert!(answers.iter().all(|(s, _)| *s == StatusCode::OK));
    let with_password = answers
        .iter()
        .filter(|(_, body)| body["generatedPassword"].is_string())
        .count();
    assert_eq!(with_password, 1, "{answers:?}");
    let users: i64 = app.count("users").await;
    let subs: i64 = app.count("subscriptions").await;
    assert_eq!((users, subs), (1, 1));
}

#[tokio::test]
async fn a_checkout_begun_before_its_email_had_an_account_is_added_to_it_with_a_409_naming_it() {
    let app = TestApp::spawn().await;
    let (session, _) = start_checkout(&app, "solo_yearly", None).await;
    // The account is made (say, by signing up) while the checkout page is open.
    app.create_user("zed@example.com", "zeds-password-1", "Zed")
        .await;
    assert_eq!(
        pay(&app, &session, card("4242 4242 4242 4242")).await.0,
        StatusCode::OK
    );
    let (status, body) = first_flow(&app, &session).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .ends_with("|zed@example.com"),
        "{body}"
    );
    assert_eq!(
        first_flow(&app, &session).await.0,
        StatusCode::CONFLICT,
        "the same answer on a retry"
    );
    let token = app.sign_in("zed@example.com", "zeds-password-1").await["access_token"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(profile(&app, &token).await["roles"], json!(["PAID"]));
    let users: i64 = app.count("users").await;
    assert_eq!(users, 1);
}

#[tokio::test]
async fn a_team_checkout_makes_the_buyer_admin_of_a_new_team() {
    let app = TestApp::spawn().await;
    let (session, _) = start_checkout(&app, "team", None).await;
    let (_, paid) = pay(&app, &session, card("4242 4242 4242 4242")).await;
    assert!(paid["redirectUrl"].as_str().unwrap().ends_with("&t=1"));
    let (_, body) = first_flow(&app, &session).await;
    let password = body["generatedPassword"].as_str().unwrap();
    sqlx::query("UPDATE users SET email_confirmed_at = 1")
        .execute(app.state.db.pool())
        .await
        .unwrap();
    let token = app.sign_in("zed@example.com", password).await["access_token"]
        .as_str()
        .unwrap()
        .to_owned();
    let me = profile(&app, &token).await;
    assert_eq!(
        me["team"],
        json!({ "teamName": "Zed's Team", "teamRole": "admin" })
    );
    assert_eq!(me["roles"], json!(["PAID"]));
}

#[tokio::test]
async fn an_unknown_session_is_404() {
    let app = TestApp::spawn().await;
    let (status, body) = first_flow(&app, "cs_test_unknown").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        body["message"],
        "We could not find that checkout. Start again from the pricing page."
    );
}

#[tokio::test]
async fn a_signed_in_member_buys_and_the_membership_is_theirs_only() {
    let app = TestApp::spawn().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let (_, bob, _) = app.signed_in_user("bob@example.com").await;
    let (session, _) = start_checkout(&app, "solo", Some(&token)).await;
    let page: Value = app
        .get_public_json(&format!("{API}/localpay/checkout/{session}"))
        .await;
    assert_eq!(page["email"], "ann@example.com");
    let (_, paid) = pay(&app, &session, json!({ "email": "ann@example.com", "name": "Ann", "cardNumber": "4242424242424242", "expMonth": 12, "expYear": 2031, "cvc": "123" })).await;
    assert!(paid["redirectUrl"]
        .as_str()
        .unwrap()
        .contains("/swaz-subscription-success?success=true&sessionid="));

    let url = app.url(&format!(
        "{API}/stripe/subscriptionsuccess?sessionid={session}&team=0"
    ));
    let res = app.http.post(&url).bearer_auth(&bob).send().await.unwrap();
    assert_eq!(
        res.status(),
        StatusCode::NOT_FOUND,
        "another member cannot claim it"
    );
    for _ in 0..2 {
        let res = app
            .http
            .post(&url)
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(
            res.json::<Value>().await.unwrap(),
            json!({ "status": "active" })
        );
    }
    assert_eq!(profile(&app, &token).await["roles"], json!(["PAID"]));
    assert_eq!(profile(&app, &bob).await["roles"], json!([]));
    assert_eq!(
        app.http.post(&url).send().await.unwrap().status(),
        StatusCode::UNAUTHORIZED
    );
}

pub(crate) async fn member_with_solo_plan(app: &TestApp) -> String {
    member_paying_with(app, card("4242 4242 4242 4242")).await
}

/// A signed-in member who bought the solo plan with `card` (which must be accepted).
pub(crate) async fn member_paying_with(app: &TestApp, card: Value) -> String {
    member_buying(app, "solo", card).await
}

/// `ann@example.com`, signed in, who bought `plan` with `card` (which must be accepted): her token.
pub(crate) async fn member_buying(app: &TestApp, plan: &str, card: Value) -> String {
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let (session, _) = start_checkout(app, plan, Some(&token)).await;
    assert_eq!(pay(app, &session, card).await.0, StatusCode::OK);
    let res = app
        .http
        .post(app.url(&format!(
            "{API}/stripe/subscriptionsuccess?sessionid={session}"
        )))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    token
}

#[tokio::test]
async fn the_member_sees_the_subscription_changes_the_card_and_cancels_at_period_end() {
    let app = TestApp::spawn().await;
    let token = member_with_solo_plan(&app).await;
    let sub: Value = app
        .get_json(&format!("{API}/stripe/getcustomersubscription"), &token)
        .await;
    assert_eq!(sub["status"], "active");
    assert_eq!(sub["cancelAtPeriodEnd"], false);
    assert_eq!(
        sub["defaultPaymentMethod"]["card"],
        json!({ "brand": "visa", "last4": "4242", "expMonth": 12, "expYear": 2031 })
    );
    let days = (sub["currentPeriodEnd"].as_i64().unwrap() - chrono::Utc::now().timestamp()) / 86400;
    assert!((27..=31).contains(&days), "a monthly period: {days} days");

    let res = app
        .get_auth(
            &format!("{API}/stripe/subscription/changepaymentrequest"),
            &token,
        )
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let location = res.headers()["location"].to_str().unwrap().to_owned();
    let setup = location.rsplit('/').next().unwrap().to_owned();
    let page: Value = app
        .get_public_json(&format!("{API}/localpay/checkout/{setup}"))
        .await;
    assert_eq!(page["mode"], "setup");
    let (status, done) = pay(&app, &setup, json!({ "cardNumber": "5555 5555 5555 4444", "expMonth": 3, "expYear": 2032, "cvc": "321" })).await;
    assert_eq!(status, StatusCode::OK);
    assert!(done["redirectUrl"].as_str().unwrap().contains(&format!(
        "/swaz-subscription-change-success?success=true&sessionid={setup}"
    )));
    let res = app
        .http
        .put(app.url(&format!("{API}/stripe/updatedefaultpaymentmethod/{setup}")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.json::<Value>().await.unwrap()["card"]["last4"], "4444");
    let sub: Value = app
        .get_json(&format!("{API}/stripe/getcustomersubscription"), &token)
        .await;
    assert_eq!(sub["defaultPaymentMethod"]["card"]["brand"], "mastercard");

    let history: Value = app
        .get_json(&format!("{API}/stripe/getcustomerbillinghistory"), &token)
        .await;
    assert_eq!(history["upcoming"]["amountDue"], 2900);
    assert_eq!(
        history["upcoming"]["subscription"]["defaultPaymentMethod"]["card"]["last4"],
        "4444"
    );
    let invoices = history["history"].as_array().unwrap();
    assert_eq!(invoices.len(), 1);
    assert_eq!(
        (
            invoices[0]["status"].as_str(),
            invoices[0]["amountPaid"].as_i64()
        ),
        (Some("paid"), Some(2900))
    );
    assert_eq!(
        invoices[0]["paymentIntent"]["paymentMethod"]["card"]["last4"],
        "4242"
    );
    let page = app
        .http
        .get(invoices[0]["hostedInvoiceUrl"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.unwrap();
    assert!(html.contains("$29.00") && html.contains("Test mode — no real charge was made."));
    let download = app
        .http
        .get(invoices[0]["invoicePdf"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert!(download.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .starts_with("attachment; filename=\"SWAZ-invoice-"));

    let res = app
        .http
        .post(app.url(&format!("{API}/stripe/cancelsubscription")))
        .bearer_auth(&token)
        .json(&json!({ "reason": "Season is over" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let cancelled: Value = res.json().await.unwrap();
    assert_eq!(
        (
            cancelled["status"].as_str(),
            cancelled["cancelAtPeriodEnd"].as_bool()
        ),
        (Some("active"), Some(true))
    );
    let again = app
        .http
        .post(app.url(&format!("{API}/stripe/cancelsubscription")))
        .bearer_auth(&token)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        again.status(),
        StatusCode::OK,
        "cancelling twice is harmless"
    );
    let history: Value = app
        .get_json(&format!("{API}/stripe/getcustomerbillinghistory"), &token)
        .await;
    assert_eq!(history["upcoming"], Value::Null);
    assert_eq!(
        profile(&app, &token).await["roles"],
        json!(["PAID"]),
        "paid until the period ends"
    );

    app.clock().advance(chrono::Duration::days(40));
    let token = app.fresh_token("ann@example.com").await;
    assert_eq!(
        profile(&app, &token).await["roles"],
        json!([]),
        "the membership ended"
    );
    let sub: Value = app
        .get_json(&format!("{API}/stripe/getcustomersubscription"), &token)
        .await;
    assert_eq!(sub["status"], "canceled");
}

#[tokio::test]
async fn the_invoice_page_shows_the_name_on_the_card_as_text() {
    let app = TestApp::spawn().await;
    let mut hostile = card("4242 4242 4242 4242");
    hostile["name"] = json!("<script>alert(1)</script> \"&<>");
    let token = member_paying_with(&app, hostile).await;
    let history: Value = app
        .get_json(&format!("{API}/stripe/getcustomerbillinghistory"), &token)
        .await;
    let url = history["history"][0]["hostedInvoiceUrl"].as_str().unwrap();
    let html = app
        .http
        .get(url)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(!html.contains("<script>"), "{html}");
    assert!(
        html.contains("Billed to: &lt;script&gt;alert(1)&lt;/script&gt; &quot;&amp;&lt;&gt; &lt;"),
        "{html}"
    );
}

#[tokio::test]
async fn a_member_without_a_subscription_is_told_so() {
    let app = TestApp::spawn().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let res = app
        .get_auth(&format!("{API}/stripe/getcustomersubscription"), &token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        res.json::<Value>().await.unwrap()["message"],
        "You have no membership yet."
    );
    let history: Value = app
        .get_json(&format!("{API}/stripe/getcustomerbillinghistory"), &token)
        .await;
    assert_eq!(history, json!({ "upcoming": null, "history": [] }));
    let res = app
        .http
        .post(app.url(&format!("{API}/stripe/cancelsubscription")))
        .bearer_auth(&token)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    for path in [
        "/stripe/getcustomersubscription",
        "/stripe/getcustomerbillinghistory",
        "/stripe/subscription/changepaymentrequest",
    ] {
        let res = app
            .http
            .get(app.url(&format!("{API}{path}")))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{path}");
    }
}

#[tokio::test]
async fn a_monthly_membership_renews_with_a_paid_invoice_for_each_elapsed_month() {
    let app = TestApp::spawn().await;
    member_with_solo_plan(&app).await;
    app.clock().advance(chrono::Duration::days(70));
    let token = app.fresh_token("ann@example.com").await;
    let sub = app
        .get_json(&format!("{API}/stripe/getcustomersubscription"), &token)
        .await;
    let days_left =
        (sub["currentPeriodEnd"].as_i64().unwrap() - app.state.clock.now_secs()) / 86400;
    assert!(
        (0..=31).contains(&days_left),
        "the period now runs into the future: {days_left} days left"
    );
    let history = app
        .get_json(&format!("{API}/stripe/getcustomerbillinghistory"), &token)
        .await;
    assert_eq!(
        history["history"].as_array().unwrap().len(),
        3,
        "the first payment and two renewals"
    );
    assert!(history["history"]
        .as_array()
        .unwrap()
        .iter()
        .all(|i| i["status"] == "paid" && i["amountPaid"] == 2900));
    assert_eq!(
        app.get_json(&format!("{API}/swazprofile"), &token).await["roles"],
        json!(["PAID"])
    );
}

#[tokio::test]
async fn a_members_checkout_stays_with_the_member() {
    let app = TestApp::spawn().await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let (session, _) = start_checkout(&app, "solo", Some(&token)).await;
    // Whatever address is typed on the page, the member's account address is kept.
    let (status, _) = pay(&app, &session, card("4242 4242 4242 4242")).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = first_flow(&app, &session).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        body["message"],
        "This checkout was started by a signed-in member: sign in to finish it."
    );
    assert_eq!(app.count("users").await, 1);
    let res = app
        .http
        .post(app.url(&format!(
            "{API}/stripe/subscriptionsuccess?sessionid={session}"
        )))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        app.get_json(&format!("{API}/swazprofile"), &token).await["roles"],
        json!(["PAID"])
    );
}

#[tokio::test]
async fn two_checkouts_for_one_new_email_at_once_make_one_account() {
    let app = TestApp::spawn().await;
    let first = paid_session(&app, "solo").await;
    let second = paid_session(&app, "solo_yearly").await;
    let (a, b) = tokio::join!(first_flow(&app, &first), first_flow(&app, &second));
    let mut answers = [a, b];
    answers.sort_by_key(|(status, _)| *status);
    let [(won, _), (lost, refused)] = answers;
    assert_eq!((won, lost), (StatusCode::OK, StatusCode::CONFLICT));
    assert_eq!(
        refused["message"],
        "This e-mail already has a membership, so this payment was refunded and nothing changed. Sign in to see your plan."
    );
    assert_eq!(app.count("users").await, 1);
    assert_eq!(
        app.count("subscriptions").await,
        1,
        "one membership; the second payment is not attached"
    );
    let refunded: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM localpay_invoices WHERE status = 'refunded'")
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
    assert_eq!(refunded, 1, "the doubling payment is refunded");
}

#[tokio::test]
async fn public_payment_calls_are_rate_limited_per_address() {
    let app = TestApp::builder()
        .config(|c| c.auth_rate_limit = 2)
        .spawn()
        .await;
    for _ in 0..4 {
        start_checkout(&app, "solo", None).await;
    }
    let res = app
        .post_json(&format!("{API}/stripe/checkout"), json!({ "plan": "solo" }))
        .await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        res.json::<Value>().await.unwrap()["message"],
        "Too many requests. Please wait a few minutes and try again."
    );
}

pub(crate) async fn cancel(app: &TestApp, token: &str) {
    let res = app
        .http
        .post(app.url(&format!("{API}/stripe/cancelsubscription")))
        .bearer_auth(token)
        .json(&json!({ "reason": "Season is over" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
}

async fn resume(app: &TestApp, token: &str) -> (StatusCode, Value) {
    let res = app
        .http
        .post(app.url(&format!("{API}/stripe/resumesubscription")))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    (res.status(), res.json().await.unwrap())
}

/// The app's copy of the newest subscription: (cancel_at_period_end, cancel_reason).
async fn mirrored(app: &TestApp) -> (i64, Option<String>) {
    let row: (i64, Option<String>) = sqlx::query_as(
        "SELECT cancel_at_period_end, cancel_reason FROM subscriptions ORDER BY created_at DESC LIMIT 1",
    )
    .fetch_one(app.state.db.pool())
    .await
    .unwrap();
    row
}

const ENDED: &str = "This membership has already ended, so it can no longer be resumed. Choose a plan to become a member again.";

#[tokio::test]
async fn a_member_who_cancelled_resumes_in_one_call_and_is_billed_again() {
    let app = TestApp::spawn().await;
    let token = member_with_solo_plan(&app).await;
    cancel(&app, &token).await;
    assert_eq!(mirrored(&app).await, (1, Some("Season is over".into())));

    let (status, body) = resume(&app, &token).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (body["status"].as_str(), body["cancelAtPeriodEnd"].as_bool()),
        (Some("active"), Some(false))
    );
    assert_eq!(body["defaultPaymentMethod"]["card"]["last4"], "4242");
    let sub: Value = app
        .get_json(&format!("{API}/stripe/getcustomersubscription"), &token)
        .await;
    assert_eq!(sub, body, "the membership as it is now");
    assert_eq!(mirrored(&app).await, (0, None));
    let history: Value = app
        .get_json(&format!("{API}/stripe/getcustomerbillinghistory"), &token)
        .await;
    assert_eq!(
        history["upcoming"]["amountDue"], 2900,
        "an invoice is due again"
    );

    app.clock().advance(chrono::Duration::days(40));
    let token = app.fresh_token("ann@example.com").await;
    assert_eq!(
        profile(&app, &token).await["roles"],
        json!(["PAID"]),
        "the membership renewed at the period end"
    );
    let history: Value = app
        .get_json(&format!("{API}/stripe/getcustomerbillinghistory"), &token)
        .await;
    assert_eq!(history["history"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn there_is_nothing_to_resume_without_a_membership_set_to_end() {
    let app = TestApp::spawn().await;
    let token = member_with_solo_plan(&app).await;
    let (status, body) = resume(&app, &token).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body,
        json!({ "code": "conflict", "message": "Your membership is not set to end, so there is nothing to resume: it renews at the end of each period." })
    );

    let (_, stranger, _) = app.signed_in_user("bob@example.com").await;
    let (status, body) = resume(&app, &stranger).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        body["message"],
        "You have no membership to resume. Choose a plan to become a member."
    );
    let res = app
        .http
        .post(app.url(&format!("{API}/stripe/resumesubscription")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_membership_whose_period_ended_cannot_be_resumed_and_must_be_bought_again() {
    let app = TestApp::spawn().await;
    let token = member_with_solo_plan(&app).await;
    cancel(&app, &token).await;
    app.clock().advance(chrono::Duration::days(40));
    let token = app.fresh_token("ann@example.com").await;

    let (status, body) = resume(&app, &token).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (StatusCode::CONFLICT, Some(ENDED))
    );
    let sub: Value = app
        .get_json(&format!("{API}/stripe/getcustomersubscription"), &token)
        .await;
    assert_eq!(
        (sub["status"].as_str(), sub["cancelAtPeriodEnd"].as_bool()),
        (Some("canceled"), Some(true))
    );
    assert_eq!(profile(&app, &token).await["roles"], json!([]));
    assert_eq!(
        app.count("localpay_invoices").await,
        1,
        "no missed period is billed"
    );
}

#[tokio::test]
async fn one_member_cannot_resume_anothers_membership() {
    let app = TestApp::spawn().await;
    let token = member_with_solo_plan(&app).await;
    cancel(&app, &token).await;
    let (_, bob, _) = app.signed_in_user("bob@example.com").await;
    let (status, _) = resume(&app, &bob).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let sub: Value = app
        .get_json(&format!("{API}/stripe/getcustomersubscription"), &token)
        .await;
    assert_eq!(sub["cancelAtPeriodEnd"], true);
}

#[tokio::test]
async fn only_the_team_admin_who_pays_resumes_the_team_plan() {
    let app = TestApp::spawn().await;
    let (coach, athlete_id, athlete) = crate::teams::team_with_athlete(&app).await;
    cancel(&app, &coach).await;
    let payer_only = "Only the team admin who pays for your team's plan can resume it. Ask them to resume it on their Membership page.";
    let (status, body) = resume(&app, &athlete).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (StatusCode::FORBIDDEN, Some(payer_only))
    );

    // A co-admin runs the team but cannot cancel or resume the plan someone else pays for.
    let promote = app
        .http
        .post(app.url(&format!("{API}/team/promote")))
        .bearer_auth(&coach)
        .json(&json!({ "userId": athlete_id }))
        .send()
        .await
        .unwrap();
    assert_eq!(promote.status(), StatusCode::OK);
    let accept = app
        .http
        .post(app.url(&format!("{API}/team/promotion/accept")))
        .bearer_auth(&athlete)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(accept.status(), StatusCode::OK);
    assert_eq!(profile(&app, &athlete).await["team"]["teamRole"], "admin");
    let (status, _) = resume(&app, &athlete).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(mirrored(&app).await.0, 1, "still set to end");

    let (status, body) = resume(&app, &coach).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (body["plan"].as_str(), body["cancelAtPeriodEnd"].as_bool()),
        (Some("team"), Some(false))
    );
    app.clock().advance(chrono::Duration::days(40));
    let athlete = app.fresh_token("abe@example.com").await;
    assert_eq!(
        profile(&app, &athlete).await["roles"],
        json!(["PAID"]),
        "the team stays paid past the old period end"
    );
}
