//! `ApiJson<T>`: axum's JSON extractor with rejections turned into `{code, message}` 4xx answers,
//! refusing text with U+0000 in it, which PostgreSQL's text cannot hold. `ApiBody<T>`: the same
//! for a [`WireBody`], a request body whose fields are checked in the product's own words.

use axum::body::{Body, Bytes};
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::Json;
use serde::de::DeserializeOwned;

use serde_json::Value;

use super::rejections::{describe_data_error, describe_plain};
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

/// A request body read as one struct whose fields arrive loosely (`Option<Value>`, or types that
/// cannot fail) and are checked by `TryFrom` into the domain input, so a wrong value gets a
/// sentence naming the question rather than a parser's wording. The struct is also the body's
/// OpenAPI schema, so the document and the parser read the same fields.
pub(crate) trait WireBody: DeserializeOwned {
    /// What a body that is not a JSON object is told.
    const NOT_AN_OBJECT: &'static str;

    /// Reads `value`, which must be a JSON object.
    fn from_value(value: Value) -> Result<Self, AppError> {
        if !value.is_object() {
            return Err(AppError::bad_request(Self::NOT_AN_OBJECT));
        }
        serde_path_to_error::deserialize(value).map_err(|e| {
            AppError::bad_request(describe_data_error(
                &e.path().to_string(),
                &e.inner().to_string(),
            ))
        })
    }
}

/// The extractor of a [`WireBody`].
pub struct ApiBody<T>(pub T);

impl<T, S> FromRequest<S> for ApiBody<T>
where
    T: WireBody,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, AppError> {
        let ApiJson(value) = ApiJson::<Value>::from_request(req, state).await?;
        T::from_value(value).map(Self)
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
