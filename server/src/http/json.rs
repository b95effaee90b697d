//! `ApiJson<T>`: axum's JSON extractor with rejections turned into `{code, message}` 4xx answers,
//! refusing text with U+0000 in it, which PostgreSQL's text cannot hold.

use axum::body::{Body, Bytes};
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
        let (parts, body) = req.into_parts();
        let bytes = Bytes::from_request(Request::from_parts(parts.clone(), body), state)
            .await
            .map_err(|e| describe(e.into()))?;
        let req = Request::from_parts(parts, Body::from(bytes.clone()));
        let Json(value) = Json::<T>::from_request(req, state)
            .await
            .map_err(describe)?;
        if has_escaped_nul(&bytes) {
            return Err(AppError::bad_request(
                "Text cannot contain the NUL character (U+0000).",
            ));
        }
        Ok(Self(value))
    }
}

/// Whether valid JSON text has a `\u0000` escape in a string (a raw NUL byte is not valid JSON).
fn has_escaped_nul(json: &[u8]) -> bool {
    let mut i = 0;
    while i < json.len() {
        if json[i] == b'\\' {
            if json.get(i + 1..i + 6) == Some(b"u0000") {
                return true;
            }
            // Skips the escaped character, so `\\u0000` (a backslash, then text) is no NUL.
            i += 2;
        } else {
            i += 1;
        }
    }
    false
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

#[cfg(test)]
mod tests {
    use super::has_escaped_nul;

    #[test]
    fn only_a_nul_escape_counts_as_nul() {
        assert!(has_escaped_nul(br#"{"a":"x\u0000y"}"#));
        assert!(has_escaped_nul(br#"{"a\u0000":1}"#));
        assert!(has_escaped_nul(br#"{"a":"\\\u0000"}"#));
        assert!(!has_escaped_nul(br#"{"a":"\\u0000"}"#));
        assert!(!has_escaped_nul(br#"{"a":"\u0001 u0000 \n"}"#));
        assert!(!has_escaped_nul(br#"{"a":"\"}"#));
    }
}
