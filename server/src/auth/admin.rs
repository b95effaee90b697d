//! The admin side of `/auth/v1`: who may call it (a `service_role` or `supabase_admin` key signed
//! with the JWT secret) and the key the operator prints with `swaz service-key`.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::StatusCode;
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use super::error::AuthError;
use super::extract::bearer;
use crate::AppState;

/// The roles GoTrue lets through to its admin endpoints (`GOTRUE_JWT_ADMIN_ROLES`).
pub const ADMIN_ROLES: [&str; 2] = ["service_role", "supabase_admin"];

#[derive(Debug, Serialize, Deserialize)]
pub struct AdminKeyClaims {
    pub role: String,
    pub iss: String,
    pub iat: i64,
    pub exp: i64,
}

/// A service-role key valid for `days` days from `now_secs`.
pub fn service_key(secret: &str, now_secs: i64, days: i64) -> anyhow::Result<String> {
    let claims = AdminKeyClaims {
        role: "service_role".to_owned(),
        iss: "swaz".to_owned(),
        iat: now_secs,
        exp: now_secs + days * 24 * 3600,
    };
    Ok(encode(
        &Header::new(Algorithm::HS256),
        &claims,
        &EncodingKey::from_secret(secret.as_bytes()),
    )?)
}

/// A caller of an admin endpoint, with GoTrue's 401/403 for everyone else. The product API and
/// the user endpoints never accept these keys: they require the `authenticated` role.
pub struct Admin;

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
        let mut validation = Validation::new(Algorithm::HS256);
        validation.validate_exp = false;
        validation.validate_aud = false;
        validation.set_required_spec_claims(&["exp"]);
        let claims = decode::<AdminKeyClaims>(
            token,
            &DecodingKey::from_secret(state.config.jwt_secret.expose().as_bytes()),
            &validation,
        )
        .map_err(|e| e.to_string())
        .and_then(|data| {
            if data.claims.exp <= state.clock.now_secs() {
                Err("token has invalid claims: token is expired".to_owned())
            } else {
                Ok(data.claims)
            }
        })
        .map_err(|reason| {
            AuthError::new(
                StatusCode::FORBIDDEN,
                "bad_jwt",
                format!("invalid JWT: unable to parse or verify signature, {reason}"),
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
