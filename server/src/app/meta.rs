//! Operational endpoints: health and the hidden environment page's facts.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::Serialize;
use serde_json::{json, Value};
use utoipa::ToSchema;

use crate::app::AppState;

/// Liveness: the process answers and its database is migrated. Stays 200 while shutting down.
pub async fn healthz(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    if state.db.is_ready().await {
        (StatusCode::OK, Json(json!({ "status": "ok" })))
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({ "status": "database not ready" })),
        )
    }
}

/// Readiness: 200 while this instance should take traffic; 503 once it is shutting down, when
/// its database does not answer (within two seconds) or while its writes fail (a full disk), so
/// a load balancer sends elsewhere.
pub async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    if state.lifecycle.phase() != super::lifecycle::Phase::Ready {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({ "status": "shutting down" })),
        );
    }
    let ready = tokio::time::timeout(std::time::Duration::from_secs(2), state.db.is_ready()).await;
    if !matches!(ready, Ok(true)) {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({ "status": "database not ready" })),
        );
    }
    let writable =
        tokio::time::timeout(std::time::Duration::from_secs(2), state.db.can_write()).await;
    if matches!(writable, Ok(true)) {
        (StatusCode::OK, Json(json!({ "status": "ok" })))
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({ "status": "database cannot write" })),
        )
    }
}

/// What is running, for the hidden `/env` page. Never a secret.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct EnvInfo {
    pub version: String,
    pub commit: String,
    pub environment: String,
    pub database_kind: String,
    pub payment_mode: String,
    pub mail_mode: String,
}

/// Version, commit, database kind, payment and mail mode.
#[utoipa::path(get, path = "/env", tag = "meta", responses((status = 200, body = EnvInfo)))]
pub(crate) async fn env_info(State(state): State<AppState>) -> Json<EnvInfo> {
    let c = &state.config;
    Json(EnvInfo {
        version: c.version.to_owned(),
        commit: c.commit.clone(),
        environment: c.env.as_str().to_owned(),
        database_kind: c.database_kind().to_owned(),
        payment_mode: c.payment_mode().to_owned(),
        mail_mode: c.mail_mode().to_owned(),
    })
}
