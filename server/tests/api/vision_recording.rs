//! The vision in the athlete's own voice (issue 28): recorded audio of the types browsers'
//! recorders make, up to 20 MB, played back whole or by byte range (as iPhone's player seeks),
//! the athlete's alone, in the export and gone with the account.

use base64::Engine as _;
use reqwest::header::{ACCEPT_ENCODING, CONTENT_TYPE, RANGE};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::support::TestApp;
use crate::test_user::TestUser;

const RECORDING: &str = "/_api/v1/userinput/athleticvision/recording";
const MB: usize = 1024 * 1024;

/// Recognisable audio-like bytes: every byte tells its own position.
fn audio(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i % 251) as u8).collect()
}

async fn put(
    app: &TestApp,
    who: &TestUser,
    content_type: Option<&str>,
    body: Vec<u8>,
) -> (StatusCode, Value) {
    let mut req = app
        .http
        .put(app.url(RECORDING))
        .bearer_auth(&who.token)
        .body(body);
    if let Some(t) = content_type {
        req = req.header(CONTENT_TYPE, t);
    }
    let res = req.send().await.unwrap();
    let status = res.status();
    (status, res.json().await.unwrap_or(Value::Null))
}

async fn get(app: &TestApp, who: &TestUser, range: Option<&str>) -> reqwest::Response {
    let mut req = app.http.get(app.url(RECORDING)).bearer_auth(&who.token);
    if let Some(r) = range {
        req = req.header(RANGE, r);
    }
    req.send().await.unwrap()
}

fn header(res: &reqwest::Response, name: &str) -> Option<String> {
    res.headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
}

#[tokio::test]
async fn a_member_records_plays_back_by_range_replaces_and_deletes_their_vision() {
    let app = TestApp::spawn().await;
    let ann = app.with_paid_user("ann@example.com").await;
    let res = get(&app, &ann, None).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["message"], "You have not recorded your vision yet.");

    let webm = audio(300_000);
    let (status, saved) = put(&app, &ann, Some("audio/webm;codecs=opus"), webm.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{saved}");
    assert_eq!(saved["contentType"], "audio/webm; codecs=opus");
    assert_eq!(saved["size"], 300_000);

    let res = get(&app, &ann, None).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        header(&res, "content-type").as_deref(),
        Some("audio/webm; codecs=opus")
    );
    assert_eq!(header(&res, "accept-ranges").as_deref(), Some("bytes"));
    assert_eq!(res.bytes().await.unwrap().to_vec(), webm);
    let res = app
        .http
        .get(app.url(RECORDING))
        .bearer_auth(&ann.token)
        .header(ACCEPT_ENCODING, "gzip, br")
        .send()
        .await
        .unwrap();
    assert_eq!(
        header(&res, "content-encoding"),
        None,
        "audio is never compressed"
    );
    assert_eq!(header(&res, "content-length").as_deref(), Some("300000"));
    // The same request for a large JSON answer is compressed.
    let res = app
        .http
        .get(app.url("/_api/v1/openapi.json"))
        .header(ACCEPT_ENCODING, "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(header(&res, "content-encoding").as_deref(), Some("gzip"));

    // iPhone's player first asks for two bytes, then seeks.
    let res = get(&app, &ann, Some("bytes=0-1")).await;
    assert_eq!(res.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(
        header(&res, "content-range").as_deref(),
        Some("bytes 0-1/300000")
    );
    assert_eq!(res.bytes().await.unwrap().to_vec(), webm[..2].to_vec());
    let res = get(&app, &ann, Some("bytes=299000-")).await;
    assert_eq!(res.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(
        header(&res, "content-range").as_deref(),
        Some("bytes 299000-299999/300000")
    );
    assert_eq!(
        res.bytes().await.unwrap().to_vec(),
        webm[299_000..].to_vec()
    );
    let res = get(&app, &ann, Some("bytes=-10")).await;
    assert_eq!(
        res.bytes().await.unwrap().to_vec(),
        webm[299_990..].to_vec()
    );
    let res = get(&app, &ann, Some("bytes=300000-")).await;
    assert_eq!(res.status(), StatusCode::RANGE_NOT_SATISFIABLE);
    assert_eq!(
        header(&res, "content-range").as_deref(),
        Some("bytes */300000")
    );
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body["message"],
        "The recording is 300000 bytes long: ask for a range inside it."
    );

    // Recording again (on an iPhone this time) replaces it.
    let mp4 = audio(1_500_000);
    let (status, saved) = put(&app, &ann, Some("audio/mp4"), mp4.clone()).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["size"], 1_500_000);
    let res = get(&app, &ann, None).await;
    assert_eq!(header(&res, "content-type").as_deref(), Some("audio/mp4"));
    assert_eq!(res.bytes().await.unwrap().to_vec(), mp4);

    // Someone else has none, and cannot reach Ann's.
    let ben = app.with_paid_user("ben@example.com").await;
    assert_eq!(get(&app, &ben, None).await.status(), StatusCode::NOT_FOUND);
    let res = app.http.get(app.url(RECORDING)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);

    let (status, _) = ann.request(Method::DELETE, RECORDING, None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(get(&app, &ann, None).await.status(), StatusCode::NOT_FOUND);
    let (status, _) = ann.request(Method::DELETE, RECORDING, None).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "deleting twice is fine");
}

