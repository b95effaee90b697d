//! `/settings` and `/health`: what this identity service offers.

use axum::Json;
use serde_json::{json, Value};

pub(super) async fn settings() -> Json<Value> {
    Json(json!({
        "external": { "email": true, "phone": false, "anonymous_users": false },
        "disable_signup": false,
        "mailer_autoconfirm": false,
        "phone_autoconfirm": false,
        "sms_provider": "",
        "saml_enabled": false,
    }))
}

pub(super) async fn health() -> Json<Value> {
    Json(
        json!({ "name": "GoTrue", "version": env!("CARGO_PKG_VERSION"), "description": "SWAZ identity service" }),
    )
}
