//! Teams: a coach buys the team plan, invites athletes with a link, renames the team, removes
//! members with a reason, hands out co-admin rights; seats hold under concurrent joins.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use swaz::clock::Clock;

use crate::support::TestApp;

const API: &str = "/_api/v1";
const NOT_IN_TEAM: &str = "You are not part of a team.";
const DEAD_LINK: &str =
    "This invite link is not valid any more. Ask your team admin for a new link.";

/// A confirmed, signed-in person: (user id, access token).
async fn person(app: &TestApp, email: &str, first_name: &str) -> (String, String) {
    let user = app.with_user(email, first_name).await;
    (user.id, user.token)
}

/// A coach who bought the team plan through the test-mode checkout: (user id, access token).
async fn coach(app: &TestApp, email: &str, first_name: &str) -> (String, String) {
    let coach = app.with_team(email, first_name).await;
    (coach.id, coach.token)
}

fn team_app(seats: i64) -> crate::support::Builder {
    TestApp::builder().config(move |c| c.billing.team_seats = seats)
}

/// A fresh invite link's last part (what `/teams/invite/{hash}` carries).
pub(crate) async fn invite(app: &TestApp, admin: &str) -> String {
    let (status, body) = app
        .post_as(admin, "/_api/v1/team/invitelink", json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let link = body["link"].as_str().unwrap();
    assert!(
        link.starts_with(&format!("{}/teams/invite/", app.base)),
        "{link}"
    );
    link.rsplit('/').next().unwrap().to_owned()
}

pub(crate) async fn join(app: &TestApp, hash: &str, token: &str) -> (StatusCode, Value) {
    app.post_as(
        token,
        &format!("/_api/v1/team/invite/{hash}/accept"),
        json!({}),
    )
    .await
}

async fn preview(app: &TestApp, hash: &str) -> (StatusCode, Value) {
    app.get_public(&format!("/_api/v1/team/invite/{hash}"))
        .await
}

async fn profile(app: &TestApp, token: &str) -> Value {
    app.get_json(&format!("{API}/swazprofile"), token).await
}

/// A coach's team with one athlete who joined by link: (coach token, athlete id, athlete token).
pub(crate) async fn team_with_athlete(app: &TestApp) -> (String, String, String) {
    let (_, coach_token) = coach(app, "cora@example.com", "Cora").await;
    let hash = invite(app, &coach_token).await;
    let (athlete, athlete_token) = person(app, "abe@example.com", "Abe").await;
    let (status, body) = join(app, &hash, &athlete_token).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    (coach_token, athlete, athlete_token)
}

#[tokio::test]
async fn a_coach_who_buys_the_team_plan_runs_a_subscribed_team_of_one() {
    let app = team_app(25).spawn().await;
    let (id, token) = coach(&app, "cora@example.com", "Cora").await;
    let (status, team) = app.get_as(&token, "/_api/v1/team/members").await;
    assert_eq!(status, StatusCode::OK);
    let member_id = team["members"][0]["id"].as_str().unwrap().to_owned();
    assert!(!member_id.is_empty());
    assert_eq!(
        team,
        json!({
            "teamName": "Cora's Team",
            "seatsUsed": 0,
            "seats": 25,
            "subscribed": true,
            "myRole": "admin",
            "members": [{ "id": member_id, "userId": id, "firstName": "Cora", "lastName": "", "role": "admin" }]
        })
    );
    assert_eq!(
        profile(&app, &token).await["team"],
        json!({ "teamName": "Cora's Team", "teamRole": "admin" })
    );
}

#[tokio::test]
async fn someone_without_a_team_is_told_so_and_strangers_are_not_let_in() {
    let app = TestApp::spawn().await;
    let (id, token) = person(&app, "sam@example.com", "Sam").await;
    let t = Some(token.as_str());
    for (method, path, body) in [
        (Method::GET, "/team/members".to_owned(), None),
        (Method::POST, "/team/invitelink".to_owned(), None),
        (Method::DELETE, "/team/invitelink".to_owned(), None),
        (
            Method::PUT,
            "/team/name".to_owned(),
            Some(json!({ "name": "Sharks" })),
        ),
        (
            Method::POST,
            "/team/remove".to_owned(),
            Some(json!({ "user_id": "x", "reason": "r" })),
        ),
        (
            Method::POST,
            "/team/promote".to_owned(),
            Some(json!({ "user_id": "x" })),
        ),
        (Method::POST, "/team/promotion/accept".to_owned(), None),
        (Method::POST, "/team/promotion/decline".to_owned(), None),
        (Method::POST, format!("/team/leave/{id}"), None),
    ] {
        let (status, got) = app
            .request(method.clone(), &format!("{API}{path}"), t, body.clone())
            .await;
        assert_eq!(
            (status, got["message"].as_str()),
            (StatusCode::NOT_FOUND, Some(NOT_IN_TEAM)),
            "{method} {path}"
        );
        let (status, _) = app
            .request(method.clone(), &format!("{API}{path}"), None, body)
            .await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "{method} {path} without a token"
        );
    }
}

