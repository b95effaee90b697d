//! `POST /_api/v1/stripe/webhook`: Stripe calls it; verified by signature, not documented for
//! clients.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::Json;
use serde_json::{json, Value};

use super::webhook::{self, verify, Handled};
use crate::app::AppState;
use crate::error::{AppError, Result};

pub async fn receive(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>> {
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
    let now = state.clock.now_ms();
    verify(header, &body, secret.expose(), now.div_euclid(1000))
        .map_err(|why| AppError::bad_request(format!("Invalid Stripe signature: {why}.")))?;
    let event: Value = serde_json::from_slice(&body)
        .map_err(|_| AppError::bad_request("The event is not valid JSON."))?;
    Ok(Json(
        match webhook::apply(state.billing(), state.mailer(), &event, now).await? {
            Handled::Applied => json!({ "received": true }),
            Handled::Duplicate => json!({ "received": true, "duplicate": true }),
            Handled::Ignored => json!({ "received": true, "ignored": true }),
        },
    ))
}
