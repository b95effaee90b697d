//! Security headers on every response.

use axum::http::{header, HeaderName, HeaderValue};
use axum::response::Response;
use tower_http::set_header::SetResponseHeaderLayer;

pub(crate) const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
    connect-src 'self'; media-src 'self' blob:; frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com; \
    object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

fn header_list(production: bool) -> Vec<(HeaderName, HeaderValue)> {
    let mut headers = vec![
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (
            // The microphone for the athlete recording their vision on the playback page.
            HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(self), geolocation=()",
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
        .map(|(name, value)| (name, HeaderValue::from_static(value)))
        .collect()
}

/// One layer that adds the security headers to every answer that has not set its own.
pub fn headers(
    production: bool,
) -> tower::util::MapResponseLayer<impl Fn(Response) -> Response + Clone> {
    let list = std::sync::Arc::new(header_list(production));
    tower::util::MapResponseLayer::new(move |mut res: Response| {
        for (name, value) in list.iter() {
            if !res.headers().contains_key(name) {
                res.headers_mut().insert(name.clone(), value.clone());
            }
        }
        res
    })
}

/// `Cache-Control: no-store` unless a handler chose otherwise: API answers carry tokens and
/// personal data that no browser or proxy cache should keep.
pub(crate) fn no_store() -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-store"),
    )
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
mod nul_tests {
    use super::carries_nul;

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
