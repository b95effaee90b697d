//! Who is calling: the bearer access token, checked against its live session.

use std::sync::Arc;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, StatusCode};

use super::admin::{PresentedAdminKey, ADMIN_ROLES};
use super::error::AuthError;
use super::sessions;
use super::tokens::{AccessClaims, Claims, MemberClaims, Refused};
use crate::app::AppState;
use crate::db::session_cache::Lookup;
use crate::error::AppError;

/// A signed-in caller on the product API (401 otherwise).
#[derive(Clone, Debug)]
pub struct CurrentUser {
    pub id: String,
    pub email: String,
    pub session_id: String,
    /// When the session signed in (Unix seconds): its first authentication method's moment.
    pub signed_in_at: i64,
}

#[derive(Debug)]
pub enum Failure {
    Missing,
    BadToken(String),
    SessionGone,
    Internal(sqlx::Error),
}

pub fn bearer(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim())
        .filter(|t| !t.is_empty())
}

/// The caller's verified claims, read as `T`, once their session is known to be live; the flag
/// is `mfa_pending`: the user has a verified second factor and this token was issued before it
/// was used.
pub async fn authenticate<T: AccessClaims>(
    state: &AppState,
    parts: &Parts,
) -> Result<(T, bool), Failure> {
    let token = bearer(parts).ok_or(Failure::Missing)?;
    let claims: T = state
        .tokens
        .verify(token, state.clock.now_secs())
        .map_err(|refused| Failure::BadToken(refused.to_string()))?;
    let mfa_pending = live_session(state, &claims).await?;
    Ok((claims, mfa_pending))
}

/// [`authenticate`] for the product API, whose tokens recur: verified once per thread
/// ([`Keys::verify_member`](super::tokens::Keys::verify_member)), the session checked every time.
async fn authenticate_member(
    state: &AppState,
    parts: &Parts,
) -> Result<(Arc<MemberClaims>, bool), Failure> {
    let token = bearer(parts).ok_or(Failure::Missing)?;
    let claims = state
        .tokens
        .verify_member(token, state.clock.now_secs())
        .map_err(|refused| Failure::BadToken(refused.to_string()))?;
    let mfa_pending = live_session(state, &*claims).await?;
    Ok((claims, mfa_pending))
}

/// Whether the session of `claims` still waits for its second factor, once it is known to be
/// live (from the session cache, or the database when the cache does not know it).
async fn live_session<T: AccessClaims>(state: &AppState, claims: &T) -> Result<bool, Failure> {
    let cache = state.db.sessions();
    let has_verified_factor = match cache.lookup(claims.session_id(), claims.sub()) {
        Lookup::Live {
            has_verified_factor,
        } => has_verified_factor,
        Lookup::Unknown { generation } => {
            let mut conn = state.db.pool().acquire().await.map_err(Failure::Internal)?;
            let live = sessions::live(&mut conn, claims.session_id(), claims.sub())
                .await
                .map_err(Failure::Internal)?
                .ok_or(Failure::SessionGone)?;
            cache.keep(
                claims.session_id(),
                claims.sub(),
                live.has_verified_factor,
                generation,
            );
            live.has_verified_factor
        }
    };
    Ok(has_verified_factor && claims.aal() != "aal2")
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        match authenticate_member(state, parts).await {
            Ok((_, true)) => Err(AppError::unauthorized(
                "Enter the code from your authenticator app to finish signing in.",
            )),
            Ok((claims, false)) => Ok(Self {
                signed_in_at: claims.amr.iter().map(|a| a.timestamp).min().unwrap_or(0),
                id: claims.sub.clone(),
                email: claims.email.clone(),
                session_id: claims.session_id.clone(),
            }),
            Err(Failure::Missing) => Err(AppError::unauthorized("Please sign in to continue.")),
            Err(Failure::BadToken(_)) | Err(Failure::SessionGone) => Err(AppError::unauthorized(
                "Your session has expired. Please sign in again.",
            )),
            Err(Failure::Internal(e)) => Err(e.into()),
        }
    }
}

/// The caller of a GoTrue endpoint, with GoTrue's error answers.
pub(crate) struct AuthClaims(pub Claims);

impl FromRequestParts<AppState> for AuthClaims {
    type Rejection = AuthError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AuthError> {
        match authenticate::<Claims>(state, parts).await {
            Ok((claims, _)) => Ok(Self(claims)),
            Err(Failure::Missing) => Err(AuthError::new(
                StatusCode::UNAUTHORIZED,
                "no_authorization",
                "This endpoint requires a Bearer token",
            )),
            Err(Failure::BadToken(reason)) => Err(AuthError::new(
                StatusCode::FORBIDDEN,
                "bad_jwt",
                format!("invalid JWT: unable to parse or verify signature, {reason}"),
            )),
            Err(Failure::SessionGone) => Err(AuthError::new(
                StatusCode::FORBIDDEN,
                "session_not_found",
                "Session from session_id claim in JWT does not exist",
            )),
            Err(Failure::Internal(e)) => Err(e.into()),
        }
    }
}

/// A caller of an admin endpoint, with GoTrue's 401/403 for everyone else. The product API and
/// the user endpoints never accept these keys: they require the `authenticated` role.
pub(crate) struct Admin;

impl FromRequestParts<AppState> for Admin {
    type Rejection = AuthError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AuthError> {
        let Some(token) = bearer(parts) else {
            return Err(AuthError::new(
                StatusCode::UNAUTHORIZED,
                "no_authorization",
                "This endpoint requires a Bearer token",
            ));
        };
        let claims: PresentedAdminKey = state
            .tokens
            .signed_payload(token)
            .and_then(|claims: PresentedAdminKey| {
                if claims.exp.is_some_and(|exp| exp <= state.clock.now_secs()) {
                    Err(Refused::Expired)
                } else {
                    Ok(claims)
                }
            })
            .map_err(|refused| {
                AuthError::new(
                    StatusCode::FORBIDDEN,
                    "bad_jwt",
                    format!("invalid JWT: unable to parse or verify signature, {refused}"),
                )
            })?;
        if !ADMIN_ROLES.contains(&claims.role.as_str()) {
            return Err(AuthError::new(
                StatusCode::FORBIDDEN,
                "not_admin",
                "User not allowed",
            ));
        }
        Ok(Admin)
    }
}
