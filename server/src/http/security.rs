//! Security headers on every response: the document set on pages, the web app and everything
//! else, a shorter and stricter set on the APIs' answers, which are never documents.

use std::future::Future;
use std::pin::Pin;
use std::task::{ready, Context, Poll};

use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Request};
use axum::response::Response;
use tower::{Layer, Service};

use super::api_router;

pub(crate) const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
    connect-src 'self'; media-src 'self' blob:; frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com; \
    object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Only in production, always last in a list (a development server is plain HTTP).
const HSTS: (HeaderName, HeaderValue) = (
    header::STRICT_TRANSPORT_SECURITY,
    HeaderValue::from_static("max-age=31536000; includeSubDomains"),
);

/// The headers of documents: the web app, its files, the server's own pages.
static DOCUMENT: [(HeaderName, HeaderValue); 7] = [
    (
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    ),
    (
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    ),
    (
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    ),
    (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
    (
        // The microphone for the athlete recording their vision on the playback page.
        HeaderName::from_static("permissions-policy"),
        HeaderValue::from_static("camera=(), microphone=(self), geolocation=()"),
    ),
    (
        HeaderName::from_static("cross-origin-opener-policy"),
        HeaderValue::from_static("same-origin"),
    ),
    HSTS,
];

/// The headers of the APIs' answers (JSON, and the recorded vision's audio). Nothing in them may
/// load, run or be framed, whoever opens one; the document-only policies (referrer, permissions,
/// opener), which govern what a page does, have nothing to govern here. `no-store`: they carry
/// tokens and personal data that no browser or proxy cache should keep.
static API: [(HeaderName, HeaderValue); 5] = [
    (
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; frame-ancestors 'none'"),
    ),
    (
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    ),
    (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
    (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
    HSTS,
];

/// The APIs: every answer under these prefixes gets the [`API`] set.
const API_UNDER: [&str; 2] = [api_router::PREFIX, "/auth/v1"];

/// Whether `path` is `prefix` itself or below it (`/_api/v1x` is not below `/_api/v1`).
fn under(path: &str, prefix: &str) -> bool {
    path.strip_prefix(prefix)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// One layer that adds its set of headers to every answer, each where the answer has not set its
/// own.
#[derive(Clone, Copy)]
pub struct HeadersLayer {
    document: &'static [(HeaderName, HeaderValue)],
    api: &'static [(HeaderName, HeaderValue)],
}

pub fn headers(production: bool) -> HeadersLayer {
    let without_hsts = |list: &'static [(HeaderName, HeaderValue)]| {
        if production {
            list
        } else {
            &list[..list.len() - 1]
        }
    };
    HeadersLayer {
        document: without_hsts(&DOCUMENT),
        api: without_hsts(&API),
    }
}

impl<S> Layer<S> for HeadersLayer {
    type Service = Headers<S>;
    fn layer(&self, inner: S) -> Headers<S> {
        Headers {
            inner,
            layer: *self,
        }
    }
}

#[derive(Clone)]
pub struct Headers<S> {
    inner: S,
    layer: HeadersLayer,
}

impl<S, B, RB> Service<Request<B>> for Headers<S>
where
    S: Service<Request<B>, Response = Response<RB>>,
{
    type Response = Response<RB>;
    type Error = S::Error;
    type Future = HeadersFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let path = request.uri().path();
        let list = if API_UNDER.iter().any(|prefix| under(path, prefix)) {
            self.layer.api
        } else {
            self.layer.document
        };
        HeadersFuture {
            inner: self.inner.call(request),
            list,
        }
    }
}

pin_project_lite::pin_project! {
    pub struct HeadersFuture<F> {
        #[pin]
        inner: F,
        list: &'static [(HeaderName, HeaderValue)],
    }
}

impl<F, RB, E> Future for HeadersFuture<F>
where
    F: Future<Output = Result<Response<RB>, E>>,
{
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let mut response = ready!(this.inner.poll(cx))?;
        add(response.headers_mut(), this.list);
        Poll::Ready(Ok(response))
    }
}

fn add(headers: &mut HeaderMap, list: &[(HeaderName, HeaderValue)]) {
    // Room for them all at once, rather than growing the map as they come.
    headers.reserve(list.len());
    for (name, value) in list {
        headers.entry(name.clone()).or_insert_with(|| value.clone());
    }
}

/// Whether `part` of an address (a path or a query) carries a NUL byte, raw or percent-encoded:
/// no route takes one, and PostgreSQL cannot store one in text.
pub(crate) fn carries_nul(part: &str) -> bool {
    part.contains('\0')
        || part
            .as_bytes()
            .windows(3)
            .any(|w| w.eq_ignore_ascii_case(b"%00"))
}

#[cfg(test)]
mod tests {
    use super::{carries_nul, under};

    #[test]
    fn only_the_prefix_itself_and_what_lies_below_it_are_under_it() {
        for path in ["/_api/v1", "/_api/v1/", "/_api/v1/plans"] {
            assert!(under(path, "/_api/v1"), "{path}");
        }
        for path in ["/_api/v1x", "/_api", "/", "/assets/_api/v1"] {
            assert!(!under(path, "/_api/v1"), "{path}");
        }
    }

    #[test]
    fn a_nul_byte_anywhere_in_the_address_is_found_and_nothing_else_is() {
        for part in ["/_invoice/%00", "to=%00", "a=%00b", "b=c%00", "x\0y"] {
            assert!(carries_nul(part), "{part}");
        }
        for part in ["/_invoice/abc", "b=100%25", "b=%2500", "/%20x", ""] {
            assert!(!carries_nul(part), "{part}");
        }
    }
}
