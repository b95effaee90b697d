//! Web Push subscriptions (issue 28): the server's VAPID key, the same on every instance and
//! after restarts, and the devices a member subscribes, lists and removes.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::support::TestApp;

const SUBSCRIPTIONS: &str = "/_api/v1/push/subscriptions";
const KEY: &str = "/_api/v1/push/key";

/// A browser's subscription keys: a real P-256 public key and a 16-byte secret.
fn device_keys() -> Value {
    let rng = ring::rand::SystemRandom::new();
    let private =
        ring::agreement::EphemeralPrivateKey::generate(&ring::agreement::ECDH_P256, &rng).unwrap();
    let public = private.compute_public_key().unwrap();
    json!({
        "p256dh": URL_SAFE_NO_PAD.encode(public.as_ref()),
        "auth": URL_SAFE_NO_PAD.encode([7u8; 16]),
    })
}

fn subscription(endpoint: &str, label: Option<&str>) -> Value {
    json!({ "endpoint": endpoint, "keys": device_keys(), "label": label })
}

#[tokio::test]
async fn every_instance_hands_out_the_same_vapid_key() {
    let app = TestApp::spawn().await;
    let ann = app.with_user("ann@example.com", "Ann").await;
    let (status, key) = ann.get(KEY).await;
    assert_eq!(status, StatusCode::OK);
    let public = key["publicKey"].as_str().unwrap().to_owned();
    let point = URL_SAFE_NO_PAD.decode(&public).unwrap();
    assert_eq!(
        (point.len(), point[0]),
        (65, 4),
        "an uncompressed P-256 point"
    );
    assert_eq!(ann.get(KEY).await.1["publicKey"], public);
    let other = TestApp::builder().same_database_as(&app).spawn().await;
    let token = other.fresh_token(&ann.email).await;
    let (_, again) = other.get_as(&token, KEY).await;
    assert_eq!(again["publicKey"], public, "the other instance");
    let res = app.http.get(app.url(KEY)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_member_subscribes_lists_and_removes_their_devices() {
    let app = TestApp::spawn().await;
    let ann = app.with_user("ann@example.com", "Ann").await;
    let (status, phone) = ann
        .post(
            SUBSCRIPTIONS,
            subscription("https://fcm.googleapis.com/fcm/send/abc", Some(" Pixel ")),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{phone}");
    assert_eq!(phone["label"], "Pixel");
    assert_eq!(phone["service"], "fcm.googleapis.com");
    assert!(phone["lastUsedAt"].is_null());
    let (status, _) = ann
        .post(
            SUBSCRIPTIONS,
            subscription("https://web.push.apple.com/xyz", None),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    // The browser subscribes again after its keys changed: the same endpoint is replaced.
    let (status, _) = ann
        .post(
            SUBSCRIPTIONS,
            subscription("https://fcm.googleapis.com/fcm/send/abc", Some("Pixel")),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, listed) = ann.get(SUBSCRIPTIONS).await;
    let devices = listed["subscriptions"].as_array().unwrap();
    assert_eq!(devices.len(), 2, "{listed}");
    assert!(
        !listed.to_string().contains("/fcm/send/abc"),
        "the endpoint itself is not shown again"
    );

    // Ben signs in on Ann's old phone: the device is his now.
    let ben = app.with_user("ben@example.com", "Ben").await;
    let (status, bens) = ben
        .post(
            SUBSCRIPTIONS,
            subscription("https://fcm.googleapis.com/fcm/send/abc", None),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, listed) = ann.get(SUBSCRIPTIONS).await;
    assert_eq!(listed["subscriptions"].as_array().unwrap().len(), 1);
    let anns = listed["subscriptions"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, _) = ben
        .request(Method::DELETE, &format!("{SUBSCRIPTIONS}/{anns}"), None)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "not Ben's to remove");
    let (status, _) = ann
        .request(Method::DELETE, &format!("{SUBSCRIPTIONS}/{anns}"), None)
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (_, listed) = ann.get(SUBSCRIPTIONS).await;
    assert!(listed["subscriptions"].as_array().unwrap().is_empty());

    let res = app.http.get(app.url(SUBSCRIPTIONS)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    // Devices go with the account.
    let (status, _) = ben
        .request(
            Method::DELETE,
            "/_api/v1/account",
            Some(json!({ "confirmation": "DELETE" })),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{bens}");
    assert_eq!(app.count("push_subscriptions").await, 0);
}

#[tokio::test]
async fn a_subscription_that_is_not_a_browsers_is_refused_with_a_sentence() {
    let app = TestApp::spawn().await;
    let ann = app.with_user("ann@example.com", "Ann").await;
    let endpoint_message =
        "endpoint must be the https address the browser's push subscription gives.";
    let p256dh_message = "keys.p256dh must be the 65-byte key the browser's push subscription gives, base64url-encoded.";
    let auth_message =
        "keys.auth must be the 16-byte key the browser's push subscription gives, base64url-encoded.";
    let mut short_key = subscription("https://push.example.com/1", None);
    short_key["keys"]["p256dh"] = json!(URL_SAFE_NO_PAD.encode([4u8; 33]));
    let mut bad_auth = subscription("https://push.example.com/1", None);
    bad_auth["keys"]["auth"] = json!("not base64!");
    let cases = [
        (
            subscription("http://push.example.com/1", None),
            endpoint_message,
        ),
        (
            subscription("ftp://push.example.com/1", None),
            endpoint_message,
        ),
        (json!({ "keys": device_keys() }), endpoint_message),
        (
            json!({ "endpoint": "https://push.example.com/1" }),
            "keys is required: the p256dh and auth the browser's push subscription gives.",
        ),
        (short_key, p256dh_message),
        (bad_auth, auth_message),
        (
            subscription("https://push.example.com/1", Some(&"x".repeat(81))),
            "label names the device in at most 80 characters, on one line.",
        ),
    ];
    for (body, message) in cases {
        let (status, answer) = ann.post(SUBSCRIPTIONS, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(answer["message"], message, "{body}");
    }
    for n in 0..20 {
        let (status, _) = ann
            .post(
                SUBSCRIPTIONS,
                subscription(&format!("https://push.example.com/{n}"), None),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
    }
    let (status, answer) = ann
        .post(
            SUBSCRIPTIONS,
            subscription("https://push.example.com/21", None),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        answer["message"],
        "You have 20 devices subscribed: remove one in Notifications first."
    );
    assert_eq!(app.count("push_subscriptions").await, 20);
}
