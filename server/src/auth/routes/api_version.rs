//! GoTrue's API versions: a client that sends `X-Supabase-Api-Version: 2024-01-01` or later (every
//! `@supabase/auth-js` does) gets errors as `{code: <error_code>, message}`, the version echoed
//! and `x-sb-error-code`; other clients keep the older `{code: <status>, error_code, msg}`.

use axum::body::{to_bytes, Body};
use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use serde_json::{json, Value};

const HEADER: HeaderName = HeaderName::from_static("x-supabase-api-version");
const ERROR_CODE_HEADER: HeaderName = HeaderName::from_static("x-sb-error-code");
/// The first dated version, the one whose error shape this answers.
const VERSION_2024_01_01: &str = "2024-01-01";
/// Largest error body rewritten (ours are a few hundred bytes).
const MAX_ERROR_BODY: usize = 64 * 1024;

/// Whether `raw` names 2024-01-01 or a later version (dates in ISO form order as text).
fn is_dated(raw: &str) -> bool {
    let raw = raw.trim();
    raw.len() == 10
        && raw.as_bytes()[4] == b'-'
        && raw.as_bytes()[7] == b'-'
        && raw.chars().filter(char::is_ascii_digit).count() == 8
        && raw >= VERSION_2024_01_01
}

pub(crate) async fn negotiate(request: Request, next: Next) -> Response {
    let dated = request
        .headers()
        .get(HEADER)
        .and_then(|v| v.to_str().ok())
        .is_some_and(is_dated);
    let response = next.run(request).await;
    if !dated {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    parts
        .headers
        .insert(HEADER, HeaderValue::from_static(VERSION_2024_01_01));
    if parts.status.is_success() || parts.status.is_redirection() {
        return Response::from_parts(parts, body);
    }
    let Ok(bytes) = to_bytes(body, MAX_ERROR_BODY).await else {
        return Response::from_parts(parts, Body::empty());
    };
    let legacy: Option<Value> = serde_json::from_slice(&bytes).ok();
    let Some((code, message)) = legacy
        .as_ref()
        .and_then(|v| Some((v.get("error_code")?.as_str()?, v.get("msg")?.as_str()?)))
    else {
        return Response::from_parts(parts, Body::from(bytes));
    };
    if let Ok(value) = HeaderValue::from_str(code) {
        parts.headers.insert(ERROR_CODE_HEADER, value);
    }
    let mut body = json!({ "code": code, "message": message });
    if let Some(weak) = legacy.as_ref().and_then(|v| v.get("weak_password")) {
        body["weak_password"] = weak.clone();
    }
    let bytes = body.to_string();
    parts.headers.remove(axum::http::header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(bytes))
}

#[cfg(test)]
mod tests {
    use super::is_dated;

    #[test]
    fn only_dated_versions_from_2024_01_01_on_count() {
        assert!(is_dated("2024-01-01"));
        assert!(is_dated("2025-06-30"));
        assert!(!is_dated("2023-12-31"));
        assert!(!is_dated("latest"));
        assert!(!is_dated("9999-99-9x"));
    }
}
