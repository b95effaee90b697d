//! `ApiJson<T>`: axum's JSON extractor with rejections turned into `{code, message}` 4xx answers.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::Json;
use serde::de::DeserializeOwned;

use super::rejections::describe_plain;
use crate::error::AppError;

pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, AppError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(Self(value)),
            Err(rejection) => Err(describe(rejection)),
        }
    }
}

fn describe(rejection: JsonRejection) -> AppError {
    match rejection {
        JsonRejection::JsonDataError(e) => AppError::bad_request(describe_plain(&e.body_text())),
        JsonRejection::JsonSyntaxError(_) => {
            AppError::bad_request("The request body is not valid JSON.")
        }
        JsonRejection::MissingJsonContentType(_) => AppError::bad_request(
            "Send the request body as JSON with the header Content-Type: application/json.",
        ),
        JsonRejection::BytesRejection(e)
            if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE =>
        {
            AppError::PayloadTooLarge("The request body is too large.".to_owned())
        }
        other => AppError::bad_request(describe_plain(&other.body_text())),
    }
}
