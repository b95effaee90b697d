//! Facts about the calling client: its IP (for rate limits) and user agent.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::header;
use axum::http::request::Parts;

pub struct ClientMeta {
    pub ip: String,
    pub user_agent: String,
}

/// Whether `X-Forwarded-For` names the client (`SWAZ_TRUST_PROXY`: behind a proxy that sets it).
#[derive(Clone, Copy)]
pub(crate) struct TrustProxy(pub bool);

impl<S> FromRequestParts<S> for ClientMeta
where
    TrustProxy: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let TrustProxy(trust_proxy) = TrustProxy::from_ref(state);
        let forwarded = trust_proxy
            .then(|| {
                parts
                    .headers
                    .get("x-forwarded-for")
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.split(',').next())
                    .map(|v| v.trim().to_owned())
            })
            .flatten();
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip().to_string());
        Ok(Self {
            ip: forwarded.or(peer).unwrap_or_else(|| "unknown".into()),
            user_agent: parts
                .headers
                .get(header::USER_AGENT)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_owned(),
        })
    }
}
