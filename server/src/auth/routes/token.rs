//! `/token` (password and refresh-token grants) and `/logout`.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::Value;

use super::{AuthResult, GoTrueBody};
use crate::app::AppState;
use crate::auth::error::AuthError;
use crate::auth::extract::AuthClaims;
use crate::auth::flow::{self, ExchangeError};
use crate::auth::guesses::Guard;
use crate::auth::password;
use crate::auth::service;
use crate::auth::sessions::{self, NewSession, RefreshError};
use crate::auth::users;
use crate::domain::Email;
use crate::error::AppError;
use crate::http::client::ClientMeta;

#[derive(Deserialize)]
pub(super) struct GrantQuery {
    grant_type: Option<String>,
}

#[derive(Deserialize, Default)]
pub(super) struct TokenBody {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
    refresh_token: Option<String>,
    auth_code: Option<String>,
    code_verifier: Option<String>,
    id_token: Option<String>,
    provider: Option<String>,
    client_id: Option<String>,
    issuer: Option<String>,
}

pub(super) async fn token(
    State(state): State<AppState>,
    Query(query): Query<GrantQuery>,
    client: ClientMeta,
    body: GoTrueBody<TokenBody>,
) -> AuthResult<Json<Value>> {
    if query.grant_type.as_deref() == Some("web3") {
        return Err(super::unsupported::web3());
    }
    let body = body.parsed()?;
    match query.grant_type.as_deref() {
        Some("id_token") => Err(super::unsupported::id_token(
            body.id_token.as_deref().unwrap_or(""),
            body.provider.as_deref().unwrap_or(""),
            body.client_id.as_deref().unwrap_or(""),
            body.issuer.as_deref().unwrap_or(""),
        )),
        Some("password") => password_grant(&state, &client, body).await.map(Json),
        Some("refresh_token") => refresh_grant(&state, &client, body).await.map(Json),
        Some("pkce") => pkce_grant(&state, &client, body).await.map(Json),
        Some(other) => Err(AuthError::new(
            StatusCode::BAD_REQUEST,
            "unsupported_grant_type",
            format!("unsupported_grant_type: {other} is not supported here"),
        )),
        None => Err(AuthError::new(
            StatusCode::BAD_REQUEST,
            "unsupported_grant_type",
            "unsupported_grant_type: grant_type is required",
        )),
    }
}

async fn password_grant(
    state: &AppState,
    client: &ClientMeta,
    body: TokenBody,
) -> AuthResult<Value> {
    let given = |v: &Option<String>| v.as_deref().is_some_and(|v| !v.is_empty());
    match (given(&body.email), given(&body.phone)) {
        (true, true) => {
            return Err(AuthError::validation(
                "Only an email address or phone number should be provided on login.",
            ))
        }
        (false, true) => return Err(super::unsupported::phone_login()),
        _ => {}
    }
    let (Some(email), Some(password)) = (body.email, body.password) else {
        return Err(AuthError::validation(
            "Please enter your email and password.",
        ));
    };
    let now = state.clock.now_ms();
    let guard = Guard::check(
        &state.db,
        now,
        state.auth_limit(),
        "token",
        &client.ip,
        &email,
    )
    .await?;
    let user = match Email::try_parse(&email) {
        Some(email) => users::by_email(state.db.reads().await?, &email).await?,
        None => None,
    };
    let valid = password::verify(
        &password,
        user.as_ref().map(|u| u.encrypted_password.as_str()),
    )
    .await;
    let user = match (valid, user) {
        (true, Some(user)) => user,
        _ => {
            guard.failed(&state.db, now).await?;
            return Err(AuthError::invalid_credentials());
        }
    };
    if !user.is_confirmed() {
        return Err(AuthError::new(
            StatusCode::BAD_REQUEST,
            "email_not_confirmed",
            "Email not confirmed",
        ));
    }
    if user.is_banned(state.clock.now_ms()) {
        return Err(user_banned());
    }
    Ok(service::start_session(
        &state.db,
        state.session_tokens(),
        &user.id,
        client,
        "password",
        state.clock.now_ms(),
    )
    .await?)
}