#[tokio::test]
async fn an_athlete_joins_through_the_invite_link_and_is_paid_while_the_team_is_subscribed() {
    let app = team_app(5).spawn().await;
    let (_, coach_token) = coach(&app, "cora@example.com", "Cora").await;
    let hash = invite(&app, &coach_token).await;

    let (status, shown) = preview(&app, &hash).await;
    assert_eq!(status, StatusCode::OK, "no sign-in needed to see an invite");
    assert_eq!(
        shown,
        json!({ "teamName": "Cora's Team", "adminName": "Cora", "seatsLeft": 5 })
    );

    let (athlete, token) = person(&app, "abe@example.com", "Abe").await;
    assert_eq!(profile(&app, &token).await["roles"], json!([]));
    let (status, _) = app
        .request(
            Method::POST,
            &format!("/_api/v1/team/invite/{hash}/accept"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "joining needs a sign-in");

    let (status, team) = join(&app, &hash, &token).await;
    assert_eq!(status, StatusCode::OK, "{team}");
    assert_eq!(team["myRole"], "member");
    assert_eq!(team["seatsUsed"], 1, "the coach holds no athlete seat");
    assert_eq!(team["members"][1]["userId"], athlete.as_str());
    assert_eq!(team["members"][1]["firstName"], "Abe");
    assert_eq!(team["members"][1]["role"], "member");
    let me = profile(&app, &token).await;
    assert_eq!(me["roles"], json!(["PAID"]));
    assert_eq!(
        me["team"],
        json!({ "teamName": "Cora's Team", "teamRole": "member" })
    );
    assert_eq!(preview(&app, &hash).await.1["seatsLeft"], 4);

    let (status, body) = join(&app, &hash, &token).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["message"], "You are already a member of Cora's Team.");
    let (status, body) = app.get_as(&coach_token, "/_api/v1/team/members").await;
    assert_eq!(
        (status, body["seatsUsed"].as_i64()),
        (StatusCode::OK, Some(1))
    );
}

#[tokio::test]
async fn a_member_cannot_manage_the_team() {
    let app = TestApp::spawn().await;
    let (_, athlete, token) = team_with_athlete(&app).await;
    let (status, team) = app.get_as(&token, "/_api/v1/team/members").await;
    assert_eq!(status, StatusCode::OK, "members see their team");
    let coach_id = team["members"][0]["userId"].as_str().unwrap().to_owned();
    let t = Some(token.as_str());
    for (method, path, body, what) in [
        (Method::POST, "/team/invitelink", None, "invite members"),
        (
            Method::DELETE,
            "/team/invitelink",
            None,
            "revoke the invite link",
        ),
        (
            Method::PUT,
            "/team/name",
            Some(json!({ "name": "Sharks" })),
            "rename the team",
        ),
        (
            Method::POST,
            "/team/remove",
            Some(json!({ "user_id": coach_id, "reason": "Coup" })),
            "remove members",
        ),
        (
            Method::POST,
            "/team/promote",
            Some(json!({ "user_id": athlete })),
            "promote members",
        ),
    ] {
        let (status, body) = app
            .request(method.clone(), &format!("{API}{path}"), t, body)
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{method} {path}");
        assert_eq!(body["message"], format!("Only a team admin can {what}."));
    }
    let (status, body) = app
        .post_as(
            &token,
            &format!("/_api/v1/team/leave/{coach_id}"),
            json!({}),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "nobody takes someone else out by leaving"
    );
    assert_eq!(
        body["message"],
        "You can only take yourself out of a team; a team admin removes other members."
    );
    let (_, team) = app.get_as(&token, "/_api/v1/team/members").await;
    assert_eq!(team["teamName"], "Cora's Team");
    assert_eq!(team["seatsUsed"], 1);
}

