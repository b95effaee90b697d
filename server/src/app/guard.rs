//! What every request passes before any route sees it, and what every client error passes on the
//! way out, as one hand-written service (no boxed future per request, bench/PROFILE.md finding 9):
//!
//! - an address carrying a NUL byte is refused (404 in the path, 400 in the query);
//! - a body declared larger than `SWAZ_MAX_BODY_BYTES` is refused at once with 413, and one that
//!   grows past it stops being read (the extractors answer 413); the athlete's recorded vision,
//!   whose handler takes up to 20 MB and says so in its own words, is the only route without it;
//! - a plain-text client error of an API path (an extractor's or the body limit's) is given its
//!   API's JSON error shape: `{code, message}`, or GoTrue's on `/auth/v1`.

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::task::{ready, Context, Poll};

use axum::body::{to_bytes, Body, HttpBody};
use axum::extract::Request;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;
use tower::{Layer, Service};

use crate::auth::error::AuthError;
use crate::error::AppError;
use crate::http::security::carries_nul;
use crate::vision::routes::recording as recording_routes;

/// The message of every 413, whoever answered it.
const TOO_LARGE: &str = "The request body is too large.";

/// Which error shape a path's answers take.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// The web app's files and pages: answers stay as they are.
    Page,
    /// `/_api/`, `/_dev/`, `/_invoice/`: `{code, message}`.
    Api,
    /// `/auth/v1`: GoTrue's shape.
    Auth,
}

impl Shape {
    fn of(path: &str) -> Self {
        if path.starts_with("/auth/v1") {
            Self::Auth
        } else if ["/_api/", "/_dev/", "/_invoice/"]
            .iter()
            .any(|prefix| path.starts_with(prefix))
        {
            Self::Api
        } else {
            Self::Page
        }
    }
}

#[derive(Clone, Copy)]
pub(crate) struct GuardLayer {
    max_body: usize,
}

impl GuardLayer {
    pub(crate) fn new(max_body: usize) -> Self {
        Self { max_body }
    }
}

impl<S> Layer<S> for GuardLayer {
    type Service = Guard<S>;
    fn layer(&self, inner: S) -> Guard<S> {
        Guard {
            inner,
            max_body: self.max_body,
        }
    }
}

#[derive(Clone)]
pub(crate) struct Guard<S> {
    inner: S,
    max_body: usize,
}

impl<S> Service<Request> for Guard<S>
where
    S: Service<Request, Response = Response, Error = Infallible>,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = Infallible;
    type Future = GuardFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let uri = request.uri();
        let shape = Shape::of(uri.path());
        if carries_nul(uri.path()) {
            return GuardFuture::answered(
                AppError::not_found("Nothing here has that name: the address contains a NUL byte.")
                    .into_response(),
            );
        }
        if carries_nul(uri.query().unwrap_or("")) {
            return GuardFuture::answered(
                AppError::bad_request(
                    "A value in the address contains a NUL byte, which no field takes.",
                )
                .into_response(),
            );
        }
        // A request without a body (most GETs) has nothing to limit: no box around it.
        let request = if uri.path() == recording_routes::PATH || request.body().is_end_stream() {
            request
        } else {
            let declared = request
                .headers()
                .get(header::CONTENT_LENGTH)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse::<usize>().ok());
            if declared.is_some_and(|n| n > self.max_body) {
                return GuardFuture::answered(too_large(shape));
            }
            let (parts, body) = request.into_parts();
            let body = Body::new(http_body_util::Limited::new(body, self.max_body));
            Request::from_parts(parts, body)
        };
        GuardFuture::Inner {
            future: self.inner.call(request),
            shape,
        }
    }
}

pin_project_lite::pin_project! {
    #[project = GuardProjection]
    pub(crate) enum GuardFuture<F> {
        /// The routes are answering.
        Inner { #[pin] future: F, shape: Shape },
        /// A plain-text client error is being read and rewritten (rare: no boxing otherwise).
        Rewriting { future: Pin<Box<dyn Future<Output = Response> + Send>> },
        /// Answered before the routes.
        Answered { response: Option<Response> },
    }
}

impl<F> GuardFuture<F> {
    fn answered(response: Response) -> Self {
        Self::Answered {
            response: Some(response),
        }
    }
}

impl<F> Future for GuardFuture<F>
where
    F: Future<Output = Result<Response, Infallible>>,
{
    type Output = Result<Response, Infallible>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        loop {
            let rewriting = match self.as_mut().project() {
                GuardProjection::Inner { future, shape } => {
                    let Ok(response) = ready!(future.poll(cx));
                    if *shape == Shape::Page || !is_plain_client_error(&response) {
                        return Poll::Ready(Ok(response));
                    }
                    Box::pin(as_json(*shape, response))
                }
                GuardProjection::Rewriting { future } => {
                    return future.as_mut().poll(cx).map(Ok);
                }
                GuardProjection::Answered { response } => {
                    let response = response.take().expect("a guard's answer is polled once");
                    return Poll::Ready(Ok(response));
                }
            };
            self.set(GuardFuture::Rewriting { future: rewriting });
        }
    }
}

fn is_plain_client_error(response: &Response) -> bool {
    response.status().is_client_error()
        && response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_none_or(|ct| ct.starts_with("text/plain"))
}

fn too_large(shape: Shape) -> Response {
    match shape {
        Shape::Page => StatusCode::PAYLOAD_TOO_LARGE.into_response(),
        _ => shaped(shape, StatusCode::PAYLOAD_TOO_LARGE, TOO_LARGE.to_owned()),
    }
}

/// The JSON shape of a plain-text client error, its text turned into words a person can act on.
async fn as_json(shape: Shape, response: Response) -> Response {
    let status = response.status();
    let bytes = to_bytes(response.into_body(), 16 * 1024)
        .await
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes).trim().to_owned();
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => TOO_LARGE.to_owned(),
        _ if text.is_empty() => status
            .canonical_reason()
            .unwrap_or("Bad request")
            .to_owned(),
        _ => crate::http::rejections::describe_plain(&text),
    };
    shaped(shape, status, message)
}

fn shaped(shape: Shape, status: StatusCode, message: String) -> Response {
    if shape == Shape::Auth {
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

#[cfg(test)]
mod tests {
    use super::Shape;

    #[test]
    fn each_path_answers_in_its_own_error_shape() {
        assert!(Shape::of("/auth/v1/token") == Shape::Auth);
        for path in ["/_api/v1/plans", "/_dev/clock", "/_invoice/abc"] {
            assert!(Shape::of(path) == Shape::Api, "{path}");
        }
        for path in ["/", "/user-dashboard", "/_apix", "/assets/app.js"] {
            assert!(Shape::of(path) == Shape::Page, "{path}");
        }
    }
}
