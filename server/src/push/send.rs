//! Sending one message to one device (RFC 8030 §5): encrypted for it (RFC 8291), signed for
//! its push service (RFC 8292), with how long the service may hold it and how urgent it is.

use std::time::Duration;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;

use super::encryption;
use super::keys::VapidKeys;
use super::storage::StoredSubscription;
use super::vapid;

/// How urgent a message is (RFC 8030 §5.3): a reminder is `normal`, a nudge from the coach
/// `high`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Urgency {
    Low,
    Normal,
    High,
}

impl Urgency {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Low => "low",
            Self::Normal => "normal",
            Self::High => "high",
        }
    }

    /// A stored name; an unknown one reads as `normal`.
    pub fn stored(name: &str) -> Self {
        match name {
            "low" => Self::Low,
            "high" => Self::High,
            _ => Self::Normal,
        }
    }
}

/// What became of a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// The push service took it (201).
    Accepted,
    /// The subscription is gone (404 or 410): forget the device.
    Gone,
    /// Refused for good (400, 403, 413…): sending it again would not help.
    Refused(u16),
    /// Not taken now (429, 5xx, no answer): try again later.
    Later,
}

/// What sending needs from the server: its key, who it is, an HTTP client.
#[derive(Clone)]
pub struct Sender {
    pub keys: VapidKeys,
    /// `mailto:` or an https URL where the push service can reach the operator.
    pub subject: String,
    pub http: reqwest::Client,
}

impl Sender {
    pub fn new(keys: VapidKeys, subject: String) -> anyhow::Result<Self> {
        Ok(Self {
            keys,
            subject,
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(15))
                .build()?,
        })
    }

    /// Sends `payload` (JSON the service worker reads) to `device`, kept by its push service for
    /// at most `ttl`.
    pub async fn send(
        &self,
        device: &StoredSubscription,
        payload: &[u8],
        ttl: Duration,
        urgency: Urgency,
        now_secs: i64,
    ) -> anyhow::Result<Delivery> {
        let public = URL_SAFE_NO_PAD.decode(&device.p256dh)?;
        let auth = URL_SAFE_NO_PAD.decode(&device.auth)?;
        let body = encryption::encrypt(&public, &auth, payload)?;
        let authorization =
            vapid::authorization(&self.keys, &device.endpoint, &self.subject, now_secs)?;
        let answer = self
            .http
            .post(&device.endpoint)
            .header("TTL", ttl.as_secs().to_string())
            .header("Urgency", urgency.as_str())
            .header("Content-Encoding", "aes128gcm")
            .header("Content-Type", "application/octet-stream")
            .header("Authorization", authorization)
            .body(body)
            .send()
            .await;
        Ok(match answer {
            Err(_) => Delivery::Later,
            Ok(res) => match res.status().as_u16() {
                200..=299 => Delivery::Accepted,
                404 | 410 => Delivery::Gone,
                429 | 500..=599 => Delivery::Later,
                other => Delivery::Refused(other),
            },
        })
    }
}
