//! The largest request body: `SWAZ_MAX_BODY_BYTES` for every route but the athlete's recorded
//! vision, whose handler takes up to 20 MB and says so in its own words.

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::vision::routes::recording as recording_routes;

/// Refuses a body declared larger than the route's limit at once, and stops reading one that
/// grows past it (the extractors answer 413).
pub(crate) async fn limit(State(max): State<usize>, req: Request, next: Next) -> Response {
    if req.uri().path() == recording_routes::PATH {
        return next.run(req).await;
    }
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > max) {
        return StatusCode::PAYLOAD_TOO_LARGE.into_response();
    }
    let (parts, body) = req.into_parts();
    let body = Body::new(http_body_util::Limited::new(body, max));
    next.run(Request::from_parts(parts, body)).await
}
