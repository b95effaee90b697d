//! Changing plan on the local provider: monthly ↔ yearly and Individual ↔ Team, with the
//! prorated amount shown first and charged as shown; team seats follow the plan.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::billing::{cancel, card, member_buying, member_with_solo_plan, API};
use crate::support::TestApp;
use crate::teams::team_with_athlete;

async fn preview(app: &TestApp, token: &str, plan: &str) -> (StatusCode, Value) {
    app.request(
        Method::GET,
        &format!("{API}/stripe/changeplan/preview?plan={plan}"),
        Some(token),
        None,
    )
    .await
}

async fn change(app: &TestApp, token: &str, body: Value) -> (StatusCode, Value) {
    app.post_as(token, &format!("{API}/stripe/changeplan"), body)
        .await
}

/// The member's invoices as Billing shows them, newest first: (amount paid, status).
async fn invoices(app: &TestApp, token: &str) -> Vec<(i64, String)> {
    app.get_json(&format!("{API}/stripe/getcustomerbillinghistory"), token)
        .await["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["amountPaid"].as_i64().unwrap(),
                i["status"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

async fn membership(app: &TestApp, token: &str) -> Value {
    app.get_json(&format!("{API}/stripe/getcustomersubscription"), token)
        .await
}

#[tokio::test]
async fn a_member_sees_the_prorated_amount_then_is_charged_it_for_a_yearly_plan() {
    let app = TestApp::spawn().await;
    member_with_solo_plan(&app).await;
    app.clock().advance(chrono::Duration::days(10));
    let token = app.fresh_token("ann@example.com").await;

    let (status, shown) = preview(&app, &token, "solo_yearly").await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    assert_eq!(
        (shown["currentPlan"].as_str(), shown["plan"].as_str()),
        (Some("solo"), Some("solo_yearly"))
    );
    let due = shown["amountDueNow"].as_i64().unwrap();
    // A year at $289 less the unused two-thirds or so of the $29 month.
    assert!((28900 - 2100..28900 - 1700).contains(&due), "{shown}");
    assert_eq!(shown["credit"], 0);
    assert_eq!(shown["nextAmount"], 28900);
    let now = app.state.clock.now_ms() / 1000;
    let next = shown["nextRenewal"].as_i64().unwrap();
    assert!(
        (now + 364 * 86_400..=now + 366 * 86_400).contains(&next),
        "{shown}"
    );

    // Paying later within the hour still charges what was shown.
    app.clock().advance(chrono::Duration::minutes(20));
    let (status, changed) = change(
        &app,
        &token,
        json!({ "plan": "solo_yearly", "previewAt": shown["previewAt"] }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!(
        (changed["plan"].as_str(), changed["status"].as_str()),
        (Some("solo_yearly"), Some("active"))
    );
    assert_eq!(changed["currentPeriodEnd"], next);
    assert_eq!(
        invoices(&app, &token).await,
        vec![(due, "paid".to_owned()), (2900, "paid".to_owned())]
    );
    assert_eq!(membership(&app, &token).await["plan"], "solo_yearly");
    let (status, body) = preview(&app, &token, "solo_yearly").await;
    assert_eq!(
        (status, body["message"].as_str()),
        (StatusCode::CONFLICT, Some("This is already your plan."))
    );
}

#[tokio::test]
async fn a_cheaper_plan_leaves_a_credit_that_pays_the_next_invoices() {
    let app = TestApp::spawn().await;
    let token = member_buying(&app, "solo_yearly", card("4242 4242 4242 4242")).await;

    app.clock().advance(chrono::Duration::minutes(1));
    let (_, shown) = preview(&app, &token, "solo").await;
    assert_eq!(shown["amountDueNow"], 0, "{shown}");
    // Almost the whole year is unused: worth a month and about $260 more.
    let credit = shown["credit"].as_i64().unwrap();
    assert!(
        (28900 - 2900 - 5..=28900 - 2900).contains(&credit),
        "{shown}"
    );
    let (status, _) = change(
        &app,
        &token,
        json!({ "plan": "solo", "previewAt": shown["previewAt"] }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);

    // The next monthly renewals are paid from the credit.
    app.clock().advance(chrono::Duration::days(62));
    let token = app.fresh_token("ann@example.com").await;
    assert_eq!(membership(&app, &token).await["status"], "active");
    let paid: Vec<i64> = invoices(&app, &token)
        .await
        .into_iter()
        .map(|(a, _)| a)
        .collect();
    assert_eq!(paid, vec![0, 0, 0, 28900]);
}

#[tokio::test]
async fn an_individual_plan_becomes_a_team_and_back_only_once_the_athletes_are_gone() {
    let app = TestApp::spawn().await;
    let token = member_with_solo_plan(&app).await;
    let (status, shown) = preview(&app, &token, "team").await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    assert!(shown["amountDueNow"].as_i64().unwrap() > 19900 - 2900 - 100);
    let (status, _) = change(&app, &token, json!({ "plan": "team" })).await;
    assert_eq!(status, StatusCode::OK);
    let (status, team) = app.get_as(&token, "/_api/v1/team/members").await;
    assert_eq!(status, StatusCode::OK, "{team}");
    assert_eq!(
        (team["teamName"].as_str(), team["seats"].as_i64()),
        (Some("Ann's Team"), Some(25))
    );
    let (status, _) = change(&app, &token, json!({ "plan": "solo" })).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "a team of one becomes Individual again"
    );
    let (status, _) = app.get_as(&token, "/_api/v1/team/members").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "the team is gone");
}

#[tokio::test]
async fn a_coach_keeps_the_team_plan_while_athletes_are_on_it_and_athletes_cannot_change_it() {
    let app = TestApp::spawn().await;
    let (coach, athlete, athlete_token) = team_with_athlete(&app).await;
    let (status, body) = preview(&app, &coach, "solo").await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            StatusCode::CONFLICT,
            Some("Your team still has other members. Remove them from your team first, or keep a Team plan.")
        )
    );
    let (status, body) = change(&app, &athlete_token, json!({ "plan": "team_yearly" })).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            StatusCode::FORBIDDEN,
            Some("Only the team admin who pays for your team's plan can change it. Ask them to change it on their Membership page.")
        )
    );
    // Yearly keeps the team and its athlete.
    let (status, _) = change(&app, &coach, json!({ "plan": "team_yearly" })).await;
    assert_eq!(status, StatusCode::OK);
    let (_, team) = app.get_as(&coach, "/_api/v1/team/members").await;
    assert_eq!(team["members"].as_array().unwrap().len(), 2);
    let (status, _) = app
        .post_as(
            &coach,
            "/_api/v1/team/remove",
            json!({ "user_id": athlete, "reason": "Season over" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        change(&app, &coach, json!({ "plan": "solo_yearly" }))
            .await
            .0,
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_plan_change_needs_a_running_membership_and_a_plan() {
    let app = TestApp::spawn().await;
    let (_, nobody, _) = app.signed_in_user("zed@example.com").await;
    let (status, body) = preview(&app, &nobody, "solo").await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            StatusCode::NOT_FOUND,
            Some("You have no membership to change. Choose a plan to become a member.")
        )
    );
    let token = member_with_solo_plan(&app).await;
    for query in ["gold", ""] {
        let (status, _) = preview(&app, &token, query).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query:?}");
    }
    let (status, _) = change(&app, &token, json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    cancel(&app, &token).await;
    let (status, body) = change(&app, &token, json!({ "plan": "solo_yearly" })).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            StatusCode::CONFLICT,
            Some("Your membership is set to end. Resume it on your Membership page first, then change your plan.")
        )
    );
    let (status, _) = app
        .request(
            Method::GET,
            &format!("{API}/stripe/changeplan/preview?plan=solo"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
