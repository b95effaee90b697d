//! `/verify`: the e-mailed link (GET) and the token posted by a client (POST).

use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::Value;

use super::{parse_body, AuthResult};
use crate::auth::error::AuthError;
use crate::auth::otp::Purpose;
use crate::auth::service;
use crate::http::client::ClientMeta;
use crate::AppState;

#[derive(Deserialize)]
pub(super) struct VerifyQuery {
    token: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    redirect_to: Option<String>,
}

/// The e-mailed link: signs the user in and redirects with the session in the URL fragment,
/// where `@supabase/auth-js` picks it up (implicit flow).
pub(super) async fn verify_link(
    State(state): State<AppState>,
    Query(query): Query<VerifyQuery>,
    client: ClientMeta,
) -> AuthResult<Response> {
    let purpose = query.kind.as_deref().and_then(Purpose::parse);
    let default_path = match purpose {
        Some(Purpose::Recovery) => "/auth/reset-password",
        _ => "/user-dashboard",
    };
    let target = service::safe_redirect(&state, query.redirect_to.as_deref(), default_path);
    let failure = || {
        Redirect::to(&format!(
            "{target}#error=access_denied&error_code=otp_expired&error_description={}",
            urlencoding::encode("Email link is invalid or has expired")
        ))
        .into_response()
    };
    let (Some(purpose), Some(token)) = (purpose, query.token.filter(|t| !t.is_empty())) else {
        return Ok(failure());
    };
    let Some(user_id) = service::consume_link(&state, &token, purpose).await? else {
        return Ok(failure());
    };
    let session = service::start_session(&state, &user_id, &client, "otp").await?;
    let field = |k: &str| {
        session
            .get(k)
            .map(|v| v.to_string().trim_matches('"').to_owned())
            .unwrap_or_default()
    };
    let fragment = format!(
        "access_token={}&expires_at={}&expires_in={}&refresh_token={}&token_type=bearer&type={}",
        field("access_token"),
        field("expires_at"),
        field("expires_in"),
        field("refresh_token"),
        purpose.as_str()
    );
    Ok(Redirect::to(&format!("{target}#{fragment}")).into_response())
}

#[derive(Deserialize, Default)]
struct VerifyBody {
    #[serde(rename = "type")]
    kind: Option<String>,
    token: Option<String>,
    token_hash: Option<String>,
}

pub(super) async fn verify_otp(
    State(state): State<AppState>,
    client: ClientMeta,
    body: Bytes,
) -> AuthResult<Json<Value>> {
    let body: VerifyBody = parse_body(&body)?;
    let purpose = body
        .kind
        .as_deref()
        .and_then(Purpose::parse)
        .ok_or_else(|| AuthError::validation("Verify requires a verification type"))?;
    let token = body.token_hash.or(body.token).unwrap_or_default();
    service::rate_limit(&state, "verify", &client, None).await?;
    let expired = || {
        AuthError::new(
            StatusCode::FORBIDDEN,
            "otp_expired",
            "Token has expired or is invalid",
        )
    };
    let user_id = service::consume_link(&state, &token, purpose)
        .await?
        .ok_or_else(expired)?;
    Ok(Json(
        service::start_session(&state, &user_id, &client, "otp").await?,
    ))
}
