//! Stripe's webhook events: the `Stripe-Signature` scheme (HMAC-SHA256 of `{timestamp}.{body}`,
//! five-minute tolerance, constant-time compare), and each event applied once per event id.

use hmac::{Hmac, Mac};
use serde_json::Value;
use sha2::Sha256;
use subtle::ConstantTimeEq;

use super::parse_subscription;
use crate::billing::service::Billing;
use crate::billing::storage::{self, Payer};
use crate::error::{AppError, Result};

pub(crate) const TOLERANCE_SECS: i64 = 300;

/// Checks a `Stripe-Signature` header against the raw body.
pub fn verify(header: &str, body: &[u8], secret: &str, now_secs: i64) -> Result<(), &'static str> {
    let mut timestamp = None;
    let mut signatures = vec![];
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
            Some(("v1", sig)) => signatures.push(sig.to_owned()),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or("the Stripe-Signature header has no timestamp")?;
    if now_secs.abs_diff(timestamp) > TOLERANCE_SECS.unsigned_abs() {
        return Err("the Stripe-Signature timestamp is outside the tolerance");
    }
    let mut mac =
        Hmac::<Sha256>::new_from_slice(secret.as_bytes()).map_err(|_| "bad webhook secret")?;
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    let expected = hex::encode(mac.finalize().into_bytes());
    let matches = signatures.iter().any(|sig| {
        sig.len() == expected.len() && bool::from(sig.as_bytes().ct_eq(expected.as_bytes()))
    });
    if matches {
        Ok(())
    } else {
        Err("no Stripe-Signature matches the body")
    }
}

/// A header value Stripe would send for `body` at `timestamp` (used by tests and tools).
pub fn sign(body: &[u8], secret: &str, timestamp: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(format!("{timestamp}.").as_bytes());
    mac.update(body);
    format!(
        "t={timestamp},v1={}",
        hex::encode(mac.finalize().into_bytes())
    )
}

/// Applies a verified event once per event id: answers false for a duplicate delivery.
pub(crate) async fn apply(billing: Billing<'_>, event: &Value, now: i64) -> Result<bool> {
    let id = event
        .get("id")
        .and_then(Value::as_str)
        .ok_or_else(|| AppError::bad_request("The event has no id."))?;
    let kind = event
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_owned();

    // Ask Stripe first: no database lock is held across the network call.
    let object = event
        .pointer("/data/object")
        .cloned()
        .unwrap_or(Value::Null);
    let subscription = match kind.as_str() {
        "customer.subscription.updated"
        | "customer.subscription.deleted"
        | "customer.subscription.created" => parse_subscription(&object, billing.plans),
        "invoice.paid" | "invoice.payment_failed" | "checkout.session.completed" => {
            match object.get("subscription").and_then(Value::as_str) {
                Some(sub_id) => billing.payments.subscription(sub_id).await?,
                None => None,
            }
        }
        _ => None,
    };
    let mut tx = billing.db.begin_write().await?;
    let fresh = storage::note_event(&mut tx, id, &kind, now).await?;
    if !fresh {
        tx.commit().await?;
        return Ok(false);
    }
    if let Some(sub) = &subscription {
        let owner = match storage::owner_of(&mut tx, &sub.id).await? {
            Some(Payer::Member(owner)) => Some(owner),
            // Its member's account was deleted; the team it pays for still reads it.
            Some(Payer::Deleted) => {
                storage::refresh(&mut tx, sub, now).await?;
                None
            }
            // A signed-in member's checkout names them; anonymous checkouts wait for the first
            // flow.
            None => (kind == "checkout.session.completed")
                .then(|| {
                    object
                        .get("client_reference_id")
                        .and_then(Value::as_str)
                        .map(str::to_owned)
                })
                .flatten(),
        };
        if let Some(owner) = owner {
            storage::mirror(&mut tx, "stripe", &owner, sub, None, now).await?;
        }
    }
    tx.commit().await?;
    tracing::info!(event = id, kind, "stripe webhook handled");
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_verifies_only_for_its_body_secret_and_time() {
        let header = sign(b"{\"id\":\"evt_1\"}", "whsec_test", 1_000_000);
        assert_eq!(
            verify(&header, b"{\"id\":\"evt_1\"}", "whsec_test", 1_000_100),
            Ok(())
        );
        assert!(verify(&header, b"{\"id\":\"evt_2\"}", "whsec_test", 1_000_100).is_err());
        assert!(verify(&header, b"{\"id\":\"evt_1\"}", "whsec_other", 1_000_100).is_err());
        assert_eq!(
            verify(
                &header,
                b"{\"id\":\"evt_1\"}",
                "whsec_test",
                1_000_000 + TOLERANCE_SECS + 1
            ),
            Err("the Stripe-Signature timestamp is outside the tolerance")
        );
        assert!(verify("v1=abc", b"{}", "whsec_test", 0).is_err());
        assert!(verify(
            "t=-9223372036854775808,v1=abc",
            b"{}",
            "whsec_test",
            1_000_000
        )
        .is_err());
        let rotated = format!("{header},v1={}", "0".repeat(64));
        assert_eq!(
            verify(&rotated, b"{\"id\":\"evt_1\"}", "whsec_test", 1_000_000),
            Ok(())
        );
    }
}
