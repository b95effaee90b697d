//! Errors on `/auth/v1` in GoTrue's legacy shape `{code, error_code, msg}`, which
//! `@supabase/auth-js` reads (`error_code` drives its error classes).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::error::AppError;
use crate::ratelimit::Limited;

#[derive(Debug)]
pub struct AuthError {
    pub status: StatusCode,
    pub error_code: &'static str,
    pub msg: String,
    pub weak_password: bool,
    /// Seconds to wait, sent as `Retry-After` (429s).
    pub retry_after: Option<u64>,
    /// GoTrue's OAuth-style errors (`{error, error_description}`), which some grants answer.
    pub oauth: Option<&'static str>,
}

impl AuthError {
    pub fn new(status: StatusCode, error_code: &'static str, msg: impl Into<String>) -> Self {
        Self {
            status,
            error_code,
            msg: msg.into(),
            weak_password: false,
            retry_after: None,
            oauth: None,
        }
    }
    /// GoTrue's `oauthError(error, description)`: a 400 whose body is `{error, error_description}`.
    pub(crate) fn oauth(error: &'static str, description: impl Into<String>) -> Self {
        Self {
            oauth: Some(error),
            ..Self::new(StatusCode::BAD_REQUEST, "", description)
        }
    }
    pub(crate) fn validation(msg: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "validation_failed", msg)
    }
    /// GoTrue's answer when another account already has the address.
    pub fn email_exists() -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "email_exists",
            "A user with this email address has already been registered",
        )
    }
    pub fn user_not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "user_not_found", "User not found")
    }
    pub(crate) fn user_with_email_not_found() -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "user_not_found",
            "User with this email not found",
        )
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
    pub(crate) fn rate_limited(limited: Limited) -> Self {
        Self {
            retry_after: Some(limited.retry_after_secs),
            ..Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "over_request_rate_limit",
                "Too many requests. Please wait a few minutes and try again.",
            )
        }
    }
    /// GoTrue's answer when an e-mail to this address went out too recently.
    pub fn over_email_send_rate_limit(limited: Limited) -> Self {
        let secs = limited.retry_after_secs;
        Self {
            retry_after: Some(secs),
            ..Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "over_email_send_rate_limit",
                format!("For security purposes, you can only request this after {secs} seconds."),
            )
        }
    }
}

impl IntoResponse for AuthError {
    fn into_response(self) -> Response {
        if let Some(error) = self.oauth {
            let body = json!({ "error": error, "error_description": self.msg });
            return (self.status, Json(body)).into_response();
        }
        let mut body = json!({
            "code": self.status.as_u16(),
            "error_code": self.error_code,
            "msg": self.msg,
        });
        if self.weak_password {
            body["weak_password"] = json!({ "reasons": ["length"] });
        }
        let mut res = (self.status, Json(body)).into_response();
        if let Some(secs) = self.retry_after {
            res.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, secs.into());
        }
        res
    }
}

impl From<AppError> for AuthError {
    fn from(err: AppError) -> Self {
        let status = err.status_code();
        let code = match &err {
            AppError::BadRequest(_) => "validation_failed",
            AppError::Unauthorized(_) => "no_authorization",
            AppError::Forbidden(msg) if msg == crate::auth::users::BANNED => "user_banned",
            AppError::Forbidden(_) => "not_admin",
            AppError::NotFound(_) => "not_found",
            AppError::Conflict(_) => "conflict",
            AppError::PaymentRequired(_) => "payment_required",
            AppError::PayloadTooLarge(_) => "request_too_large",
            AppError::UnsupportedMediaType(_) | AppError::RangeNotSatisfiable(_) => {
                "validation_failed"
            }
            AppError::TooManyRequests(..) => "over_request_rate_limit",
            AppError::BadGateway(_) => "unexpected_failure",
            AppError::Internal(_) => "unexpected_failure",
        };
        let retry_after = match &err {
            AppError::TooManyRequests(_, secs) => Some(*secs),
            _ => None,
        };
        Self {
            retry_after,
            ..Self::new(status, code, err.public_message())
        }
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
