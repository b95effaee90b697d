//! `/factors`: authenticator-app (TOTP) two-factor sign-in, as GoTrue's MFA API.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::{AuthResult, GoTrueBody};
use crate::app::AppState;
use crate::auth::error::AuthError;
use crate::auth::extract::AuthClaims;
use crate::auth::guesses::Guard;
use crate::auth::mfa::{self, Caller, MfaError};
use crate::auth::service;
use crate::auth::tokens::Claims;
use crate::http::client::ClientMeta;

fn caller(claims: &Claims) -> Caller<'_> {
    Caller {
        user_id: &claims.sub,
        email: &claims.email,
        session_id: &claims.session_id,
        aal: &claims.aal,
    }
}

impl From<MfaError> for AuthError {
    fn from(err: MfaError) -> Self {
        let unprocessable = StatusCode::UNPROCESSABLE_ENTITY;
        match err {
            MfaError::FactorNotFound => {
                Self::new(StatusCode::NOT_FOUND, "mfa_factor_not_found", "Factor not found")
            }
            MfaError::ChallengeNotFound => Self::new(
                StatusCode::NOT_FOUND,
                "mfa_factor_not_found",
                "MFA factor with the provided challenge ID not found",
            ),
            MfaError::ChallengeExpired(id) => Self::new(
                unprocessable,
                "mfa_challenge_expired",
                format!("MFA challenge {id} has expired, verify against another challenge or create a new challenge."),
            ),
            MfaError::NameConflict(name) => Self::new(
                unprocessable,
                "mfa_factor_name_conflict",
                format!("A factor with the friendly name {name:?} for this user already exists"),
            ),
            MfaError::TooManyFactors => Self::new(
                unprocessable,
                "too_many_enrolled_mfa_factors",
                "Maximum number of verified factors reached, unenroll to continue",
            ),
            MfaError::InsufficientAal(msg) => Self::new(unprocessable, "insufficient_aal", msg),
            MfaError::InvalidCode => Self::new(
                unprocessable,
                "mfa_verification_failed",
                "Invalid TOTP code entered",
            ),
            MfaError::CodeReused => Self::new(
                unprocessable,
                "mfa_verification_failed",
                "This code was already used. Wait for the next one in your authenticator app.",
            ),
        }
    }
}

fn factor_id(raw: &str) -> AuthResult<&str> {
    uuid::Uuid::parse_str(raw).map_err(|_| {
        AuthError::new(
            StatusCode::NOT_FOUND,
            "validation_failed",
            "factor_id must be an UUID",
        )
    })?;
    Ok(raw)
}

#[derive(Deserialize, Default)]
pub(super) struct EnrollBody {
    factor_type: Option<String>,
    friendly_name: Option<String>,
    issuer: Option<String>,
}

pub(super) async fn enroll(
    State(state): State<AppState>,
    AuthClaims(claims): AuthClaims,
    body: GoTrueBody<EnrollBody>,
) -> AuthResult<Json<Value>> {
    let body = body.parsed()?;
    if body.factor_type.as_deref() != Some("totp") {
        return Err(AuthError::validation(
            "factor_type needs to be totp: authenticator apps are the second factor available here",
        ));
    }
    let name = body.friendly_name.unwrap_or_default().trim().to_owned();
    if name.chars().count() > 100 || name.chars().any(char::is_control) {
        return Err(AuthError::validation(
            "friendly_name must be at most 100 characters, without control characters",
        ));
    }
    let issuer = match body
        .issuer
        .as_deref()
        .map(str::trim)
        .filter(|i| !i.is_empty())
    {
        Some(issuer) if issuer.contains(':') => {
            return Err(AuthError::validation("issuer must not contain a colon"))
        }
        Some(issuer) => issuer.chars().take(100).collect(),
        None => "SWAZ".to_owned(),
    };
    let enrolled = mfa::enroll(
        &state.db,
        &caller(&claims),
        &name,
        &issuer,
        state.clock.now_ms(),
    )
    .await??;
    Ok(Json(json!({
        "id": enrolled.factor.id,
        "type": "totp",
        "friendly_name": enrolled.factor.friendly_name,
        "totp": {
            "qr_code": enrolled.qr_code,
            "secret": enrolled.factor.secret,
            "uri": enrolled.uri,
        },
    })))
}

pub(super) async fn challenge(
    State(state): State<AppState>,
    AuthClaims(claims): AuthClaims,
    Path(id): Path<String>,
    client: ClientMeta,
) -> AuthResult<Json<Value>> {
    let id = factor_id(&id)?;
    service::rate_limit(
        &state.db,
        state.clock.now_ms(),
        state.auth_limit(),
        "mfa-challenge",
        &client,
        // Per address only: a challenge is no guess, and a count per account would let
        // someone else holding the password keep the owner from asking for one.
        None,
    )
    .await?;
    let challenge =
        mfa::challenge(&state.db, &claims.sub, id, &client.ip, state.clock.now_ms()).await??;
    Ok(Json(json!({
        "id": challenge.id,
        "type": "totp",
        "expires_at": challenge.expires_at_secs,
    })))
}

#[derive(Deserialize, Default)]
pub(super) struct VerifyBody {
    challenge_id: Option<String>,
    code: Option<String>,
}

pub(super) async fn verify(
    State(state): State<AppState>,
    AuthClaims(claims): AuthClaims,
    Path(id): Path<String>,
    client: ClientMeta,
    body: GoTrueBody<VerifyBody>,
) -> AuthResult<Json<Value>> {
    let id = factor_id(&id)?;
    let body = body.parsed()?;
    let code = body.code.unwrap_or_default();
    if code.trim().is_empty() {
        return Err(AuthError::validation("Code needs to be non-empty"));
    }
    let challenge_id = body
        .challenge_id
        .filter(|c| uuid::Uuid::parse_str(c).is_ok())
        .ok_or_else(|| AuthError::validation("challenge_id must be an UUID"))?;
    // Wrong codes count against this address on this account, so someone else holding the
    // password cannot block the owner's authenticator step from the owner's own device.
    let now = state.clock.now_ms();
    let guard = Guard::check(
        &state.db,
        now,
        state.auth_limit(),
        "mfa-verify",
        &client.ip,
        &claims.sub,
    )
    .await?;
    let verified =
        match mfa::verify(&state.db, &caller(&claims), id, &challenge_id, &code, now).await? {
            Ok(verified) => verified,
            Err(err) => {
                if matches!(err, MfaError::InvalidCode) {
                    guard.failed(&state.db, now).await?;
                }
                return Err(err.into());
            }
        };
    let mut conn = state.db.pool().acquire().await?;
    Ok(Json(
        service::session_answer(
            &mut conn,
            state.session_tokens(),
            &claims.sub,
            &verified.session,
            state.clock.now_ms(),
        )
        .await?,
    ))
}

pub(super) async fn unenroll(
    State(state): State<AppState>,
    AuthClaims(claims): AuthClaims,
    Path(id): Path<String>,
) -> AuthResult<Json<Value>> {
    let id = factor_id(&id)?;
    mfa::unenroll(&state.db, &caller(&claims), id).await??;
    Ok(Json(json!({ "id": id })))
}
