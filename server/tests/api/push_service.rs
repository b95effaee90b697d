//! A push service on this machine that speaks RFC 8030, for the push tests: it checks each
//! message's VAPID claim (RFC 8292) against the key in it and decrypts the body (RFC 8291) with
//! the device's own key, so the wire format is the real one.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::Router;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use ring::signature::{UnparsedPublicKey, ECDSA_P256_SHA256_FIXED};
use serde_json::Value;
use swaz::push::storage::StoredSubscription;

/// One message as the push service saw it.
#[derive(Clone, Debug)]
pub struct Received {
    /// The VAPID claims, when the signature verified with the key in `k=`.
    pub claims: Option<Value>,
    pub key: String,
    pub ttl: Option<String>,
    pub urgency: Option<String>,
    pub encoding: Option<String>,
    /// The text, when the device's key could read it.
    pub text: Option<Vec<u8>>,
    /// The device the message was for (the endpoint's last segment).
    pub device: String,
}

/// A device's keys as the push service holds them (standing in for the browser).
struct Device {
    private: p256::SecretKey,
    public: Vec<u8>,
    auth: [u8; 16],
}

impl Device {
    /// What the browser does with a message: ECDH with the sender's one-time key, then RFC 8291.
    fn read(&self, body: &[u8]) -> Option<Vec<u8>> {
        let sender = swaz::push::encryption::sender_key(body).ok()?;
        let sender = p256::PublicKey::from_sec1_bytes(sender).ok()?;
        let shared =
            p256::ecdh::diffie_hellman(self.private.to_nonzero_scalar(), sender.as_affine());
        swaz::push::encryption::decrypt_with_secret(
            shared.raw_secret_bytes(),
            &self.public,
            &self.auth,
            body,
        )
        .ok()
    }
}

#[derive(Clone, Default)]
pub struct Service {
    devices: Arc<Mutex<HashMap<String, Device>>>,
    pub received: Arc<Mutex<Vec<Received>>>,
    /// What the service answers next.
    pub answer: Arc<Mutex<u16>>,
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
    let text = service
        .devices
        .lock()
        .unwrap()
        .get(&device)
        .and_then(|d| d.read(&body));
    service.received.lock().unwrap().push(Received {
        claims,
        key,
        ttl: header("ttl"),
        urgency: header("urgency"),
        encoding: header("content-encoding"),
        text,
        device,
    });
    StatusCode::from_u16(*service.answer.lock().unwrap()).unwrap()
}

impl Service {
    pub async fn start() -> (Self, String) {
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
    pub fn subscribe(&self, base: &str, name: &str) -> StoredSubscription {
        let mut seed = [0u8; 32];
        ring::rand::SecureRandom::fill(&ring::rand::SystemRandom::new(), &mut seed).unwrap();
        let private = p256::SecretKey::from_slice(&seed).expect("a scalar below the order");
        let public = p256::elliptic_curve::sec1::ToEncodedPoint::to_encoded_point(
            &private.public_key(),
            false,
        )
        .as_bytes()
        .to_vec();
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
                private,
                public,
                auth,
            },
        );
        sub
    }
}
