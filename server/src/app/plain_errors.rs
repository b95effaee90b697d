//! Extractors and layers outside our handlers (query and path parsing, the body limit) answer
//! client mistakes in plain text; this middleware gives those answers the JSON error shape of
//! their API (`{code, message}`, or GoTrue's on `/auth/v1`).

use axum::body::{to_bytes, Body};
use axum::extract::Request;
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::auth::error::AuthError;

fn is_api(path: &str) -> bool {
    ["/_api/", "/auth/v1", "/_dev/", "/_invoice/"]
        .iter()
        .any(|prefix| path.starts_with(prefix))
}

pub(crate) async fn as_json(req: Request, next: Next) -> Response {
    let path = req.uri().path().to_owned();
    let res = next.run(req).await;
    let status = res.status();
    let plain = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_none_or(|ct| ct.starts_with("text/plain"));
    if !status.is_client_error() || !plain || !is_api(&path) {
        return res;
    }
    let bytes = to_bytes(res.into_body(), 16 * 1024)
        .await
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes).trim().to_owned();
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => "The request body is too large.".to_owned(),
        _ if text.is_empty() => status
            .canonical_reason()
            .unwrap_or("Bad request")
            .to_owned(),
        _ => crate::http::rejections::describe_plain(&text),
    };
    if path.starts_with("/auth/v1") {
        return AuthError::new(status, "validation_failed", message).into_response();
    }
    let code = match status {
        StatusCode::PAYLOAD_TOO_LARGE => "payload_too_large",
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_media_type",
        _ => "bad_request",
    };
    (status, Json(json!({ "code": code, "message": message }))).into_response()
}

/// The body of a response with a panic's message, after logging it.
pub(crate) fn panic_response(payload: Box<dyn std::any::Any + Send + 'static>) -> Response<Body> {
    let message = payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_else(|| "unknown panic".to_owned());
    tracing::error!(panic = %message, "a request handler panicked");
    crate::error::AppError::Internal(anyhow::anyhow!("a request handler panicked")).into_response()
}
