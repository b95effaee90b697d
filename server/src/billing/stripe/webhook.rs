//! `POST /_api/v1/stripe/webhook`: Stripe's events, verified with the `Stripe-Signature`
//! scheme (HMAC-SHA256 of `{timestamp}.{body}`, five-minute tolerance, constant-time compare)
//! and handled once per event id.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::Json;
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::Sha256;
use subtle::ConstantTimeEq;

use super::parse_subscription;
use crate::app::AppState;
use crate::billing::service;
use crate::error::{AppError, Result};

pub const TOLERANCE_SECS: i64 = 300;

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

pub async fn receive(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>> {
    let now = state.clock.now_ms();
    let secret = state
        .config
        .billing
        .stripe_webhook_secret
        .as_ref()
        .filter(|_| state.config.billing.mode == crate::config::PaymentMode::Stripe)
        .ok_or_else(|| {
            AppError::not_found("Stripe webhooks are off: payments run in local test mode.")
        })?;
    let header = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok())
        .ok_or_else(|| AppError::bad_request("The Stripe-Signature header is missing."))?;
    verify(header, &body, secret.expose(), state.clock.now_secs())
        .map_err(|why| AppError::bad_request(format!("Invalid Stripe signature: {why}.")))?;
    let event: Value = serde_json::from_slice(&body)
        .map_err(|_| AppError::bad_request("The event is not valid JSON."))?;
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
    let billing = &state.config.billing;
    let subscription = match kind.as_str() {
        "customer.subscription.updated"
        | "customer.subscription.deleted"
        | "customer.subscription.created" => parse_subscription(&object, billing),
        "invoice.paid" | "invoice.payment_failed" | "checkout.session.completed" => {
            match object.get("subscription").and_then(Value::as_str) {
                Some(sub_id) => state.payments.subscription(sub_id).await?,
                None => None,
            }
        }
        _ => None,
    };
    let mut tx = state.db.begin_write().await?;
    let fresh = sqlx::query("INSERT INTO stripe_events (id, type, received_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING")
        .bind(id)
        .bind(&kind)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected()
        == 1;
    if !fresh {
        tx.commit().await?;
        return Ok(Json(json!({ "received": true, "duplicate": true })));
    }
    if let Some(sub) = &subscription {
        let owner: Option<String> =
            sqlx::query_scalar("SELECT user_id FROM subscriptions WHERE id = $1")
                .bind(&sub.id)
                .fetch_optional(&mut *tx)
                .await?;
        // A signed-in member's checkout names them; anonymous checkouts wait for the first flow.
        let owner = owner.or_else(|| {
            (kind == "checkout.session.completed")
                .then(|| {
                    object
                        .get("client_reference_id")
                        .and_then(Value::as_str)
                        .map(str::to_owned)
                })
                .flatten()
        });
        if let Some(owner) = owner {
            service::mirror(&mut tx, "stripe", &owner, sub, None, now).await?;
        }
    }
    tx.commit().await?;
    tracing::info!(event = id, kind, "stripe webhook handled");
    Ok(Json(json!({ "received": true })))
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
