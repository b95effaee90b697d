//! `/recover` and `/resend`: the e-mails a person asks for again.

use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::{parse_body, AuthResult, RedirectQuery};
use crate::auth::error::AuthError;
use crate::auth::service;
use crate::auth::users;
use crate::domain::Email;
use crate::http::client::ClientMeta;
use crate::AppState;

#[derive(Deserialize, Default)]
struct EmailBody {
    email: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
}

/// Shortest time between two reset mails to one address (GoTrue's `SMTP_MAX_FREQUENCY`).
const RECOVERY_MAIL_INTERVAL_SECS: i64 = 60;

pub(super) async fn recover(
    State(state): State<AppState>,
    Query(query): Query<RedirectQuery>,
    client: ClientMeta,
    body: Bytes,
) -> AuthResult<Json<Value>> {
    let body: EmailBody = parse_body(&body)?;
    let raw = body.email.unwrap_or_default();
    service::rate_limit(&state, "recover", &client, Some(&raw)).await?;
    let email = Email::try_parse(&raw)
        .ok_or_else(|| AuthError::validation("Please enter a valid email."))?;
    // One mail per address per minute, whether or not the address has an account (the answer
    // must not tell them apart).
    crate::ratelimit::hit(
        &state.db,
        &service::email_key("recover-mail", email.as_str()),
        1,
        RECOVERY_MAIL_INTERVAL_SECS,
    )
    .await?
    .map_err(AuthError::over_email_send_rate_limit)?;
    let redirect =
        service::safe_redirect(&state, query.redirect_to.as_deref(), "/auth/reset-password");
    service::request_recovery(&state, &email, &redirect).await?;
    Ok(Json(json!({})))
}

pub(super) async fn resend(
    State(state): State<AppState>,
    Query(query): Query<RedirectQuery>,
    client: ClientMeta,
    body: Bytes,
) -> AuthResult<Json<Value>> {
    let body: EmailBody = parse_body(&body)?;
    let raw = body.email.unwrap_or_default();
    service::rate_limit(&state, "resend", &client, Some(&raw)).await?;
    if body.kind.as_deref().is_some_and(|k| k != "signup") {
        return Err(AuthError::validation(
            "Only signup confirmations can be sent again.",
        ));
    }
    let email = Email::try_parse(&raw)
        .ok_or_else(|| AuthError::validation("Please enter a valid email."))?;
    let redirect = service::safe_redirect(&state, query.redirect_to.as_deref(), "/user-dashboard");
    let mut tx = state.db.begin_write().await?;
    if let Some(user) = users::by_email(&mut tx, &email).await? {
        if !user.is_confirmed() {
            service::send_confirmation(&state, &mut tx, &user, &redirect).await?;
        }
    }
    tx.commit().await?;
    state.mail_notify.notify_one();
    Ok(Json(json!({})))
}
