//! Sending a push message (issue 28) to the local push service of `push_service`, which checks
//! the VAPID signature and decrypts with the device's key.

use std::time::Duration;

use swaz::push::send::{Delivery, Sender, Urgency};
use swaz::push::storage::StoredSubscription;

use crate::push_service::Service;

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
