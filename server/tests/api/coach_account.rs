//! The coach's account (issue 25): the coach whose team plan pays for athletes cannot delete the
//! account or leave the team under them until the plan is set to end.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::support::TestApp;
use crate::test_user::{Answer, TestUser};

const API: &str = "/_api/v1";

/// `name` joins the coach's team through a fresh invite link.
async fn joins(app: &TestApp, coach: &TestUser, email: &str, name: &str) -> TestUser {
    let (status, body) = coach
        .post(&format!("{API}/team/invitelink"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let hash = body["link"].as_str().unwrap().rsplit('/').next().unwrap();
    let athlete = app.with_user(email, name).await;
    let (status, body) = athlete
        .post(&format!("{API}/team/invite/{hash}/accept"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    athlete
}

/// The coach asks `member` to become co-admin, and they accept.
async fn make_co_admin(coach: &TestUser, member: &TestUser) {
    let (status, body) = coach
        .post(
            &format!("{API}/team/promote"),
            json!({ "userId": member.id }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = member
        .post(&format!("{API}/team/promotion/accept"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn delete_account(member: &TestUser) -> Answer {
    member
        .request(
            Method::DELETE,
            &format!("{API}/account"),
            Some(json!({ "confirmation": "DELETE" })),
        )
        .await
}

async fn leave(member: &TestUser) -> Answer {
    member
        .post(&format!("{API}/team/leave/{}", member.id), json!({}))
        .await
}

/// The member's membership as the Membership page shows it.
async fn membership(member: &TestUser) -> Value {
    let (status, body) = member
        .get(&format!("{API}/stripe/getcustomersubscription"))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// The day a period ending at `secs` (Unix seconds) ends, as the refusal writes it (in UTC for a
/// member without a time zone).
fn long_date(secs: i64) -> String {
    chrono::DateTime::from_timestamp(secs, 0)
        .unwrap()
        .format("%B %-d, %Y")
        .to_string()
}

async fn roles(app: &TestApp, email: &str) -> Value {
    let token = app.fresh_token(email).await;
    app.get_json(&format!("{API}/swazprofile"), &token).await["roles"].clone()
}

async fn team_screen(app: &TestApp, email: &str) -> Value {
    let token = app.fresh_token(email).await;
    let (status, team) = app.get_as(&token, &format!("{API}/team/members")).await;
    assert_eq!(status, StatusCode::OK, "{team}");
    team
}

#[tokio::test]
async fn a_coach_whose_team_plan_pays_for_athletes_can_neither_delete_the_account_nor_leave() {
    let app = TestApp::spawn().await;
    let coach = app.with_team("cora@example.com", "Cora").await;
    let abe = joins(&app, &coach, "abe@example.com", "Abe").await;
    let bea = joins(&app, &coach, "bea@example.com", "Bea").await;
    // With a co-admin, the coach is not the team's only admin: only the plan holds them.
    make_co_admin(&coach, &bea).await;
    let until = long_date(
        membership(&coach).await["currentPeriodEnd"]
            .as_i64()
            .unwrap(),
    );

    let (status, body) = delete_account(&coach).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body,
        json!({ "code": "conflict", "message": format!(
            "Your team plan pays for 2 athletes in Cora's Team, so you cannot delete your account yet. Cancel the team plan on your Membership page first (they keep access until {until}), or remove them from the team."
        ) })
    );
    let (status, body) = leave(&coach).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["message"],
        format!(
            "Your team plan pays for 2 athletes in Cora's Team, so you cannot leave the team yet. Cancel the team plan on your Membership page first (they keep access until {until}), or remove them from the team."
        )
    );

    // Nothing changed: the plan still renews and the team is whole.
    assert_eq!(membership(&coach).await["cancelAtPeriodEnd"], false);
    assert_eq!(
        team_screen(&app, "cora@example.com").await["members"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    for email in ["abe@example.com", "bea@example.com"] {
        assert_eq!(roles(&app, email).await, json!(["PAID"]), "{email}");
    }

    // A co-admin is paid for too: removing the one athlete leaves one.
    let (status, body) = coach
        .post(
            &format!("{API}/team/remove"),
            json!({ "userId": abe.id, "reason": "Moved away" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = delete_account(&coach).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Your team plan pays for 1 athlete in Cora's Team,"),
        "{body}"
    );
}
