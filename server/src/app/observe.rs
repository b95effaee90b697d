//! What every request leaves behind for the operator: a request id (the caller's `x-request-id`
//! when it is sane, else a new one) returned in the `x-request-id` header and carried by every
//! log line of the request; one "request finished" line; and its count and latency in
//! `/metrics`. Spans name the matched route, never the raw path or query, which can hold tokens.

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{ready, Context, Poll};
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE, WWW_AUTHENTICATE};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use subtle::ConstantTimeEq;
use tower::{Layer, Service};
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

/// Where the router writes the matched route for [`Observe`], which runs outside the router.
#[derive(Clone, Default)]
struct RouteSlot(Arc<Mutex<Option<MatchedPath>>>);

/// The outermost layer: the request id, the "request finished" line and the metrics.
#[derive(Clone)]
pub(crate) struct ObserveLayer(AppState);

impl ObserveLayer {
    pub(crate) fn new(state: AppState) -> Self {
        Self(state)
    }
}

impl<S> Layer<S> for ObserveLayer {
    type Service = Observe<S>;
    fn layer(&self, inner: S) -> Observe<S> {
        Observe {
            inner,
            state: self.0.clone(),
        }
    }
}

#[derive(Clone)]
pub(crate) struct Observe<S> {
    inner: S,
    state: AppState,
}

/// The caller's id when it is sane, else a new one.
fn request_id(request: &Request) -> HeaderValue {
    if let Some(given) = request
        .headers()
        .get(X_REQUEST_ID)
        .filter(|v| v.to_str().is_ok_and(sane_request_id))
    {
        return given.clone();
    }
    let mut buffer = uuid::Uuid::encode_buffer();
    let id = uuid::Uuid::new_v4().simple().encode_lower(&mut buffer);
    HeaderValue::from_str(id).expect("a UUID is a valid header value")
}

impl<S, B> Service<Request> for Observe<S>
where
    S: Service<Request, Response = Response<B>, Error = Infallible>,
{
    type Response = Response<B>;
    type Error = Infallible;
    type Future = ObserveFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request) -> Self::Future {
        let started = Instant::now();
        let id = request_id(&request);
        let method = request.method().clone();
        let slot = RouteSlot::default();
        request.extensions_mut().insert(slot.clone());
        let span = tracing::info_span!(
            "request",
            request_id = %id.to_str().unwrap_or_default(),
            method = %method,
            route = tracing::field::Empty
        );
        let future = {
            let _entered = span.enter();
            self.inner.call(request)
        };
        ObserveFuture {
            future: future.instrument(span),
            finished: Some(Finished {
                started,
                id,
                method,
                slot,
                state: self.state.clone(),
            }),
        }
    }
}

/// What [`ObserveFuture`] needs once the answer is ready.
struct Finished {
    started: Instant,
    id: HeaderValue,
    method: Method,
    slot: RouteSlot,
    state: AppState,
}

pin_project_lite::pin_project! {
    pub(crate) struct ObserveFuture<F> {
        #[pin]
        future: tracing::instrument::Instrumented<F>,
        finished: Option<Finished>,
    }
}

impl<F, B> Future for ObserveFuture<F>
where
    F: Future<Output = Result<Response<B>, Infallible>>,
{
    type Output = Result<Response<B>, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let mut this = self.project();
        let Ok(mut response) = ready!(this.future.as_mut().poll(cx));
        let span = this.future.span();
        let Finished {
            started,
            id,
            method,
            slot,
            state,
        } = this
            .finished
            .take()
            .expect("a request's answer is observed once");
        let elapsed = started.elapsed();
        let status = response.status().as_u16();
        // A matched route is on the span already (`NoteRoute`); only the unmatched are named here.
        let matched = slot.0.lock().ok().and_then(|r| r.clone());
        let route = match &matched {
            Some(path) => path.as_str(),
            None => {
                span.record("route", UNMATCHED);
                UNMATCHED
            }
        };
        state
            .metrics
            .observe_request(method.as_str(), route, status, elapsed.as_secs_f64());
        span.in_scope(|| {
            tracing::info!(
                status,
                latency_ms = elapsed.as_secs_f64() * 1000.0,
                "request finished"
            )
        });
        response.headers_mut().insert(X_REQUEST_ID, id);
        Poll::Ready(Ok(response))
    }
}

/// Inside the router, once a route matched: names it on the request's span and for [`Observe`].
#[derive(Clone, Copy)]
pub(crate) struct NoteRouteLayer;

impl<S> Layer<S> for NoteRouteLayer {
    type Service = NoteRoute<S>;
    fn layer(&self, inner: S) -> NoteRoute<S> {
        NoteRoute(inner)
    }
}

#[derive(Clone)]
pub(crate) struct NoteRoute<S>(S);

impl<S> Service<Request> for NoteRoute<S>
where
    S: Service<Request>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.0.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> S::Future {
        if let Some(path) = request.extensions().get::<MatchedPath>() {
            tracing::Span::current().record("route", path.as_str());
            if let Some(slot) = request.extensions().get::<RouteSlot>() {
                if let Ok(mut route) = slot.0.lock() {
                    *route = Some(path.clone());
                }
            }
        }
        self.0.call(request)
    }
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
