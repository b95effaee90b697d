//! `/verify`: the e-mailed link (GET) and the token or code posted by a client (POST).

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::Value;

use super::{parse_email, AuthResult, GoTrueBody};
use crate::app::AppState;
use crate::auth::error::AuthError;
use crate::auth::guesses::Guard;
use crate::auth::links::{self, Presented};
use crate::auth::otp;
use crate::auth::service;
use crate::http::client::ClientMeta;

#[derive(Deserialize)]
pub(super) struct VerifyQuery {
    token: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    redirect_to: Option<String>,
}

/// `target` with `param` added to its query (a PKCE code) or fragment.
fn with_query(target: &str, param: &str) -> String {
    let (base, fragment) = match target.split_once('#') {
        Some((base, fragment)) => (base, Some(fragment)),
        None => (target, None),
    };
    let sep = if base.contains('?') { '&' } else { '?' };
    match fragment {
        Some(f) => format!("{base}{sep}{param}#{f}"),
        None => format!("{base}{sep}{param}"),
    }
}

/// The e-mailed link: signs the user in and redirects with the session in the URL fragment,
/// where `@supabase/auth-js` picks it up (implicit flow), or with `?code=` for a PKCE flow.
pub(super) async fn verify_link(
    State(state): State<AppState>,
    Query(query): Query<VerifyQuery>,
    client: ClientMeta,
) -> AuthResult<Response> {
    let kind = query.kind.as_deref().unwrap_or("");
    let purposes = otp::purposes_for_type(kind);
    let default_path = match kind {
        "recovery" | "invite" => "/auth/reset-password",
        _ => "/user-dashboard",
    };
    let target = service::safe_redirect(
        &state.config.public_url,
        query.redirect_to.as_deref(),
        default_path,
    );
    let failure = |code: &str, description: &str| {
        Redirect::to(&format!(
            "{target}#error=access_denied&error_code={code}&error_description={}",
            urlencoding::encode(description)
        ))
        .into_response()
    };
    let expired = || failure("otp_expired", "Email link is invalid or has expired");
    let (Some(purposes), Some(token)) = (purposes, query.token.filter(|t| !t.is_empty())) else {
        return Ok(expired());
    };
    let Some(verified) = links::verify(
        &state.db,
        &state.outbox,
        Presented::Link(&token),
        purposes,
        state.config.secure_email_change,
        state.clock.now_ms(),
    )
    .await?
    else {
        return Ok(expired());
    };
    if verified.first_of_two {
        // GoTrue's url.Values encoding: spaces as `+`.
        let message = urlencoding::encode(links::SINGLE_CONFIRMATION).replace("%20", "+");
        return Ok(Redirect::to(&format!("{target}#message={message}")).into_response());
    }
    if let Some(code) = verified.pkce_code {
        return Ok(Redirect::to(&with_query(&target, &format!("code={code}"))).into_response());
    }
    let session = match service::start_session(
        &state.db,
        state.session_tokens(),
        &verified.user_id,
        &client,
        "otp",
        state.clock.now_ms(),
    )
    .await
    {
        Ok(session) => session,
        Err(crate::error::AppError::Forbidden(_)) => {
            return Ok(failure("user_banned", crate::auth::users::BANNED))
        }
        Err(e) => return Err(e.into()),
    };
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
        verified.purpose.as_str()
    );
    Ok(Redirect::to(&format!("{target}#{fragment}")).into_response())
}

#[derive(Deserialize, Default)]
pub(super) struct VerifyBody {
    #[serde(rename = "type")]
    kind: Option<String>,
    token: Option<String>,
    token_hash: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    redirect_to: Option<String>,
}

fn present(s: &Option<String>) -> bool {
    s.as_deref().is_some_and(|v| !v.trim().is_empty())
}