#[tokio::test]
async fn only_audio_up_to_twenty_megabytes_from_a_member_is_kept_with_a_sentence_otherwise() {
    let app = TestApp::spawn().await;
    let ann = app.with_paid_user("ann@example.com").await;
    for refused in [
        Some("text/plain"),
        Some("video/webm"),
        Some("audio/wav"),
        None,
    ] {
        let (status, body) = put(&app, &ann, refused, audio(1000)).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{refused:?}");
        assert_eq!(
            body["message"],
            "Send the recording as audio/webm, audio/ogg, audio/mp4, audio/mpeg (Content-Type), as the browser's recorder makes it."
        );
    }
    let (status, body) = put(&app, &ann, Some("audio/ogg"), audio(20 * MB + 1)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(
        body["message"],
        "A recording can be at most 20 MB: record a shorter reading."
    );
    let (status, body) = put(&app, &ann, Some("audio/ogg"), Vec::new()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["message"],
        "The recording is empty: record your vision, then save it."
    );
    assert_eq!(app.count("vision_recordings").await, 0, "nothing kept");
    // Exactly 20 MB is kept (every other request stays at the 1 MB limit).
    let (status, saved) = put(&app, &ann, Some("audio/mpeg"), audio(20 * MB)).await;
    assert_eq!(status, StatusCode::CREATED, "{saved}");
    let res = app
        .http
        .put(app.url("/_api/v1/userinput/athleticvision"))
        .bearer_auth(&ann.token)
        .header(CONTENT_TYPE, "application/json")
        .body(vec![b' '; 2 * MB])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);

    // Recording needs a membership, like saving the vision.
    let guest = app.with_user("gus@example.com", "Gus").await;
    let (status, _) = put(&app, &guest, Some("audio/webm"), audio(1000)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_recording_is_in_the_export_and_gone_with_the_account() {
    let app = TestApp::spawn().await;
    let ann = app.with_paid_user("ann@example.com").await;
    let voice = audio(4096);
    let (status, _) = put(&app, &ann, Some("audio/webm"), voice.clone()).await;
    assert_eq!(status, StatusCode::CREATED);
    let export: Value = app
        .get_auth("/_api/v1/account/export", &ann.token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let kept = &export["visionRecording"];
    assert_eq!(kept["contentType"], "audio/webm");
    assert_eq!(kept["size"], 4096);
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(kept["audioBase64"].as_str().unwrap())
        .unwrap();
    assert_eq!(decoded, voice);
    let (status, _) = ann
        .request(
            Method::DELETE,
            "/_api/v1/account",
            Some(json!({ "confirmation": "DELETE" })),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(app.count("vision_recordings").await, 0);
}
