//! Security headers on every response.

use axum::http::{header, HeaderName, HeaderValue};
use tower_http::set_header::SetResponseHeaderLayer;

pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
    connect-src 'self'; media-src 'self' blob:; frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com; \
    object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

pub fn layers(production: bool) -> Vec<SetResponseHeaderLayer<HeaderValue>> {
    let mut headers = vec![
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (
            HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(), geolocation=()",
        ),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
    ];
    if production {
        headers.push((
            header::STRICT_TRANSPORT_SECURITY,
            "max-age=31536000; includeSubDomains",
        ));
    }
    headers
        .into_iter()
        .map(|(name, value)| {
            SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
        })
        .collect()
}

/// `Cache-Control: no-store` unless a handler chose otherwise: API answers carry tokens and
/// personal data that no browser or proxy cache should keep.
pub fn no_store() -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-store"),
    )
}