#[tokio::test]
async fn an_invite_link_works_for_14_days_by_the_app_clock() {
    let app = TestApp::spawn().await;
    let (_, coach_token) = coach(&app, "cora@example.com", "Cora").await;
    let (status, made) = app
        .post_as(&coach_token, "/_api/v1/team/invitelink", json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let expires = chrono::DateTime::parse_from_rfc3339(made["expiresAt"].as_str().unwrap())
        .unwrap()
        .with_timezone(&chrono::Utc);
    let left = expires - app.clock().now();
    assert!(
        left > chrono::Duration::days(14) - chrono::Duration::minutes(1)
            && left <= chrono::Duration::days(14),
        "{left}"
    );
    let hash = made["link"].as_str().unwrap().rsplit('/').next().unwrap();

    app.clock().advance(chrono::Duration::days(13));
    assert_eq!(preview(&app, hash).await.0, StatusCode::OK);
    app.clock().advance(chrono::Duration::days(2));
    let (status, body) = preview(&app, hash).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (StatusCode::NOT_FOUND, Some(DEAD_LINK))
    );
    let (_, late) = person(&app, "abe@example.com", "Abe").await;
    let (status, body) = join(&app, hash, &late).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (StatusCode::NOT_FOUND, Some(DEAD_LINK))
    );
    assert_eq!(profile(&app, &late).await["team"], Value::Null);
}

