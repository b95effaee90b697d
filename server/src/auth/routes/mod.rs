//! `/auth/v1`: the subset of Supabase Auth (GoTrue) that `@supabase/auth-js` calls, with the
//! same JSON shapes, status codes and error bodies.

use axum::body::Bytes;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::Router;
use serde::de::DeserializeOwned;
use serde::Deserialize;

use super::error::AuthError;
use super::password::NewPassword;
use crate::AppState;

mod admin;
mod recover;
mod settings;
mod signup;
mod token;
mod user;
mod verify;

pub(super) type AuthResult<T> = Result<T, AuthError>;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/settings", get(settings::settings))
        .route("/health", get(settings::health))
        .route("/token", post(token::token))
        .route("/signup", post(signup::signup))
        .route("/recover", post(recover::recover))
        .route("/verify", get(verify::verify_link).post(verify::verify_otp))
        .route("/resend", post(recover::resend))
        .route("/logout", post(token::logout))
        .route("/user", get(user::get_user).put(user::update_user))
        .route(
            "/admin/users",
            get(admin::list_users).post(admin::create_user),
        )
        .route("/admin/users/{id}", get(admin::get_user))
        .fallback(|| async {
            AuthError::new(
                StatusCode::NOT_FOUND,
                "not_found",
                "This identity endpoint does not exist",
            )
        })
}

/// Parses a JSON body with GoTrue's error for a malformed one; an empty body is `{}`.
pub(super) fn parse_body<T: DeserializeOwned>(body: &Bytes) -> AuthResult<T> {
    let raw: &[u8] = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        body
    };
    let not_json = || {
        AuthError::new(
            StatusCode::BAD_REQUEST,
            "bad_json",
            "Could not read the request body as JSON.",
        )
    };
    let mut deserializer = serde_json::Deserializer::from_slice(raw);
    let parsed = serde_path_to_error::deserialize(&mut deserializer).map_err(|e| {
        let message = if e.inner().is_data() {
            crate::http::rejections::describe_data_error(
                &e.path().to_string(),
                &e.inner().to_string(),
            )
        } else {
            return not_json();
        };
        AuthError::new(StatusCode::BAD_REQUEST, "bad_json", message)
    })?;
    deserializer.end().map_err(|_| not_json())?;
    Ok(parsed)
}

/// Parses a new password with the operator's minimum length, refused with GoTrue's `weak_password`.
pub(super) fn parse_password(state: &AppState, raw: &str) -> AuthResult<NewPassword> {
    NewPassword::parse_min(raw, state.config.password_min_length)
        .map_err(|e| AuthError::weak_password(e.to_string()))
}

#[derive(Deserialize)]
pub(super) struct RedirectQuery {
    redirect_to: Option<String>,
}
