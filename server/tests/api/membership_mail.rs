//! The membership mails on the local provider: a receipt for each paid invoice (once), the
//! confirmation of a cancellation with the date access ends, and the reminder a week before a
//! yearly renewal (once per period).

use serde_json::Value;

use crate::billing::{cancel, card, member_buying, member_with_solo_plan, API};
use crate::support::TestApp;

async fn mails_with_subject(app: &TestApp, to: &str, start: &str) -> Vec<Value> {
    let res = app
        .http
        .get(app.url(&format!("/_dev/mailbox?to={to}")))
        .send()
        .await
        .unwrap();
    let all: Vec<Value> = res.json().await.unwrap();
    all.into_iter()
        .filter(|m| m["subject"].as_str().unwrap_or("").starts_with(start))
        .collect()
}

async fn reconcile(app: &TestApp) {
    swaz::billing::reconcile::round(
        app.state.billing(),
        app.state.mailer(),
        app.state.clock.now_ms(),
    )
    .await
    .unwrap();
}

fn long_date(secs: i64) -> String {
    chrono::DateTime::from_timestamp(secs, 0)
        .unwrap()
        .format("%B %-d, %Y")
        .to_string()
}

#[tokio::test]
async fn every_paid_invoice_gets_one_receipt_with_its_amount_period_and_link() {
    let app = TestApp::spawn().await;
    let token = member_with_solo_plan(&app).await;
    app.mailbox("ann@example.com", 1).await;
    let receipts = mails_with_subject(&app, "ann@example.com", "Your SWAZ receipt").await;
    assert_eq!(receipts.len(), 1);
    let text = receipts[0]["text"].as_str().unwrap();
    assert!(
        text.contains(
            "we received your payment of $29.00 for your SWAZ membership (Individual · Monthly)"
        ),
        "{text}"
    );
    assert!(text.contains("/_invoice/"), "{text}");
    let membership = app
        .get_json(&format!("{API}/stripe/getcustomersubscription"), &token)
        .await;
    let end = membership["currentPeriodEnd"].as_i64().unwrap();
    assert!(text.contains(&format!("– {}", long_date(end))), "{text}");

    // Looking again sends nothing more; the renewal a month later gets its own receipt.
    reconcile(&app).await;
    app.clock().advance(chrono::Duration::days(31));
    reconcile(&app).await;
    reconcile(&app).await;
    app.mailbox("ann@example.com", 2).await;
    let receipts = mails_with_subject(&app, "ann@example.com", "Your SWAZ receipt").await;
    assert_eq!(receipts.len(), 2, "one receipt per invoice");
    let text = receipts[0]["text"].as_str().unwrap();
    assert!(
        text.contains(&format!("It covers {} –", long_date(end))),
        "{text}"
    );
}

#[tokio::test]
async fn a_cancellation_is_confirmed_with_the_day_access_ends() {
    let app = TestApp::spawn().await;
    let token = member_with_solo_plan(&app).await;
    cancel(&app, &token).await;
    let end = app
        .get_json(&format!("{API}/stripe/getcustomersubscription"), &token)
        .await["currentPeriodEnd"]
        .as_i64()
        .unwrap();
    let subject = format!("Your SWAZ membership ends on {}", long_date(end));
    for _ in 0..50 {
        if !mails_with_subject(&app, "ann@example.com", &subject)
            .await
            .is_empty()
        {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let mails = mails_with_subject(&app, "ann@example.com", &subject).await;
    assert_eq!(mails.len(), 1, "{subject}");
    let text = mails[0]["text"].as_str().unwrap();
    assert!(text.contains("you will not be charged again"), "{text}");
    assert!(text.contains("/account/membership"), "{text}");
    // Cancelling what is already cancelled confirms nothing twice.
    cancel(&app, &token).await;
    assert_eq!(
        mails_with_subject(&app, "ann@example.com", &subject)
            .await
            .len(),
        1
    );
}

#[tokio::test]
async fn a_yearly_member_is_reminded_once_a_week_before_the_renewal() {
    let app = TestApp::spawn().await;
    let token = member_buying(&app, "solo_yearly", card("4242 4242 4242 4242")).await;
    let end = app
        .get_json(&format!("{API}/stripe/getcustomersubscription"), &token)
        .await["currentPeriodEnd"]
        .as_i64()
        .unwrap();

    // Eight days before: too early.
    let now = app.state.clock.now_ms() / 1000;
    app.clock()
        .advance(chrono::Duration::seconds(end - now - 8 * 86_400));
    reconcile(&app).await;
    let subject = format!("Your SWAZ membership renews on {}", long_date(end));
    assert!(mails_with_subject(&app, "ann@example.com", &subject)
        .await
        .is_empty());

    app.clock().advance(chrono::Duration::days(2));
    reconcile(&app).await;
    reconcile(&app).await;
    app.mailbox("ann@example.com", 2).await;
    let reminders = mails_with_subject(&app, "ann@example.com", &subject).await;
    assert_eq!(reminders.len(), 1, "once per period");
    let text = reminders[0]["text"].as_str().unwrap();
    assert!(
        text.contains("Your yearly SWAZ membership (Individual · Yearly) renews on"),
        "{text}"
    );
    assert!(text.contains("for $289.00"), "{text}");
}