async fn refresh_grant(
    state: &AppState,
    client: &ClientMeta,
    body: TokenBody,
) -> AuthResult<Value> {
    let Some(token) = body.refresh_token.filter(|t| !t.trim().is_empty()) else {
        return Err(AuthError::validation("refresh_token is required"));
    };
    let limit = state.config.auth_rate_limit * 5;
    crate::ratelimit::hit(
        &state.db,
        state.clock.now_ms(),
        &format!("refresh:ip:{}", client.ip),
        limit,
        state.config.auth_rate_window_secs,
    )
    .await?
    .map_err(AuthError::rate_limited)?;
    let mut tx = state.db.begin_write().await?;
    let outcome = sessions::rotate(
        &mut tx,
        &state.tokens,
        token.trim(),
        state.config.refresh_reuse_interval_secs * 1000,
        state.clock.now_ms(),
    )
    .await?;
    let rotated = match outcome {
        Ok(rotated) => rotated,
        Err(err) => {
            tx.commit().await?;
            return Err(match err {
                RefreshError::NotFound => refresh_not_found(),
                RefreshError::AlreadyUsed => AuthError::new(
                    StatusCode::BAD_REQUEST,
                    "refresh_token_already_used",
                    "Invalid Refresh Token: Already Used",
                ),
            });
        }
    };
    let session = NewSession {
        session_id: rotated.session_id,
        refresh_token: rotated.refresh_token,
        assurance: rotated.assurance,
    };
    let answer = match service::session_answer(
        &mut tx,
        state.session_tokens(),
        &rotated.user_id,
        &session,
        state.clock.now_ms(),
    )
    .await
    {
        Ok(answer) => answer,
        Err(AppError::NotFound(_)) => return Err(refresh_not_found()),
        Err(AppError::Forbidden(_)) => return Err(user_banned()),
        Err(e) => return Err(e.into()),
    };
    tx.commit().await?;
    Ok(answer)
}

/// The token endpoint's answer to a banned user (400, where `/verify` says 403).
fn user_banned() -> AuthError {
    AuthError::new(StatusCode::BAD_REQUEST, "user_banned", users::BANNED)
}

fn refresh_not_found() -> AuthError {
    AuthError::new(
        StatusCode::BAD_REQUEST,
        "refresh_token_not_found",
        "Invalid Refresh Token: Refresh Token Not Found",
    )
}

/// Exchanges the code a PKCE flow's link produced, with the verifier only its starter holds.
async fn pkce_grant(state: &AppState, client: &ClientMeta, body: TokenBody) -> AuthResult<Value> {
    let non_empty = |v: Option<String>| v.filter(|v| !v.trim().is_empty());
    let (Some(code), Some(verifier)) = (non_empty(body.auth_code), non_empty(body.code_verifier))
    else {
        return Err(AuthError::validation(
            "invalid request: both auth code and code verifier should be non-empty",
        ));
    };
    service::rate_limit(
        &state.db,
        state.clock.now_ms(),
        state.auth_limit(),
        "pkce",
        client,
        None,
    )
    .await?;
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await?;
    let exchanged = match flow::exchange(&mut tx, &code, &verifier, now).await? {
        Ok(exchanged) => exchanged,
        Err(err) => {
            return Err(match err {
                ExchangeError::NotFound => AuthError::new(
                    StatusCode::NOT_FOUND,
                    "flow_state_not_found",
                    "invalid flow state, no valid flow state found",
                ),
                ExchangeError::Expired => AuthError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "flow_state_expired",
                    "invalid flow state, flow state has expired",
                ),
                ExchangeError::BadVerifier => AuthError::new(
                    StatusCode::BAD_REQUEST,
                    "bad_code_verifier",
                    "code challenge does not match previously saved code verifier",
                ),
            })
        }
    };
    tx.commit().await?;
    Ok(service::start_session(
        &state.db,
        state.session_tokens(),
        &exchanged.user_id,
        client,
        &exchanged.authentication_method,
        state.clock.now_ms(),
    )
    .await?)
}

#[derive(Deserialize)]
pub(super) struct LogoutQuery {
    scope: Option<String>,
}

pub(super) async fn logout(
    State(state): State<AppState>,
    AuthClaims(claims): AuthClaims,
    Query(query): Query<LogoutQuery>,
) -> AuthResult<StatusCode> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await?;
    match query.scope.as_deref().unwrap_or("global") {
        "local" => sessions::revoke_session(&mut tx, &claims.session_id, now).await?,
        "others" => {
            sessions::revoke_all_except(&mut tx, &claims.sub, Some(&claims.session_id), now).await?
        }
        "global" => sessions::revoke_all_except(&mut tx, &claims.sub, None, now).await?,
        other => {
            return Err(AuthError::validation(format!(
                "Unsupported logout scope {other:?}: use global, local or others"
            )))
        }
    }
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
