//! The coach board (issue 27): a team admin sees each athlete's practice only as far as the
//! athlete shares it, and written entries only one shared entry at a time.

use chrono::Duration;
use reqwest::StatusCode;
use serde_json::{json, Value};
use swaz::clock::Clock;

use crate::planning::daily;
use crate::streak::{practised_days_ago, rested_days_ago};
use crate::support::TestApp;
use crate::teams::{invite, join};
use crate::test_user::TestUser;

const BOARD: &str = "/_api/v1/team/board";
const SHARING: &str = "/_api/v1/sharing";
const EVENTS: &str = "/_api/v1/practice/events";

/// A coach and `names.len()` athletes who joined the coach's team by link.
pub(crate) async fn team(app: &TestApp, names: &[&str]) -> (TestUser, Vec<TestUser>) {
    let coach = app.with_team("cora@example.com", "Cora").await;
    let hash = invite(app, &coach.token).await;
    let mut athletes = Vec::new();
    for name in names {
        let athlete = app
            .with_user(&format!("{}@example.com", name.to_lowercase()), name)
            .await;
        let (status, body) = join(app, &hash, &athlete.token).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        athletes.push(athlete);
    }
    (coach, athletes)
}

pub(crate) async fn practise(athlete: &TestUser) {
    let (status, body) = athlete
        .post(EVENTS, json!({ "kind": "breathing_done" }))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

pub(crate) async fn board(coach: &TestUser) -> Value {
    let (status, body) = coach.get(BOARD).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

pub(crate) fn row<'a>(board: &'a Value, first_name: &str) -> &'a Value {
    board["athletes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["firstName"] == first_name)
        .unwrap_or_else(|| panic!("{first_name} is not on the board: {board}"))
}

/// Saves a daily action whose every answer carries `marker`; answers its id.
async fn write_entry(athlete: &TestUser, marker: &str) -> String {
    let (status, saved) = athlete
        .post("/_api/v1/userinput/dailyaction", daily(marker))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{saved}");
    saved["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn the_board_shows_each_athlete_as_far_as_they_share_and_who_needs_a_word_first() {
    let app = TestApp::spawn().await;
    let (coach, athletes) = team(&app, &["Abe", "Bea", "Cal"]).await;
    // Cal practised four days ago and not since; Abe and Bea practise today.
    practise(&athletes[2]).await;
    app.clock().advance(Duration::days(4));
    let again = |user: &TestUser| {
        let app = &app;
        let user = user.clone();
        async move { user.with_token(&app.fresh_token(&user.email).await) }
    };
    let (coach, abe, bea) = (
        again(&coach).await,
        again(&athletes[0]).await,
        again(&athletes[1]).await,
    );
    practise(&abe).await;
    practise(&bea).await;
    let (status, shares) = bea
        .put(SHARING, json!({ "practice": false, "checkins": false }))
        .await;
    assert_eq!(status, StatusCode::OK, "{shares}");

    let b = board(&coach).await;
    let names: Vec<&str> = b["athletes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["firstName"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Cal", "Abe", "Bea"], "who needs a word comes first");
    assert_eq!(
        row(&b, "Cal")["flags"],
        json!([{ "code": "no_practice_3_days", "label": "No practice in 3 days" }])
    );
    assert_eq!(row(&b, "Cal")["practiceDays7"], 1);
    assert_eq!(row(&b, "Cal")["streakDays"], 0);
    let abe_row = row(&b, "Abe");
    assert_eq!(abe_row["practiceDays7"], 1);
    assert_eq!(abe_row["practiceDays28"], 1);
    assert_eq!(abe_row["streakDays"], 1);
    assert_eq!(abe_row["flags"], json!([]));
    assert_eq!(abe_row["last28"].as_array().unwrap().len(), 28);
    assert!(abe_row["lastPracticeAt"].is_string());
    let bea_row = row(&b, "Bea");
    for field in [
        "lastPracticeAt",
        "practiceDays7",
        "practiceDays28",
        "streakDays",
        "last28",
    ] {
        assert!(
            bea_row[field].is_null(),
            "Bea does not share {field}: {bea_row}"
        );
    }
    assert!(bea_row["checkin"].is_null());
    assert_eq!(b["practisedToday"], json!({ "athletes": 1, "of": 2 }));
    assert_eq!(b["calendar"].as_array().unwrap().len(), 84);
    assert_eq!(b["calendar"][83]["athletes"], 1, "Abe practised today");

    // Turning sharing on shows Bea's practice on the coach's next request.
    bea.put(SHARING, json!({ "practice": true, "checkins": false }))
        .await;
    let b = board(&coach).await;
    assert_eq!(row(&b, "Bea")["practiceDays7"], 1);
    assert_eq!(b["practisedToday"], json!({ "athletes": 2, "of": 3 }));
}

#[tokio::test]
async fn written_entries_reach_the_coach_only_one_shared_entry_at_a_time() {
    let app = TestApp::spawn().await;
    let (coach, athletes) = team(&app, &["Abe"]).await;
    let abe = &athletes[0];
    let kept = write_entry(abe, "PRIVATE-MARKER").await;
    let shared = write_entry(abe, "SHARED-MARKER").await;
    let detail = format!("/_api/v1/team/athletes/{}", abe.id);

    let (status, before) = coach.get(&detail).await;
    assert_eq!(status, StatusCode::OK, "{before}");
    assert_eq!(before["sharedEntries"], json!([]));

    let (status, body) = abe
        .put(
            &format!("/_api/v1/dailylogs/{shared}/sharing"),
            json!({ "shared": true }),
        )
        .await;
    assert_eq!((status, body), (StatusCode::OK, json!({ "shared": true })));
    let (_, after) = coach.get(&detail).await;
    let entries = after["sharedEntries"].as_array().unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["id"], shared.as_str());
    assert!(after.to_string().contains("SHARED-MARKER objective 1"));
    for answer in [after.to_string(), board(&coach).await.to_string()] {
        assert!(
            !answer.contains("PRIVATE-MARKER"),
            "an unshared entry leaked: {answer}"
        );
    }

    abe.put(
        &format!("/_api/v1/dailylogs/{shared}/sharing"),
        json!({ "shared": false }),
    )
    .await;
    let (_, hidden) = coach.get(&detail).await;
    assert_eq!(hidden["sharedEntries"], json!([]));
    // Someone else's entry, or none, is not found.
    let (status, _) = coach
        .put(
            &format!("/_api/v1/dailylogs/{kept}/sharing"),
            json!({ "shared": true }),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn only_the_teams_admins_see_its_board_and_athletes() {
    let app = TestApp::spawn().await;
    let (coach, athletes) = team(&app, &["Abe"]).await;
    let abe = &athletes[0];
    let stranger = app.with_user("sam@example.com", "Sam").await;
    let (status, body) = abe.get(BOARD).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        body["message"],
        "Only a team admin can see the team's board."
    );
    let (status, _) = stranger.get(BOARD).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = stranger
        .get(&format!("/_api/v1/team/athletes/{}", abe.id))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // A coach cannot look up someone outside the team, nor themselves as an athlete.
    for id in [stranger.id.as_str(), coach.id.as_str()] {
        let (status, body) = coach.get(&format!("/_api/v1/team/athletes/{id}")).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(body["message"], "There is no such athlete in your team.");
    }
}

#[tokio::test]
async fn sharing_starts_with_practice_shown_and_check_ins_hidden() {
    let app = TestApp::spawn().await;
    let athlete = app.with_user("abe@example.com", "Abe").await;
    let (status, body) = athlete.get(SHARING).await;
    assert_eq!(
        (status, body),
        (
            StatusCode::OK,
            json!({ "practice": true, "checkins": false, "nudges": true })
        )
    );
    let (status, body) = athlete
        .put(SHARING, json!({ "practice": false, "checkins": true }))
        .await;
    assert_eq!(
        (status, body),
        (
            StatusCode::OK,
            json!({ "practice": false, "checkins": true, "nudges": true })
        )
    );
    let (status, body) = athlete.put(SHARING, json!({ "practice": "yes" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (_, body) = athlete.get(SHARING).await;
    assert_eq!(
        body,
        json!({ "practice": false, "checkins": true, "nudges": true }),
        "nothing half-written"
    );
}

#[tokio::test]
async fn a_coach_nudges_who_has_not_practised_today_once_a_day_and_never_who_turned_notes_off() {
    let app = TestApp::spawn().await;
    let (coach, athletes) = team(&app, &["Abe", "Bea", "Cal", "Dee"]).await;
    let [abe, bea, cal, dee] = [&athletes[0], &athletes[1], &athletes[2], &athletes[3]];
    practise(abe).await;
    // Cal keeps practice private, so "everyone who has not practised today" cannot include him;
    // Dee turned coach notes off.
    cal.put(SHARING, json!({ "practice": false, "checkins": false }))
        .await;
    let (_, shares) = dee
        .put(
            SHARING,
            json!({ "practice": true, "checkins": false, "nudges": false }),
        )
        .await;
    assert_eq!(shares["nudges"], false);

    let (status, outcome) = coach
        .post(
            "/_api/v1/team/nudge",
            json!({ "userIds": null, "message": "  Ten minutes tonight: breathe and picture the serve. " }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{outcome}");
    let names = |list: &Value| -> Vec<String> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|n| n["firstName"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(names(&outcome["sent"]), ["Bea"]);
    assert_eq!(names(&outcome["skipped"]), ["Dee"]);
    assert_eq!(
        outcome["skipped"][0]["reason"],
        "They turned coach notes off."
    );
    let mail = &app.mailbox("bea@example.com", 1).await[0];
    assert_eq!(mail["subject"], "A note from Cora");
    assert!(mail["text"]
        .as_str()
        .unwrap()
        .contains("Ten minutes tonight: breathe and picture the serve."));
    assert!(app.mailbox("dee@example.com", 0).await.is_empty());

    // Named athletes; Bea already had today's note.
    let (status, outcome) = coach
        .post(
            "/_api/v1/team/nudge",
            json!({ "userIds": [bea.id, cal.id], "message": "Check in with me after practice." }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{outcome}");
    assert_eq!(names(&outcome["sent"]), ["Cal"]);
    assert_eq!(
        outcome["skipped"][0]["reason"],
        "They already had a note today."
    );

    // Refusals a coach can act on; athletes cannot nudge.
    for (body, message) in [
        (json!({ "userIds": null, "message": "   " }), "Write a short note for your athletes (message)."),
        (json!({ "userIds": [], "message": "Hi" }), "Choose 1 to 200 athletes (userIds), or send null for everyone who has not practised today."),
        (json!({ "userIds": [coach.id], "message": "Hi" }), "One of the chosen people is not an athlete of your team (userIds)."),
    ] {
        let (status, answer) = coach.post("/_api/v1/team/nudge", body).await;
        assert_eq!((status, answer["message"].as_str()), (StatusCode::BAD_REQUEST, Some(message)));
    }
    let (status, _) = abe
        .post(
            "/_api/v1/team/nudge",
            json!({ "userIds": null, "message": "Hi" }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_weeks_focus_set_by_the_coach_shows_on_every_athletes_dashboard() {
    let app = TestApp::spawn().await;
    let (coach, athletes) = team(&app, &["Abe"]).await;
    let abe = &athletes[0];
    let (status, focus) = abe.get("/_api/v1/team/focus").await;
    assert_eq!(
        (status, focus),
        (StatusCode::OK, json!({ "text": null, "setAt": null }))
    );
    let text = "Pre-serve routine: breathe, cue word, picture the serve";
    let (status, focus) = coach
        .put(
            "/_api/v1/team/focus",
            json!({ "text": format!("  {text} ") }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{focus}");
    assert_eq!(focus["text"], text);
    let (_, dashboard) = abe.get("/_api/v1/dashboard").await;
    assert_eq!(dashboard["teamFocus"], text);
    let (status, body) = coach
        .put("/_api/v1/team/focus", json!({ "text": "Go" }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["message"],
        "Write the team's focus in 3 to 280 characters (text)."
    );
    let (status, _) = abe
        .put("/_api/v1/team/focus", json!({ "text": "My own focus" }))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let stranger = app.with_user("sam@example.com", "Sam").await;
    let (status, _) = stranger.get("/_api/v1/team/focus").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, dashboard) = stranger.get("/_api/v1/dashboard").await;
    assert!(dashboard["teamFocus"].is_null());
}

#[tokio::test]
async fn the_coach_hears_when_an_athlete_joins_leaves_or_is_removed() {
    let app = TestApp::spawn().await;
    let (coach, athletes) = team(&app, &["Abe", "Bea"]).await;
    let subjects = |mails: Vec<Value>| -> Vec<String> {
        mails
            .iter()
            .map(|m| m["subject"].as_str().unwrap().to_owned())
            .collect()
    };
    // Mail leaves in the background: wait until both joins have arrived.
    let mut joined = Vec::new();
    for _ in 0..100 {
        joined = subjects(app.mailbox(&coach.email, 0).await);
        if joined.iter().filter(|s| s.contains("joined")).count() == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(
        joined
            .iter()
            .any(|s| s.starts_with("Abe") && s.contains("joined")),
        "{joined:?}"
    );
    assert!(
        joined
            .iter()
            .any(|s| s.starts_with("Bea") && s.contains("joined")),
        "{joined:?}"
    );
    let before = joined.len();

    let (status, body) = athletes[0]
        .post(
            &format!("/_api/v1/team/leave/{}", athletes[0].id),
            json!({}),
        )
        .await;
    assert!(status.is_success(), "{status} {body}");
    let mails = app.mailbox(&coach.email, before + 1).await;
    assert!(
        mails[0]["subject"].as_str().unwrap().contains("left"),
        "{}",
        mails[0]
    );
    assert!(mails[0]["text"]
        .as_str()
        .unwrap()
        .contains("Their seat is free again."));

    // The admin who removes an athlete is not told what they just did; the athlete is.
    let (status, body) = coach
        .post(
            "/_api/v1/team/remove",
            json!({ "user_id": athletes[1].id, "reason": "Moved to another club" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        app.mailbox(&coach.email, before + 1).await.len(),
        before + 1
    );
    let removed = app.mailbox(&athletes[1].email, 1).await;
    assert!(removed[0]["subject"]
        .as_str()
        .unwrap()
        .contains("no longer a member"));
}

#[tokio::test]
async fn check_ins_reach_the_coach_as_numbers_only_when_shared_and_a_three_day_dip_is_flagged() {
    let app = TestApp::spawn().await;
    let (coach, athletes) = team(&app, &["Abe"]).await;
    let mut abe = athletes[0].clone();
    // Ten good days, then three days of low energy; every note carries a marker.
    for day in 0..13 {
        if day > 0 {
            app.clock().advance(Duration::days(1));
            abe = abe.with_token(&app.fresh_token(&abe.email).await);
        }
        let energy = if day < 10 { 5 } else { 2 };
        let (status, body) = abe
            .post(
                "/_api/v1/checkin",
                json!({ "sleep": 4, "energy": energy, "mood": 4, "stress": 2, "confidence": 4,
                        "note": format!("NOTE-MARKER day {day}") }),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let coach = coach.with_token(&app.fresh_token(&coach.email).await);
    let detail = format!("/_api/v1/team/athletes/{}", abe.id);

    let b = board(&coach).await;
    assert!(
        row(&b, "Abe")["checkin"].is_null(),
        "check-ins start private"
    );
    assert!(!b.to_string().contains("checkin_energy_down"));
    let (_, d) = coach.get(&detail).await;
    assert!(d["checkins"].is_null());

    abe.put(SHARING, json!({ "practice": true, "checkins": true }))
        .await;
    let b = board(&coach).await;
    let checkin = &row(&b, "Abe")["checkin"];
    assert_eq!(checkin["latest"]["energy"], 2);
    assert_eq!(checkin["count28"], 13);
    assert_eq!(checkin["averages28"]["energy"], 4.3);
    assert_eq!(
        row(&b, "Abe")["flags"],
        json!([{ "code": "checkin_energy_down", "label": "Energy down 3 days running" }])
    );
    assert_eq!(b["athletes"][0]["firstName"], "Abe");
    let (_, d) = coach.get(&detail).await;
    let recent = d["checkins"]["recent"].as_array().unwrap();
    assert_eq!(recent.len(), 13);
    // Oldest first: the ten good days, then the dip.
    let energies: Vec<i64> = recent
        .iter()
        .map(|s| s["energy"].as_i64().unwrap())
        .collect();
    assert_eq!(energies, [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 2, 2, 2]);
    assert!(recent
        .windows(2)
        .all(|p| p[0]["date"].as_str() < p[1]["date"].as_str()));
    for answer in [b.to_string(), d.to_string()] {
        assert!(
            !answer.contains("NOTE-MARKER"),
            "a check-in note reached the coach: {answer}"
        );
    }
}

#[tokio::test]
async fn the_daily_logs_tell_the_athlete_which_entries_their_coach_sees() {
    let app = TestApp::spawn().await;
    let (_coach, athletes) = team(&app, &["Abe"]).await;
    let abe = &athletes[0];
    let kept = write_entry(abe, "KEPT").await;
    let shared = write_entry(abe, "SHOWN").await;
    abe.put(
        &format!("/_api/v1/dailylogs/{shared}/sharing"),
        json!({ "shared": true }),
    )
    .await;

    let (status, logs) = abe.get("/_api/v1/dailylogs").await;
    assert_eq!(status, StatusCode::OK, "{logs}");
    let shared_with_coach = |id: &str| {
        logs["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["id"] == id)
            .unwrap_or_else(|| panic!("{id} is not in the logs: {logs}"))["sharedWithCoach"]
            .clone()
    };
    assert_eq!(shared_with_coach(&shared), json!(true));
    assert_eq!(shared_with_coach(&kept), json!(false));
    let (_, one) = abe.get(&format!("/_api/v1/dailylogs/{shared}")).await;
    assert_eq!(one["sharedWithCoach"], json!(true), "{one}");

    abe.put(
        &format!("/_api/v1/dailylogs/{shared}/sharing"),
        json!({ "shared": false }),
    )
    .await;
    let (_, after) = abe.get(&format!("/_api/v1/dailylogs/{shared}")).await;
    assert_eq!(after["sharedWithCoach"], json!(false), "{after}");
}

#[tokio::test]
async fn a_new_athlete_is_not_flagged_quiet_before_three_days_on_the_team() {
    let app = TestApp::spawn().await;
    let (coach, _) = team(&app, &["Dee"]).await;
    let flags = |b: &Value| row(b, "Dee")["flags"].clone();
    assert_eq!(flags(&board(&coach).await), json!([]), "the day she joined");
    app.clock().advance(Duration::days(1));
    let coach = coach.with_token(&app.fresh_token(&coach.email).await);
    assert_eq!(flags(&board(&coach).await), json!([]), "her second day");
    app.clock().advance(Duration::days(1));
    let coach = coach.with_token(&app.fresh_token(&coach.email).await);
    assert_eq!(
        flags(&board(&coach).await),
        json!([{ "code": "no_practice_3_days", "label": "No practice in 3 days" }]),
        "three days on the team without practice"
    );
}

#[tokio::test]
async fn the_board_counts_the_same_from_the_day_summary_as_from_the_events() {
    let app = TestApp::spawn().await;
    let (coach, athletes) = team(&app, &["Abe", "Bea", "Cal", "Dee"]).await;
    // Abe: 120 days in a row, longer than the calendar, with a rest day 50 days ago; Bea every
    // other day; Cal from 40 to 10 days ago; Dee the last 90 days but one, 3 days ago.
    // Stored straight in the database, as practice was before the day summary existed.
    let now = app.clock().now();
    let abe: Vec<i64> = (0..120).filter(|d| *d != 50).collect();
    practised_days_ago(&app, &athletes[0].id, now, &abe).await;
    rested_days_ago(&app, &athletes[0].id, now, &[50]).await;
    let bea: Vec<i64> = (0..120).step_by(2).collect();
    practised_days_ago(&app, &athletes[1].id, now, &bea).await;
    let cal: Vec<i64> = (10..=40).collect();
    practised_days_ago(&app, &athletes[2].id, now, &cal).await;
    let dee: Vec<i64> = (0..90).filter(|d| *d != 3).collect();
    practised_days_ago(&app, &athletes[3].id, now, &dee).await;

    let names = ["Abe", "Bea", "Cal", "Dee"];
    let figures = |b: &Value| {
        names.map(|name| {
            let r = row(b, name);
            json!([
                r["streakDays"],
                r["practiceDays7"],
                r["practiceDays28"],
                r["last28"],
                r["flags"]
            ])
        })
    };
    // No summary yet: the board counts the events.
    let from_events = board(&coach).await;
    assert_eq!(row(&from_events, "Abe")["streakDays"], 119);
    assert_eq!(row(&from_events, "Bea")["streakDays"], 1);
    assert_eq!(row(&from_events, "Cal")["streakDays"], 0);
    assert_eq!(row(&from_events, "Cal")["practiceDays28"], 18);
    assert_eq!(row(&from_events, "Dee")["streakDays"], 3);

    let counted = swaz::practice::summary::backfill(&app.state.db, app.state.clock.now_ms())
        .await
        .unwrap();
    assert_eq!(counted, 4, "each athlete's summary is counted");
    let from_summary = board(&coach).await;
    assert_eq!(figures(&from_summary), figures(&from_events));
    assert_eq!(from_summary["calendar"], from_events["calendar"]);

    // One board from both: Dee's summary is gone (as for practice recorded before summaries
    // existed), so hers is counted from the events beside the others' summaries.
    sqlx::query("DELETE FROM practice_summary WHERE user_id = $1")
        .bind(&athletes[3].id)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    let mixed = board(&coach).await;
    assert_eq!(figures(&mixed), figures(&from_events));
    assert_eq!(mixed["calendar"], from_events["calendar"]);
}