/// A token from a link (`token_hash`), or a 6-digit code with the address it was sent to.
pub(super) async fn verify_otp(
    State(state): State<AppState>,
    client: ClientMeta,
    body: GoTrueBody<VerifyBody>,
) -> AuthResult<Json<Value>> {
    let body = body.parsed()?;
    let kind = body
        .kind
        .as_deref()
        .filter(|k| !k.is_empty())
        .ok_or_else(|| AuthError::validation("Verify requires a verification type"))?;
    let purposes = otp::purposes_for_type(kind)
        .ok_or_else(|| AuthError::validation("Invalid email verification type"))?;
    if present(&body.token) == present(&body.token_hash) {
        return Err(AuthError::validation(
            "Verify requires either a token or a token hash",
        ));
    }
    if let Some(hash) = body
        .token_hash
        .as_deref()
        .filter(|_| present(&body.token_hash))
    {
        if present(&body.email) || present(&body.phone) || present(&body.redirect_to) {
            return Err(AuthError::validation(
                "Only the token_hash and type should be provided",
            ));
        }
        service::rate_limit(
            &state.db,
            state.clock.now_ms(),
            state.auth_limit(),
            "verify",
            &client,
            None,
        )
        .await?;
        let verified = links::verify(
            &state.db,
            &state.outbox,
            Presented::Link(hash.trim()),
            purposes,
            state.config.secure_email_change,
            state.clock.now_ms(),
        )
        .await?
        .ok_or_else(|| otp_expired("Email link is invalid or has expired"))?;
        return answer(&state, &client, verified).await;
    }
    let code = body.token.as_deref().unwrap_or("").trim();
    let email = match (present(&body.email), present(&body.phone)) {
        (true, false) => parse_email(body.email.as_deref().unwrap_or(""))?,
        (false, true) => {
            return Err(AuthError::validation(
                "Phone verification is not available. Verify with your email.",
            ))
        }
        _ => {
            return Err(AuthError::validation(
                "Only an email address or phone number should be provided on verify",
            ))
        }
    };
    // Wrong codes count against this address on this account, never against the account alone:
    // a stranger's guesses from elsewhere do not block the owner's right code.
    let now = state.clock.now_ms();
    let guard = Guard::check(
        &state.db,
        now,
        state.auth_limit(),
        "verify",
        &client.ip,
        email.as_str(),
    )
    .await?;
    let verified = links::verify(
        &state.db,
        &state.outbox,
        Presented::Code {
            email: &email,
            code,
        },
        purposes,
        state.config.secure_email_change,
        now,
    )
    .await?;
    let Some(verified) = verified else {
        guard.failed(&state.db, now).await?;
        return Err(otp_expired("Token has expired or is invalid"));
    };
    answer(&state, &client, verified).await
}

/// A session for the verified user, or GoTrue's answer to the first of the two confirmations
/// of a secure e-mail change (no session: the address has not moved yet).
async fn answer(
    state: &AppState,
    client: &ClientMeta,
    verified: links::Verified,
) -> AuthResult<Json<Value>> {
    if verified.first_of_two {
        return Ok(Json(
            serde_json::json!({ "msg": links::SINGLE_CONFIRMATION, "code": 200 }),
        ));
    }
    sign_in(state, client, verified.user_id).await
}

fn otp_expired(msg: &str) -> AuthError {
    AuthError::new(StatusCode::FORBIDDEN, "otp_expired", msg)
}

async fn sign_in(
    state: &AppState,
    client: &ClientMeta,
    user_id: String,
) -> AuthResult<Json<Value>> {
    Ok(Json(
        service::start_session(
            &state.db,
            state.session_tokens(),
            &user_id,
            client,
            "otp",
            state.clock.now_ms(),
        )
        .await?,
    ))
}

#[cfg(test)]
mod tests {
    use super::with_query;

    #[test]
    fn the_pkce_code_joins_the_query_before_any_fragment() {
        assert_eq!(with_query("http://a/b", "code=1"), "http://a/b?code=1");
        assert_eq!(
            with_query("http://a/b?x=2", "code=1"),
            "http://a/b?x=2&code=1"
        );
        assert_eq!(
            with_query("http://a/b#top", "code=1"),
            "http://a/b?code=1#top"
        );
    }
}
