//! Sending a push message (issue 28) to a push service on this machine that speaks RFC 8030:
//! it checks each message's VAPID claim (RFC 8292) against the key in it and decrypts the body
//! (RFC 8291) with the device's own key, so the wire format is the real one.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::Router;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use ring::agreement::{EphemeralPrivateKey, ECDH_P256};
use ring::signature::{UnparsedPublicKey, ECDSA_P256_SHA256_FIXED};
use serde_json::Value;
use swaz::push::send::{Delivery, Sender, Urgency};
use swaz::push::storage::StoredSubscription;

/// One message as the push service saw it.
#[derive(Clone, Debug)]
struct Received {
    /// The VAPID claims, when the signature verified with the key in `k=`.
    claims: Option<Value>,
    key: String,
    ttl: Option<String>,
    urgency: Option<String>,
    encoding: Option<String>,
    /// The text, when the device's key could read it.
    text: Option<Vec<u8>>,
}

/// A device's keys as the push service holds them (its private key reads one message).
struct Device {
    private: Option<EphemeralPrivateKey>,
    public: Vec<u8>,
    auth: [u8; 16],
}

#[derive(Clone, Default)]
struct Service {
    devices: Arc<Mutex<HashMap<String, Device>>>,
    received: Arc<Mutex<Vec<Received>>>,
    /// What the service answers next.
    answer: Arc<Mutex<u16>>,
}

fn verify_vapid(authorization: &str) -> (Option<Value>, String) {
    let Some((token, key)) = authorization
        .strip_prefix("vapid t=")
        .and_then(|rest| rest.split_once(", k="))
    else {
        return (None, String::new());
    };
    let parts: Vec<&str> = token.split('.').collect();
    let public = URL_SAFE_NO_PAD.decode(key).unwrap_or_default();
    let signature = URL_SAFE_NO_PAD
        .decode(parts.get(2).unwrap_or(&""))
        .unwrap_or_default();
    let signed = format!("{}.{}", parts[0], parts.get(1).unwrap_or(&""));
    let verified = UnparsedPublicKey::new(&ECDSA_P256_SHA256_FIXED, &public)
        .verify(signed.as_bytes(), &signature)
        .is_ok();
    let claims = verified
        .then(|| URL_SAFE_NO_PAD.decode(parts[1]).ok())
        .flatten()
        .and_then(|c| serde_json::from_slice(&c).ok());
    (claims, key.to_owned())
}

async fn receive(
    State(service): State<Service>,
    Path(device): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> StatusCode {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let (claims, key) = verify_vapid(&header("authorization").unwrap_or_default());
    let text = {
        let mut devices = service.devices.lock().unwrap();
        devices.get_mut(&device).and_then(|d| {
            let private = d.private.take()?;
            swaz::push::encryption::decrypt(private, &d.public, &d.auth, &body).ok()
        })
    };
    service.received.lock().unwrap().push(Received {
        claims,
        key,
        ttl: header("ttl"),
        urgency: header("urgency"),
        encoding: header("content-encoding"),
        text,
    });
    StatusCode::from_u16(*service.answer.lock().unwrap()).unwrap()
}

impl Service {
    async fn start() -> (Self, String) {
        let service = Self::default();
        *service.answer.lock().unwrap() = 201;
        let app = Router::new()
            .route("/push/{device}", post(receive))
            .with_state(service.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        (service, base)
    }

    /// A browser subscribing: a device with its keys, and the subscription the server keeps.
    fn subscribe(&self, base: &str, name: &str) -> StoredSubscription {
        let private =
            EphemeralPrivateKey::generate(&ECDH_P256, &ring::rand::SystemRandom::new()).unwrap();
        let public = private.compute_public_key().unwrap().as_ref().to_vec();
        let auth = [9u8; 16];
        let sub = StoredSubscription {
            id: name.to_owned(),
            user_id: "ann".to_owned(),
            endpoint: format!("{base}/push/{name}"),
            p256dh: URL_SAFE_NO_PAD.encode(&public),
            auth: URL_SAFE_NO_PAD.encode(auth),
            label: None,
            created_at: 0,
            last_used_at: None,
        };
        self.devices.lock().unwrap().insert(
            name.to_owned(),
            Device {
                private: Some(private),
                public,
                auth,
            },
        );
        sub
    }
}

#[tokio::test]
async fn a_message_arrives_signed_by_the_server_and_readable_only_by_the_device() {
    let (service, base) = Service::start().await;
    let keys = swaz::push::keys::VapidKeys::generate().unwrap();
    let sender = Sender::new(keys.clone(), "mailto:ops@example.com".to_owned()).unwrap();
    let phone = service.subscribe(&base, "phone");
    let payload = br#"{"title":"Bedtime","body":"Your vision, then 4-7-8 breathing."}"#;
    let now = 1_800_000_000;
    let delivered = sender
        .send(
            &phone,
            payload,
            Duration::from_secs(3600),
            Urgency::Normal,
            now,
        )
        .await
        .unwrap();
    assert_eq!(delivered, Delivery::Accepted);
    let got = service.received.lock().unwrap().clone();
    assert_eq!(got.len(), 1);
    let message = &got[0];
    let claims = message
        .claims
        .as_ref()
        .expect("the VAPID signature verifies");
    assert_eq!(message.key, keys.public_key, "signed with the server's key");
    assert_eq!(claims["aud"], base.as_str(), "for this push service");
    assert_eq!(claims["sub"], "mailto:ops@example.com");
    assert!(claims["exp"].as_i64().unwrap() <= now + 24 * 3600);
    assert_eq!(message.ttl.as_deref(), Some("3600"));
    assert_eq!(message.urgency.as_deref(), Some("normal"));
    assert_eq!(message.encoding.as_deref(), Some("aes128gcm"));
    assert_eq!(
        message.text.as_deref(),
        Some(&payload[..]),
        "the device reads it"
    );
}

#[tokio::test]
async fn the_push_services_answer_says_whether_to_forget_the_device_or_try_later() {
    let (service, base) = Service::start().await;
    let sender = Sender::new(
        swaz::push::keys::VapidKeys::generate().unwrap(),
        "https://swaz.example".to_owned(),
    )
    .unwrap();
    for (status, expected) in [
        (410, Delivery::Gone),
        (404, Delivery::Gone),
        (429, Delivery::Later),
        (503, Delivery::Later),
        (413, Delivery::Refused(413)),
    ] {
        *service.answer.lock().unwrap() = status;
        let device = service.subscribe(&base, &format!("device-{status}"));
        let got = sender
            .send(
                &device,
                b"{}",
                Duration::from_secs(60),
                Urgency::High,
                1_800_000_000,
            )
            .await
            .unwrap();
        assert_eq!(got, expected, "{status}");
    }
    // No push service answering at all: later.
    let gone = StoredSubscription {
        endpoint: "http://127.0.0.1:9/push/nobody".to_owned(),
        ..service.subscribe(&base, "nobody")
    };
    let got = sender
        .send(
            &gone,
            b"{}",
            Duration::from_secs(60),
            Urgency::Low,
            1_800_000_000,
        )
        .await
        .unwrap();
    assert_eq!(got, Delivery::Later);
}