#[tokio::test]
async fn a_replaced_or_revoked_link_answers_exactly_like_an_unknown_one() {
    let app = TestApp::spawn().await;
    let (_, coach_token) = coach(&app, "cora@example.com", "Cora").await;
    let first = invite(&app, &coach_token).await;
    let second = invite(&app, &coach_token).await;
    assert_ne!(first, second);
    assert_eq!(
        app.count("team_invites").await,
        1,
        "a new link replaces the old one"
    );
    let stored: String = sqlx::query_scalar("SELECT token_hash FROM team_invites")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert!(
        !stored.contains(&second),
        "only a hash of the token is stored"
    );

    let unknown = preview(&app, "not-a-real-link").await;
    assert_eq!(unknown.0, StatusCode::NOT_FOUND);
    assert_eq!(unknown.1["message"], DEAD_LINK);
    assert_eq!(preview(&app, &first).await, unknown, "the replaced link");
    assert_eq!(preview(&app, &second).await.0, StatusCode::OK);

    let (status, body) = app
        .request(
            Method::DELETE,
            "/_api/v1/team/invitelink",
            Some(&coach_token),
            None,
        )
        .await;
    assert_eq!((status, body), (StatusCode::NO_CONTENT, Value::Null));
    assert_eq!(preview(&app, &second).await, unknown, "the revoked link");
    let (_, athlete) = person(&app, "abe@example.com", "Abe").await;
    assert_eq!(join(&app, &second, &athlete).await, unknown);
    let long = "x".repeat(5000);
    assert_eq!(preview(&app, &long).await, unknown);
    let (status, _) = app
        .request(
            Method::DELETE,
            "/_api/v1/team/invitelink",
            Some(&coach_token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "revoking twice is harmless");
}

#[tokio::test]
async fn cancelling_the_team_plan_ends_invites_and_paid_at_the_period_end_for_everyone() {
    let app = TestApp::spawn().await;
    let (coach_token, _, athlete_token) = team_with_athlete(&app).await;
    let (status, _) = app
        .post_as(
            &coach_token,
            "/_api/v1/stripe/cancelsubscription",
            json!({ "reason": "Off season" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        profile(&app, &athlete_token).await["roles"],
        json!(["PAID"])
    );
    let (_, team) = app.get_as(&coach_token, "/_api/v1/team/members").await;
    assert_eq!(team["subscribed"], true, "until the period ends");

    app.clock().advance(chrono::Duration::days(25));
    let coach_token = app.fresh_token("cora@example.com").await;
    let hash = invite(&app, &coach_token).await;
    app.clock().advance(chrono::Duration::days(10));
    let coach_token = app.fresh_token("cora@example.com").await;
    let athlete_token = app.fresh_token("abe@example.com").await;
    assert_eq!(profile(&app, &athlete_token).await["roles"], json!([]));
    assert_eq!(profile(&app, &coach_token).await["roles"], json!([]));
    let (_, team) = app.get_as(&coach_token, "/_api/v1/team/members").await;
    assert_eq!(team["subscribed"], false);
    let (status, body) = app
        .post_as(&coach_token, "/_api/v1/team/invitelink", json!({}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["message"], "Subscription required to invite members");
    let (_, late) = person(&app, "lee@example.com", "Lee").await;
    let (status, body) = join(&app, &hash, &late).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["message"],
        "This team's subscription is not active, so it cannot take new members. Ask your team admin to renew the team plan."
    );
}

#[tokio::test]
async fn a_person_already_in_a_team_cannot_join_another() {
    let app = TestApp::spawn().await;
    let (coach_a, _, athlete) = team_with_athlete(&app).await;
    let (_, coach_b) = coach(&app, "bo@example.com", "Bo").await;
    let b_link = invite(&app, &coach_b).await;
    let (status, body) = join(&app, &b_link, &athlete).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "You are already part of the team Cora's Team. Leave it first to join another team."
    );
    let a_link = invite(&app, &coach_a).await;
    let (status, body) = join(&app, &a_link, &coach_b).await;
    assert_eq!(status, StatusCode::CONFLICT, "an admin of another team too");
    assert_eq!(
        body["message"],
        "You are already part of the team Bo's Team. Leave it first to join another team."
    );
    assert_eq!(
        app.get_as(&coach_b, "/_api/v1/team/members").await.1["seatsUsed"],
        0
    );
}

#[tokio::test]
async fn a_full_team_refuses_the_next_athlete() {
    let app = team_app(1).spawn().await;
    let (coach_token, _, _) = team_with_athlete(&app).await;
    let hash = invite(&app, &coach_token).await;
    assert_eq!(preview(&app, &hash).await.1["seatsLeft"], 0);
    let (_, late) = person(&app, "lee@example.com", "Lee").await;
    let (status, body) = join(&app, &hash, &late).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "This team has no free seats left. Ask your team admin to free a seat or to add seats to the team plan."
    );
    assert_eq!(profile(&app, &late).await["roles"], json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_athletes_racing_for_the_last_seat_give_exactly_one_member() {
    let app = team_app(1).spawn().await;
    let (_, coach_token) = coach(&app, "cora@example.com", "Cora").await;
    let hash = invite(&app, &coach_token).await;
    let mut tokens = vec![];
    for i in 0..20 {
        tokens.push(
            person(&app, &format!("racer{i}@example.com"), "Racer")
                .await
                .1,
        );
    }
    // Every racer holds an open connection and waits at the start line, so the accepts overlap.
    let start = std::sync::Arc::new(tokio::sync::Barrier::new(tokens.len()));
    let mut racing = tokio::task::JoinSet::new();
    for token in tokens {
        let http = reqwest::Client::new();
        let warm_up = app.url(&format!("{API}/team/members"));
        let url = app.url(&format!("{API}/team/invite/{hash}/accept"));
        let start = start.clone();
        racing.spawn(async move {
            let warm = http.get(warm_up).bearer_auth(&token).send().await.unwrap();
            assert_eq!(warm.status(), StatusCode::NOT_FOUND);
            start.wait().await;
            http.post(url)
                .bearer_auth(&token)
                .send()
                .await
                .unwrap()
                .status()
        });
    }
    let mut statuses = vec![];
    while let Some(status) = racing.join_next().await {
        statuses.push(status.unwrap());
    }
    let joined = statuses.iter().filter(|s| **s == StatusCode::OK).count();
    let refused = statuses
        .iter()
        .filter(|s| **s == StatusCode::CONFLICT)
        .count();
    assert_eq!((joined, refused), (1, 19), "{statuses:?}");
    assert_eq!(app.count("team_members").await, 2);
    assert_eq!(
        app.get_as(&coach_token, "/_api/v1/team/members").await.1["seatsUsed"],
        1
    );
}

#[tokio::test]
async fn a_member_who_leaves_loses_paid_at_once() {
    let app = TestApp::spawn().await;
    let (coach_token, athlete, token) = team_with_athlete(&app).await;
    assert_eq!(profile(&app, &token).await["roles"], json!(["PAID"]));
    let (status, body) = app
        .post_as(&token, &format!("/_api/v1/team/leave/{athlete}"), json!({}))
        .await;
    assert_eq!((status, body), (StatusCode::NO_CONTENT, Value::Null));
    let me = profile(&app, &token).await;
    assert_eq!(
        (me["roles"].clone(), me["team"].clone()),
        (json!([]), Value::Null)
    );
    let (status, body) = app.get_as(&token, "/_api/v1/team/members").await;
    assert_eq!(
        (status, body["message"].as_str()),
        (StatusCode::NOT_FOUND, Some(NOT_IN_TEAM))
    );
    let (_, team) = app.get_as(&coach_token, "/_api/v1/team/members").await;
    assert_eq!(team["seatsUsed"], 0, "the seat is free again");
    let (status, _) = app
        .post_as(&token, &format!("/_api/v1/team/leave/{athlete}"), json!({}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "leaving twice");
}

#[tokio::test]
async fn the_last_admin_cannot_leave_but_can_once_a_co_admin_accepted() {
    let app = TestApp::spawn().await;
    let (coach_token, athlete, athlete_token) = team_with_athlete(&app).await;
    let coach_id = app.get_as(&coach_token, "/_api/v1/team/members").await.1["members"][0]
        ["userId"]
        .as_str()
        .unwrap()
        .to_owned();
    let leave = format!("/_api/v1/team/leave/{coach_id}");
    let (status, body) = app.post_as(&coach_token, &leave, json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "You are this team's only admin, so you cannot leave it. Make another member an admin first."
    );

    app.post_as(
        &coach_token,
        "/_api/v1/team/promote",
        json!({ "user_id": athlete }),
    )
    .await;
    let (status, _) = app.post_as(&coach_token, &leave, json!({})).await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "a pending admin is not an admin yet"
    );
    let (status, _) = app
        .post_as(&athlete_token, "/_api/v1/team/promotion/accept", json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    // The coach also pays for the team plan, which holds them until it is set to end
    // (`coach_account` tests that rule).
    let (status, body) = app.post_as(&coach_token, &leave, json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Your team plan pays for 1 athlete"),
        "{body}"
    );
    crate::billing::cancel(&app, &coach_token).await;
    let (status, _) = app.post_as(&coach_token, &leave, json!({})).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (_, team) = app.get_as(&athlete_token, "/_api/v1/team/members").await;
    assert_eq!(team["members"].as_array().unwrap().len(), 1);
    assert_eq!(team["members"][0]["role"], "admin");
    let athlete_leave = format!("/_api/v1/team/leave/{athlete}");
    assert_eq!(
        app.post_as(&athlete_token, &athlete_leave, json!({}))
            .await
            .0,
        StatusCode::CONFLICT,
        "now the only admin"
    );
}

#[tokio::test]
async fn an_admin_removes_a_member_with_a_reason_that_arrives_by_mail() {
    let app = TestApp::spawn().await;
    let (coach_token, athlete, athlete_token) = team_with_athlete(&app).await;
    let (_, stranger) = person(&app, "sam@example.com", "Sam").await;
    let coach_id = app.get_as(&coach_token, "/_api/v1/team/members").await.1["members"][0]
        ["userId"]
        .as_str()
        .unwrap()
        .to_owned();
    let sam_id = app.get_json(&format!("{API}/swazprofile"), &stranger).await["id"]
        .as_str()
        .unwrap()
        .to_owned();

    for (body, message) in [
        (
            json!({ "user_id": athlete }),
            "Give a reason for removing this member; it is sent to them by e-mail.",
        ),
        (
            json!({ "user_id": athlete, "reason": "   " }),
            "Give a reason for removing this member; it is sent to them by e-mail.",
        ),
        (
            json!({ "user_id": athlete, "reason": "x".repeat(501) }),
            "Keep the reason to 500 characters or fewer.",
        ),
        (
            json!({ "reason": "No one" }),
            "Choose the member to remove (user_id).",
        ),
        (
            json!({ "user_id": coach_id, "reason": "Me" }),
            "You cannot remove yourself from your team.",
        ),
    ] {
        let (status, got) = app
            .post_as(&coach_token, "/_api/v1/team/remove", body.clone())
            .await;
        assert_eq!(
            (status, got["message"].as_str()),
            (StatusCode::BAD_REQUEST, Some(message)),
            "{body}"
        );
    }
    let (status, got) = app
        .post_as(
            &coach_token,
            "/_api/v1/team/remove",
            json!({ "user_id": sam_id, "reason": "Who?" }),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(got["message"], "That person is not a member of your team.");
    let (status, _) = app
        .post_as(
            &stranger,
            "/_api/v1/team/remove",
            json!({ "user_id": athlete, "reason": "Mine" }),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "a stranger has no team to remove from"
    );

    let (status, team) = app
        .post_as(
            &coach_token,
            "/_api/v1/team/remove",
            json!({ "user_id": athlete, "reason": "  Moved to the under-21 squad.  " }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{team}");
    assert_eq!(team["seatsUsed"], 0);
    let me = profile(&app, &athlete_token).await;
    assert_eq!(
        (me["roles"].clone(), me["team"].clone()),
        (json!([]), Value::Null)
    );
    let mail = &app.mailbox("abe@example.com", 1).await[0];
    assert_eq!(mail["subject"], "You are no longer a member of Cora's Team");
    let text = mail["text"].as_str().unwrap();
    assert!(text.contains("Hi Abe,"), "{text}");
    assert!(
        text.contains("Their reason: Moved to the under-21 squad.\n"),
        "{text}"
    );
    let (status, _) = app
        .post_as(
            &coach_token,
            "/_api/v1/team/remove",
            json!({ "user_id": athlete, "reason": "Again" }),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "removing twice");
}

#[tokio::test]
async fn the_admin_renames_the_team_within_the_rules() {
    let app = TestApp::spawn().await;
    let (coach_token, _, athlete_token) = team_with_athlete(&app).await;
    let rename = |name: Value| {
        let app = &app;
        let token = coach_token.clone();
        async move {
            app.request(Method::PUT, "/_api/v1/team/name", Some(&token), Some(name))
                .await
        }
    };
    let (status, team) = rename(json!({ "name": "  Bay Eagles  " })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(team["teamName"], "Bay Eagles");
    assert_eq!(
        profile(&app, &athlete_token).await["team"]["teamName"],
        "Bay Eagles",
        "members see the new name"
    );
    for (body, message) in [
        (
            json!({ "name": " ab " }),
            "Team name must be at least 3 characters.",
        ),
        (
            json!({ "name": "x".repeat(61) }),
            "Team name must be 60 characters or fewer.",
        ),
        (json!({ "name": "" }), "Team name is required."),
        (json!({}), "Team name is required."),
        (
            json!({ "name": "Bay\nEagles" }),
            "Team name cannot contain line breaks or other control characters.",
        ),
    ] {
        let (status, got) = rename(body.clone()).await;
        assert_eq!(
            (status, got["message"].as_str()),
            (StatusCode::BAD_REQUEST, Some(message)),
            "{body}"
        );
    }
    let res = app
        .http
        .put(app.url(&format!("{API}/team/name")))
        .bearer_auth(&coach_token)
        .header("content-type", "application/json")
        .body("{name:")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        res.json::<Value>().await.unwrap()["message"],
        "The request body is not valid JSON."
    );
    assert_eq!(
        app.get_as(&coach_token, "/_api/v1/team/members").await.1["teamName"],
        "Bay Eagles"
    );
}

#[tokio::test]
async fn a_member_becomes_co_admin_only_after_accepting() {
    let app = TestApp::spawn().await;
    let (coach_token, athlete, athlete_token) = team_with_athlete(&app).await;
    let link = invite(&app, &coach_token).await;
    let (bea, bea_token) = person(&app, "bea@example.com", "Bea").await;
    assert_eq!(join(&app, &link, &bea_token).await.0, StatusCode::OK);

    let (status, body) = app
        .post_as(&athlete_token, "/_api/v1/team/promotion/accept", json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "There is no admin promotion waiting for you."
    );

    let (status, team) = app
        .post_as(
            &coach_token,
            "/_api/v1/team/promote",
            json!({ "userId": athlete }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{team}");
    assert_eq!(team["members"][1]["role"], "pending_admin");
    assert_eq!(
        profile(&app, &athlete_token).await["team"]["teamRole"],
        "pending_admin"
    );
    let (status, body) = app
        .post_as(
            &coach_token,
            "/_api/v1/team/promote",
            json!({ "user_id": athlete }),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "This member has already been asked to become an admin; they need to accept."
    );
    let (status, body) = app
        .post_as(&athlete_token, "/_api/v1/team/invitelink", json!({}))
        .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            StatusCode::FORBIDDEN,
            Some("Only a team admin can invite members.")
        ),
        "a pending admin has a member's rights"
    );
    let (status, _) = app
        .post_as(&coach_token, "/_api/v1/team/promotion/accept", json!({}))
        .await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "the admin has nothing to accept"
    );

    let (status, team) = app
        .post_as(&athlete_token, "/_api/v1/team/promotion/accept", json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(team["myRole"], "admin");
    invite(&app, &athlete_token).await;
    let (status, body) = app
        .post_as(
            &coach_token,
            "/_api/v1/team/promote",
            json!({ "user_id": athlete }),
        )
        .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            StatusCode::CONFLICT,
            Some("This member is already a team admin.")
        )
    );

    app.post_as(
        &athlete_token,
        "/_api/v1/team/promote",
        json!({ "user_id": bea }),
    )
    .await;
    let (status, team) = app
        .post_as(&bea_token, "/_api/v1/team/promotion/decline", json!({}))
        .await;
    assert_eq!(
        (status, team["myRole"].as_str()),
        (StatusCode::OK, Some("member"))
    );
    let (status, _) = app
        .post_as(&bea_token, "/_api/v1/team/promotion/decline", json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "declining twice");
    let (status, body) = app
        .post_as(&coach_token, "/_api/v1/team/promote", json!({}))
        .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("Choose the member to promote (user_id).")
        )
    );
}

#[tokio::test]
async fn a_team_admin_whose_plan_pays_for_athletes_cannot_delete_the_account_but_a_member_may_leave_by_deleting(
) {
    let app = team_app(25).spawn().await;
    let (coach_token, athlete, athlete_token) = team_with_athlete(&app).await;
    let delete = |token: String| {
        let app = &app;
        async move {
            app.http
                .delete(app.url("/_api/v1/account"))
                .bearer_auth(token)
                .json(&json!({ "confirmation": "DELETE" }))
                .send()
                .await
                .unwrap()
        }
    };
    let res = delete(coach_token.clone()).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let body: Value = res.json().await.unwrap();
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("Cancel the team plan on your Membership page first"),
        "{body}"
    );
    assert_eq!(delete(athlete_token).await.status(), StatusCode::NO_CONTENT);
    let (status, team) = app.get_as(&coach_token, "/_api/v1/team/members").await;
    assert_eq!(status, StatusCode::OK);
    assert!(!team.to_string().contains(&athlete), "{team}");
}

#[tokio::test]
async fn admins_see_the_current_invite_link_until_it_is_replaced_revoked_or_expired() {
    let app = team_app(5).spawn().await;
    let (_, admin) = coach(&app, "coach@example.com", "Cora").await;
    const LINK: &str = "/_api/v1/team/invitelink";
    let (status, body) = app.get_as(&admin, LINK).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        body["message"],
        "The team has no invite link now: make one to invite athletes."
    );

    let (_, made) = app.post_as(&admin, LINK, json!({})).await;
    let (status, shown) = app.get_as(&admin, LINK).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(shown, made, "the same link, as often as asked");
    let (_, again) = app.get_as(&admin, LINK).await;
    assert_eq!(again, made);

    // An athlete of the team may not see it.
    let hash = made["link"].as_str().unwrap().rsplit('/').next().unwrap();
    let (_, athlete) = person(&app, "ath@example.com", "Abe").await;
    let (status, _) = join(&app, hash, &athlete).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = app.get_as(&athlete, LINK).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Replaced: the new one is shown; revoked: none.
    let (_, replaced) = app.post_as(&admin, LINK, json!({})).await;
    assert_ne!(replaced["link"], made["link"]);
    assert_eq!(app.get_as(&admin, LINK).await.1, replaced);
    let res = app
        .http
        .delete(app.url(LINK))
        .bearer_auth(&admin)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.get_as(&admin, LINK).await.0, StatusCode::NOT_FOUND);

    // Expired after 14 days.
    app.post_as(&admin, LINK, json!({})).await;
    app.clock().advance(chrono::Duration::days(15));
    let admin = app.fresh_token("coach@example.com").await;
    assert_eq!(app.get_as(&admin, LINK).await.0, StatusCode::NOT_FOUND);

    // The token itself is not in the database, only sealed and hashed.
    let (_, fresh) = app.post_as(&admin, LINK, json!({})).await;
    let token = fresh["link"]
        .as_str()
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap()
        .to_owned();
    let kept: (String, String) =
        sqlx::query_as("SELECT token_hash, token_sealed FROM team_invites")
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
    assert!(!kept.0.contains(&token) && !kept.1.contains(&token));
}
