//! The answer to a request whose handler panicked: the app's 500, after the panic's message is
//! logged.

use axum::body::Body;
use axum::response::{IntoResponse, Response};

/// The body of a response with a panic's message, after logging it.
pub(crate) fn panic_response(payload: Box<dyn std::any::Any + Send + 'static>) -> Response<Body> {
    let message = payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_else(|| "unknown panic".to_owned());
    tracing::error!(panic = %message, "a request handler panicked");
    crate::error::AppError::Internal(anyhow::anyhow!("a request handler panicked")).into_response()
}
