//! The coach's account (issue 25): the coach whose team plan pays for athletes cannot delete the
//! account or leave the team under them until the plan is set to end; once it goes (by the coach
//! or by an operator) the athletes keep PAID until the paid period ends, and not after.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use swaz::clock::Clock;

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

/// The operator deletes the account through the identity admin API.
async fn operator_deletes(app: &TestApp, user_id: &str) -> Answer {
    let key = swaz::auth::admin::service_key(
        app.state.config.jwt_secret.expose(),
        app.clock().now_secs(),
        1,
    )
    .unwrap();
    app.request(
        Method::DELETE,
        &format!("/auth/v1/admin/users/{user_id}"),
        Some(&key),
        Some(json!({})),
    )
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

async fn cancel_plan(member: &TestUser) -> Value {
    let (status, body) = member
        .post(
            &format!("{API}/stripe/cancelsubscription"),
            json!({ "reason": "Season is over" }),
        )
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

/// The app's copy of the team plan: (user id, cancel at period end, cancel reason).
async fn team_plan_row(app: &TestApp) -> (Option<String>, i64, Option<String>) {
    sqlx::query_as(
        "SELECT s.user_id, s.cancel_at_period_end, s.cancel_reason \
         FROM subscriptions s JOIN teams t ON t.subscription_id = s.id",
    )
    .fetch_one(app.state.db.pool())
    .await
    .unwrap()
}

/// Moves the app's clock to `ms` before the end (Unix seconds) of the paid period.
fn move_clock_to_before(app: &TestApp, period_end: i64, ms: i64) {
    let left = period_end * 1000 - app.clock().now_ms() - ms;
    app.clock().advance(chrono::Duration::milliseconds(left));
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

#[tokio::test]
async fn after_cancelling_the_team_plan_the_coach_deletes_the_account_and_the_athletes_keep_paid_until_the_period_ends(
) {
    let app = TestApp::spawn().await;
    let coach = app.with_team("cora@example.com", "Cora").await;
    let abe = joins(&app, &coach, "abe@example.com", "Abe").await;
    let ended = cancel_plan(&coach).await;
    let period_end = ended["currentPeriodEnd"].as_i64().unwrap();

    let (status, body) = delete_account(&coach).await;
    assert_eq!((status, body), (StatusCode::NO_CONTENT, Value::Null));
    let (status, _) = app
        .get_as(&coach.token, &format!("{API}/swazprofile"))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "the account is gone");

    // The plan stays, with no member, and the coach's words go with the account.
    assert_eq!(team_plan_row(&app).await, (None, 1, None));
    assert_eq!(roles(&app, "abe@example.com").await, json!(["PAID"]));
    let team = team_screen(&app, "abe@example.com").await;
    assert_eq!(team["teamName"], "Cora's Team");
    assert_eq!(team["subscribed"], true);
    assert_eq!(team["members"].as_array().unwrap().len(), 1);
    let (status, export) = abe.get(&format!("{API}/account/export")).await;
    assert_eq!(status, StatusCode::OK, "{export}");
    assert_eq!(export["profile"]["roles"], json!(["PAID"]));

    move_clock_to_before(&app, period_end, 3_600_000);
    assert_eq!(
        roles(&app, "abe@example.com").await,
        json!(["PAID"]),
        "an hour before the period ends"
    );
    app.clock().advance(chrono::Duration::hours(2));
    assert_eq!(
        roles(&app, "abe@example.com").await,
        json!([]),
        "an hour after"
    );
    assert_eq!(
        team_screen(&app, "abe@example.com").await["subscribed"],
        false
    );
}

#[tokio::test]
async fn a_coach_alone_in_the_team_deletes_the_account_and_the_team_plan_ends_with_it() {
    let app = TestApp::spawn().await;
    let coach = app.with_team("cora@example.com", "Cora").await;
    let (status, body) = delete_account(&coach).await;
    assert_eq!((status, body), (StatusCode::NO_CONTENT, Value::Null));
    for table in [
        "subscriptions",
        "teams",
        "team_members",
        "billing_customers",
    ] {
        assert_eq!(app.count(table).await, 0, "{table}");
    }
    let ending: i64 = sqlx::query_scalar("SELECT cancel_at_period_end FROM localpay_subscriptions")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(ending, 1, "the provider charges nothing more");
}

#[tokio::test]
async fn the_operator_deletes_a_paying_coach_and_the_athletes_keep_paid_until_the_period_ends() {
    let app = TestApp::spawn().await;
    let coach = app.with_team("cora@example.com", "Cora").await;
    joins(&app, &coach, "abe@example.com", "Abe").await;
    let period_end = membership(&coach).await["currentPeriodEnd"]
        .as_i64()
        .unwrap();

    let (status, body) = operator_deletes(&app, &coach.id).await;
    assert_eq!((status, body), (StatusCode::OK, json!({})));
    // Deleting set the plan to end at period end, with the provider and in the app's copy.
    assert_eq!(team_plan_row(&app).await, (None, 1, None));
    let ending: i64 = sqlx::query_scalar("SELECT cancel_at_period_end FROM localpay_subscriptions")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(ending, 1);
    assert_eq!(roles(&app, "abe@example.com").await, json!(["PAID"]));
    assert_eq!(
        team_screen(&app, "abe@example.com").await["subscribed"],
        true
    );

    move_clock_to_before(&app, period_end, 3_600_000);
    assert_eq!(roles(&app, "abe@example.com").await, json!(["PAID"]));
    app.clock().advance(chrono::Duration::hours(2));
    assert_eq!(roles(&app, "abe@example.com").await, json!([]));
}

#[tokio::test]
async fn a_payer_outside_the_team_and_the_teams_only_admin_both_wait_while_the_plan_renews() {
    let app = TestApp::spawn().await;
    let coach = app.with_team("cora@example.com", "Cora").await;
    joins(&app, &coach, "abe@example.com", "Abe").await;
    let bea = joins(&app, &coach, "bea@example.com", "Bea").await;
    make_co_admin(&coach, &bea).await;
    // The coach sets the plan to end, leaves the team to Bea, then changes their mind.
    cancel_plan(&coach).await;
    let (status, body) = leave(&coach).await;
    assert_eq!((status, body), (StatusCode::NO_CONTENT, Value::Null));
    let (status, body) = coach
        .post(&format!("{API}/stripe/resumesubscription"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let until = long_date(body["currentPeriodEnd"].as_i64().unwrap());

    // Outside the team, the coach still pays for it, and cannot take anyone out of it.
    let (status, body) = delete_account(&coach).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        format!(
            "Your team plan pays for 2 athletes in Cora's Team, so you cannot delete your account yet. Cancel the team plan on your Membership page first (they keep access until {until})."
        )
    );
    // Bea runs a team whose plan keeps renewing: someone must stay to run it.
    let (status, body) = delete_account(&bea).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "You are the only admin of Cora's Team, and its team plan keeps renewing. Make another member admin before deleting your account."
    );
    let (status, body) = operator_deletes(&app, &bea.id).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error_code"], "validation_failed");

    // The operator may delete the payer: the plan ends at period end and the team keeps it.
    let (status, _) = operator_deletes(&app, &coach.id).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(team_plan_row(&app).await, (None, 1, None));
    assert_eq!(roles(&app, "abe@example.com").await, json!(["PAID"]));
    let (status, body) = delete_account(&bea).await;
    assert_eq!(
        (status, body),
        (StatusCode::NO_CONTENT, Value::Null),
        "a team whose plan ends needs no admin to the end"
    );
    assert_eq!(roles(&app, "abe@example.com").await, json!(["PAID"]));
}
