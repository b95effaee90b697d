//! Errors on `/auth/v1` in GoTrue's legacy shape `{code, error_code, msg}`, which
//! `@supabase/auth-js` reads (`error_code` drives its error classes).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::error::AppError;

#[derive(Debug)]
pub struct AuthError {
    pub status: StatusCode,
    pub error_code: &'static str,
    pub msg: String,
    pub weak_password: bool,
}

impl AuthError {
    pub fn new(status: StatusCode, error_code: &'static str, msg: impl Into<String>) -> Self {
        Self {
            status,
            error_code,
            msg: msg.into(),
            weak_password: false,
        }
    }
    pub fn validation(msg: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "validation_failed", msg)
    }
    pub fn invalid_credentials() -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "invalid_credentials",
            "Invalid login credentials",
        )
    }
    pub fn weak_password(msg: impl Into<String>) -> Self {
        Self {
            weak_password: true,
            ..Self::new(StatusCode::UNPROCESSABLE_ENTITY, "weak_password", msg)
        }
    }
    pub fn rate_limited() -> Self {
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            "over_request_rate_limit",
            "Too many requests. Please wait a few minutes and try again.",
        )
    }
}

impl IntoResponse for AuthError {
    fn into_response(self) -> Response {
        let mut body = json!({
            "code": self.status.as_u16(),
            "error_code": self.error_code,
            "msg": self.msg,
        });
        if self.weak_password {
            body["weak_password"] = json!({ "reasons": ["length"] });
        }
        (self.status, Json(body)).into_response()
    }
}

impl From<AppError> for AuthError {
    fn from(err: AppError) -> Self {
        let status = err.status_code();
        let code = match &err {
            AppError::BadRequest(_) => "validation_failed",
            AppError::Unauthorized(_) => "no_authorization",
            AppError::Forbidden(_) => "not_admin",
            AppError::NotFound(_) => "not_found",
            AppError::Conflict(_) => "conflict",
            AppError::PaymentRequired(_) => "payment_required",
            AppError::PayloadTooLarge(_) => "request_too_large",
            AppError::TooManyRequests(_) => "over_request_rate_limit",
            AppError::Internal(_) => "unexpected_failure",
        };
        Self::new(status, code, err.public_message())
    }
}

impl From<sqlx::Error> for AuthError {
    fn from(err: sqlx::Error) -> Self {
        AppError::from(err).into()
    }
}

impl From<anyhow::Error> for AuthError {
    fn from(err: anyhow::Error) -> Self {
        AppError::Internal(err).into()
    }
}
