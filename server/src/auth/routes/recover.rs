//! `/recover`, `/resend` and `/otp`: the e-mails a person asks for.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::{
    json_object, mail_frequency, parse_challenge, parse_email, AuthResult, GoTrueBody,
    RedirectQuery,
};
use crate::app::AppState;
use crate::auth::error::AuthError;
use crate::auth::links;
use crate::auth::otp::Purpose;
use crate::auth::service;
use crate::auth::users;
use crate::http::client::ClientMeta;

#[derive(Deserialize, Default)]
pub(super) struct EmailBody {
    email: Option<String>,
    phone: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
}

pub(super) async fn recover(
    State(state): State<AppState>,
    Query(query): Query<RedirectQuery>,
    client: ClientMeta,
    body: GoTrueBody<EmailBody>,
) -> AuthResult<Json<Value>> {
    let body = body.parsed()?;
    let raw = body.email.unwrap_or_default();
    service::rate_limit(
        &state.db,
        state.clock.now_ms(),
        state.auth_limit(),
        "recover",
        &client,
        Some(&raw),
    )
    .await?;
    let email = parse_email(&raw)?;
    let challenge = parse_challenge(
        body.code_challenge.as_deref(),
        body.code_challenge_method.as_deref(),
    )?;
    mail_frequency(&state, "recover", email.as_str()).await?;
    let redirect = service::safe_redirect(
        &state.config.public_url,
        query.redirect_to.as_deref(),
        "/auth/reset-password",
    );
    links::request_recovery(
        &state.db,
        state.mailer(),
        &email,
        &redirect,
        challenge.as_ref(),
        state.clock.now_ms(),
    )
    .await?;
    Ok(Json(json!({})))
}

/// Sends a confirmation again: of the address (`signup`) or of a pending new one
/// (`email_change`). Says nothing about whether there was anything to send.
pub(super) async fn resend(
    State(state): State<AppState>,
    Query(query): Query<RedirectQuery>,
    client: ClientMeta,
    body: GoTrueBody<EmailBody>,
) -> AuthResult<Json<Value>> {
    let body = body.parsed()?;
    let purpose = match body.kind.as_deref() {
        Some("signup") => Purpose::Signup,
        Some("email_change") => Purpose::EmailChange,
        _ => {
            return Err(AuthError::validation(
                "Missing one of these types: signup, email_change, sms, phone_change",
            ))
        }
    };
    if body.email.is_none() && body.phone.is_some() {
        return Err(AuthError::validation(
            "Phone sign-in is not available. Use your email address.",
        ));
    }
    let raw = body.email.unwrap_or_default();
    if raw.trim().is_empty() {
        return Err(AuthError::validation(
            "Type provided requires an email address",
        ));
    }
    service::rate_limit(
        &state.db,
        state.clock.now_ms(),
        state.auth_limit(),
        "resend",
        &client,
        Some(&raw),
    )
    .await?;
    let email = parse_email(&raw)?;
    mail_frequency(&state, purpose.as_str(), email.as_str()).await?;
    let default_path = match purpose {
        Purpose::EmailChange => "/account",
        _ => "/user-dashboard",
    };
    let redirect = service::safe_redirect(
        &state.config.public_url,
        query.redirect_to.as_deref(),
        default_path,
    );
    let mut tx = state.db.begin_write().await?;
    if let Some(user) = users::by_email(&mut tx, &email).await? {
        let due = match purpose {
            Purpose::EmailChange => user.email_change.is_some(),
            _ => !user.is_confirmed(),
        };
        if due && purpose == Purpose::EmailChange {
            links::send_email_change(
                &mut tx,
                state.mailer(),
                &user,
                &redirect,
                state.clock.now_ms(),
            )
            .await?;
        } else if due {
            links::send(
                &mut tx,
                state.mailer(),
                &user,
                purpose,
                &redirect,
                None,
                state.clock.now_ms(),
            )
            .await?;
        }
    }
    tx.commit().await?;
    Ok(Json(json!({})))
}

#[derive(Deserialize, Default)]
pub(super) struct OtpBody {
    email: Option<String>,
    phone: Option<String>,
    create_user: Option<bool>,
    data: Option<Value>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
}

/// Passwordless sign-in: a magic link and a 6-digit code by e-mail. An unknown address gets an
/// account and its confirmation e-mail (which signs in as well), unless `create_user` is false.
pub(super) async fn otp(
    State(state): State<AppState>,
    Query(query): Query<RedirectQuery>,
    client: ClientMeta,
    body: GoTrueBody<OtpBody>,
) -> AuthResult<Json<Value>> {
    let body = body.parsed()?;
    let raw = match (body.email.as_deref(), body.phone.as_deref()) {
        (Some(_), Some(_)) => {
            return Err(AuthError::validation(
                "Only an email address or phone number should be provided",
            ))
        }
        (Some(email), None) => email.to_owned(),
        (None, Some(phone)) => {
            // No phone account exists here: with `create_user: false` GoTrue finds none.
            if body.create_user == Some(false) {
                super::unsupported::check_phone(phone)?;
                return Err(AuthError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "otp_disabled",
                    "Signups not allowed for otp",
                ));
            }
            return Err(super::unsupported::phone_otp());
        }
        (None, None) => return Err(AuthError::validation("One of email or phone must be set")),
    };
    service::rate_limit(
        &state.db,
        state.clock.now_ms(),
        state.auth_limit(),
        "otp",
        &client,
        Some(&raw),
    )
    .await?;
    let email = parse_email(&raw)?;
    let challenge = parse_challenge(
        body.code_challenge.as_deref(),
        body.code_challenge_method.as_deref(),
    )?;
    let metadata = Value::Object(json_object(body.data, "data")?.unwrap_or_default());
    let existing = {
        let mut conn = state.db.pool().acquire().await?;
        users::by_email(&mut conn, &email).await?
    };
    if existing.is_none() && !body.create_user.unwrap_or(true) {
        return Err(AuthError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "otp_disabled",
            "Signups not allowed for otp",
        ));
    }
    if existing.as_ref().is_none_or(|u| !u.is_confirmed()) && state.config.disable_signup {
        return Err(super::signup::signup_disabled());
    }
    mail_frequency(&state, "otp", email.as_str()).await?;
    let redirect = service::safe_redirect(
        &state.config.public_url,
        query.redirect_to.as_deref(),
        "/user-dashboard",
    );
    let user = match existing {
        Some(user) => user,
        None => super::signup::create_passwordless(&state, &email, metadata).await?,
    };
    let purpose = if user.is_confirmed() {
        Purpose::MagicLink
    } else {
        Purpose::Signup
    };
    let mut tx = state.db.begin_write().await?;
    let flow_id = match &challenge {
        Some(c) => {
            let method = if purpose == Purpose::Signup {
                "email/signup"
            } else {
                "magiclink"
            };
            Some(
                crate::auth::flow::start(&mut tx, &user.id, c, method, state.clock.now_ms())
                    .await?,
            )
        }
        None => None,
    };
    links::send(
        &mut tx,
        state.mailer(),
        &user,
        purpose,
        &redirect,
        flow_id.as_deref(),
        state.clock.now_ms(),
    )
    .await?;
    tx.commit().await?;
    Ok(Json(json!({})))
}
