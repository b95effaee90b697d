//! What every request leaves behind for the operator: a request id (the caller's `x-request-id`
//! when it is sane, else a new one) returned in the `x-request-id` header and carried by every
//! log line of the request; one "request finished" line; and its count and latency in
//! `/metrics`. Spans name the matched route, never the raw path or query, which can hold tokens.

use std::time::Instant;

use std::sync::{Arc, Mutex};

use axum::extract::{MatchedPath, Request, State};
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE, WWW_AUTHENTICATE};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use subtle::ConstantTimeEq;
use tracing::Instrument;

use crate::app::AppState;
use crate::error::{AppError, Result};

pub(crate) const X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Route label of requests no route matched (the web app's files and client routes).
const UNMATCHED: &str = "(unmatched)";

/// An incoming id is kept when it is 1 to 128 visible characters from a safe set (UUIDs,
/// nginx's `$request_id`, most tracing ids); anything else could forge or garble log lines.
fn sane_request_id(value: &str) -> bool {
    (1..=128).contains(&value.len())
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'))
}

/// Where the router writes the matched route for [`observe`], which runs outside the router.
#[derive(Clone, Default)]
struct RouteSlot(Arc<Mutex<Option<String>>>);

pub(crate) async fn observe(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let started = Instant::now();
    let id = request
        .headers()
        .get(X_REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .filter(|v| sane_request_id(v))
        .map_or_else(|| uuid::Uuid::new_v4().simple().to_string(), str::to_owned);
    let method = request.method().clone();
    let slot = RouteSlot::default();
    request.extensions_mut().insert(slot.clone());
    let span = tracing::info_span!(
        "request",
        request_id = %id,
        method = %method,
        route = tracing::field::Empty
    );
    let mut response = next.run(request).instrument(span.clone()).await;
    let elapsed = started.elapsed();
    let status = response.status().as_u16();
    // A matched route is on the span already (`note_route`); only the unmatched are named here.
    let matched = slot.0.lock().ok().and_then(|r| r.clone());
    let route = matched.unwrap_or_else(|| {
        span.record("route", UNMATCHED);
        UNMATCHED.to_owned()
    });
    state
        .metrics
        .observe_request(method.as_str(), &route, status, elapsed.as_secs_f64());
    span.in_scope(|| {
        tracing::info!(
            status,
            latency_ms = elapsed.as_secs_f64() * 1000.0,
            "request finished"
        )
    });
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(X_REQUEST_ID, value);
    }
    response
}

/// Inside the router, once a route matched: names it on the request's span and for [`observe`].
pub(crate) async fn note_route(request: Request, next: Next) -> Response {
    if let Some(path) = request.extensions().get::<MatchedPath>() {
        tracing::Span::current().record("route", path.as_str());
        if let Some(slot) = request.extensions().get::<RouteSlot>() {
            if let Ok(mut route) = slot.0.lock() {
                *route = Some(path.as_str().to_owned());
            }
        }
    }
    next.run(request).await
}

/// `GET /metrics`: Prometheus' text format, for the bearer of `SWAZ_METRICS_TOKEN`; 404 when the
/// setting is unset, so nothing is exposed by default.
pub async fn metrics(State(state): State<AppState>, headers: HeaderMap) -> Result<Response> {
    let Some(expected) = &state.config.metrics_token else {
        return Err(AppError::not_found("Not found"));
    };
    let given = headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    if !bool::from(given.as_bytes().ct_eq(expected.expose().as_bytes())) {
        let mut res =
            AppError::unauthorized("Metrics need the bearer token set in SWAZ_METRICS_TOKEN.")
                .into_response();
        res.headers_mut()
            .insert(WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        return Ok(res);
    }
    let body = state.metrics.render(&state).await?;
    Ok((
        StatusCode::OK,
        [(CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")],
        body,
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::sane_request_id;

    #[test]
    fn request_ids_that_could_garble_logs_are_not_kept() {
        assert!(sane_request_id("0f8e2c5d9b3a4e7f8a1b2c3d4e5f6a7b"));
        assert!(sane_request_id("req-1.2_3:4"));
        assert!(!sane_request_id(""));
        assert!(!sane_request_id("a b"));
        assert!(!sane_request_id("x\"}{\"level\":\"ERROR"));
        assert!(!sane_request_id(&"a".repeat(129)));
    }
}
