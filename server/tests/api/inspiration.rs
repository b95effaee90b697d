//! The inspiration athletes: `GET /_api/v1/inspiration` and `…/inspiration/{athlete}`.

use reqwest::StatusCode;
use serde_json::Value;

use crate::support::TestApp;

#[tokio::test]
async fn the_index_lists_four_athletes_of_four_sports_without_a_token() {
    let app = TestApp::spawn().await;
    let (status, list) = app.get_public("/_api/v1/inspiration").await;
    assert_eq!(status, StatusCode::OK);
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 4);
    let sports: Vec<&str> = list.iter().map(|a| a["sport"].as_str().unwrap()).collect();
    assert_eq!(
        sports,
        ["Basketball", "Surfing", "Football", "Track and field"]
    );
    for athlete in list {
        assert!(!athlete["name"].as_str().unwrap().is_empty());
        assert!(athlete["picUrl"]
            .as_str()
            .unwrap()
            .starts_with("/images/inspiration/"));
        let text = athlete["text"].as_str().unwrap();
        assert!(text.starts_with("<p>") && text.len() > 1000, "{athlete}");
    }
}

#[tokio::test]
async fn an_athlete_is_found_by_part_of_the_name_in_any_case() {
    let app = TestApp::spawn().await;
    for (query, name) in [
        ("curry", "Stephen Curry"),
        ("BETHANY", "Bethany Hamilton"),
        ("rAsHf", "Marcus Rashford"),
        ("sydney-mclaughlin-levrone", "Sydney McLaughlin-Levrone"),
        ("McLaughlin%20Levrone", "Sydney McLaughlin-Levrone"),
    ] {
        let (status, athlete) = app
            .get_public(&format!("/_api/v1/inspiration/{query}"))
            .await;
        assert_eq!(status, StatusCode::OK, "{query}");
        assert_eq!(athlete["name"], name, "{query}");
        assert!(athlete["text"].as_str().unwrap().contains("increasingly"));
    }
}

#[tokio::test]
async fn the_first_athlete_is_answered_when_several_match() {
    let app = TestApp::spawn().await;
    // "ha" is in Bethany Hamilton, Marcus Rashford and Sydney McLaughlin-Levrone.
    let (status, athlete) = app.get_public("/_api/v1/inspiration/ha").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(athlete["name"], "Bethany Hamilton");
}

#[tokio::test]
async fn an_unknown_athlete_is_404_with_a_way_on() {
    let app = TestApp::spawn().await;
    for query in ["michael-jordan", "%20"] {
        let (status, answer) = app
            .get_public(&format!("/_api/v1/inspiration/{query}"))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{query}");
        assert_eq!(answer["code"], "not_found");
        assert!(answer["message"].as_str().unwrap().contains("/inspiration"));
    }
}

#[tokio::test]
async fn the_site_settings_name_no_testimonial_video_until_one_is_set() {
    let app = TestApp::spawn().await;
    let site = app.get_public_json("/_api/v1/site").await;
    assert_eq!(site["testimonialVideoUrl"], Value::Null);
    let url = "https://www.youtube-nocookie.com/embed/abc123";
    let app = TestApp::builder()
        .config(move |c| c.testimonial_video_url = Some(url.into()))
        .spawn()
        .await;
    let site = app.get_public_json("/_api/v1/site").await;
    assert_eq!(site["testimonialVideoUrl"], url);
}
