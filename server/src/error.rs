//! One error type for the whole server.
//!
//! Product API routes (`/_api/v1`) answer `{"code": "...", "message": "..."}`; the identity
//! routes (`/auth/v1`) wrap the same variants in GoTrue's shape (see `auth::error`). Internal
//! causes are logged with their context and never sent to the client.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

pub(crate) type Result<T, E = AppError> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    PaymentRequired(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("{0}")]
    RangeNotSatisfiable(String),
    /// Refused for the given number of seconds (sent as `Retry-After`).
    #[error("{0}")]
    TooManyRequests(String, u64),
    /// A service the server depends on (the payment provider) refused or failed; the message
    /// says what the person can do.
    #[error("{0}")]
    BadGateway(String),
    #[error("internal error")]
    Internal(#[from] anyhow::Error),
}

/// The JSON body of every product API error.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct ErrorBody {
    /// Stable machine-readable code, e.g. `bad_request`.
    pub code: &'static str,
    /// A sentence a person can act on.
    pub message: String,
}

impl AppError {
    pub fn bad_request(msg: impl Into<String>) -> Self {
        Self::BadRequest(msg.into())
    }
    pub fn unauthorized(msg: impl Into<String>) -> Self {
        Self::Unauthorized(msg.into())
    }
    pub fn forbidden(msg: impl Into<String>) -> Self {
        Self::Forbidden(msg.into())
    }
    pub fn not_found(msg: impl Into<String>) -> Self {
        Self::NotFound(msg.into())
    }
    pub fn conflict(msg: impl Into<String>) -> Self {
        Self::Conflict(msg.into())
    }
    pub fn bad_gateway(msg: impl Into<String>) -> Self {
        Self::BadGateway(msg.into())
    }
    pub fn too_many_requests(msg: impl Into<String>, limited: crate::ratelimit::Limited) -> Self {
        Self::TooManyRequests(msg.into(), limited.retry_after_secs)
    }

    pub(crate) fn status_code(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::PaymentRequired(_) => StatusCode::PAYMENT_REQUIRED,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::RangeNotSatisfiable(_) => StatusCode::RANGE_NOT_SATISFIABLE,
            Self::TooManyRequests(..) => StatusCode::TOO_MANY_REQUESTS,
            Self::BadGateway(_) => StatusCode::BAD_GATEWAY,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            Self::BadRequest(_) => "bad_request",
            Self::Unauthorized(_) => "unauthorized",
            Self::Forbidden(_) => "forbidden",
            Self::NotFound(_) => "not_found",
            Self::PaymentRequired(_) => "card_declined",
            Self::Conflict(_) => "conflict",
            Self::PayloadTooLarge(_) => "payload_too_large",
            Self::UnsupportedMediaType(_) => "unsupported_media_type",
            Self::RangeNotSatisfiable(_) => "range_not_satisfiable",
            Self::TooManyRequests(..) => "too_many_requests",
            Self::BadGateway(_) => "bad_gateway",
            Self::Internal(_) => "internal_error",
        }
    }

    /// The message safe to show a client: internal causes are replaced by a generic sentence.
    pub(crate) fn public_message(&self) -> String {
        match self {
            Self::Internal(err) => {
                tracing::error!(error = ?err, "internal error");
                "Something went wrong on our side. Please try again in a moment.".to_owned()
            }
            other => other.to_string(),
        }
    }
}

impl From<sqlx::Error> for AppError {
    fn from(err: sqlx::Error) -> Self {
        Self::Internal(anyhow::Error::new(err))
    }
}

impl From<rusqlite::Error> for AppError {
    fn from(err: rusqlite::Error) -> Self {
        Self::Internal(anyhow::Error::new(err))
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            code: self.code(),
            message: self.public_message(),
        };
        let retry_after = match &self {
            Self::TooManyRequests(_, secs) => Some(*secs),
            _ => None,
        };
        let mut res = (self.status_code(), Json(body)).into_response();
        if let Some(secs) = retry_after {
            res.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, secs.into());
        }
        res
    }
}

/// True when the database refused a write because a unique constraint already holds the value
/// (through sqlx, or on SQLite's writer connection, whose errors come as rusqlite's).
pub(crate) fn is_unique_violation(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::Database(db) => db.is_unique_violation(),
        sqlx::Error::AnyDriverError(err) => {
            err.downcast_ref::<rusqlite::Error>().is_some_and(|err| {
                matches!(
                    err,
                    rusqlite::Error::SqliteFailure(e, _)
                        if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                            || e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
                )
            })
        }
        _ => false,
    }
}
