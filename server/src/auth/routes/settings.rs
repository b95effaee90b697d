//! `/settings` and `/health`: what this identity service offers.

use axum::extract::State;
use axum::Json;
use serde_json::{json, Value};

use crate::app::AppState;

/// The sign-in methods GoTrue lists under `external`; none but e-mail is offered here.
const EXTERNAL_PROVIDERS: [&str; 22] = [
    "anonymous_users",
    "apple",
    "azure",
    "bitbucket",
    "discord",
    "facebook",
    "figma",
    "fly",
    "github",
    "gitlab",
    "google",
    "keycloak",
    "kakao",
    "linkedin_oidc",
    "notion",
    "slack_oidc",
    "spotify",
    "twitch",
    "twitter",
    "workos",
    "zoom",
    "phone",
];

/// What is enabled, as GoTrue reports it: e-mail and password only, no phone or third parties.
pub(super) async fn settings(State(state): State<AppState>) -> Json<Value> {
    let mut external = serde_json::Map::new();
    for provider in EXTERNAL_PROVIDERS {
        external.insert(provider.to_owned(), json!(false));
    }
    external.insert("email".to_owned(), json!(true));
    Json(json!({
        "external": external,
        "disable_signup": state.config.disable_signup,
        "mailer_autoconfirm": state.config.mailer_autoconfirm,
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
