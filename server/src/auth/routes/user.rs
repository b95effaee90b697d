//! `/user`: the signed-in user, read and changed.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::{mail_frequency, parse_email, parse_password, AuthResult, GoTrueBody};
use crate::app::AppState;
use crate::auth::error::AuthError;
use crate::auth::extract::AuthClaims;
use crate::auth::links;
use crate::auth::mfa;
use crate::auth::otp::Purpose;
use crate::auth::password;
use crate::auth::service;
use crate::auth::users;
use crate::domain::name_part;
use crate::error::AppError;

fn user_gone() -> AuthError {
    AuthError::new(
        StatusCode::FORBIDDEN,
        "user_not_found",
        "User from sub claim in JWT does not exist",
    )
}

pub(super) async fn get_user(
    State(state): State<AppState>,
    AuthClaims(claims): AuthClaims,
) -> AuthResult<Json<Value>> {
    let mut conn = state.db.pool().acquire().await?;
    let user = users::by_id(&mut conn, &claims.sub)
        .await?
        .ok_or_else(user_gone)?;
    let factors = mfa::factors_of(&mut conn, &user.id).await?;
    Ok(Json(user.to_gotrue_json_with(&factors)))
}

/// Mails a 6-digit code that confirms the next password change (`nonce` on `PUT /user`).
pub(super) async fn reauthenticate(
    State(state): State<AppState>,
    AuthClaims(claims): AuthClaims,
) -> AuthResult<Json<Value>> {
    let user = {
        let mut conn = state.db.pool().acquire().await?;
        users::by_id(&mut conn, &claims.sub)
            .await?
            .ok_or_else(user_gone)?
    };
    if !user.is_confirmed() {
        return Err(AuthError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "email_not_confirmed",
            "Please verify your email first.",
        ));
    }
    mail_frequency(&state, "reauthentication", &user.email).await?;
    let mut tx = state.db.begin_write().await?;
    links::send(
        &mut tx,
        state.mailer(),
        &user,
        Purpose::Reauthentication,
        "",
        None,
        state.clock.now_ms(),
    )
    .await?;
    tx.commit().await?;
    Ok(Json(json!({})))
}

#[derive(Deserialize, Default)]
pub(super) struct UpdateUserBody {
    email: Option<String>,
    password: Option<String>,
    data: Option<Value>,
    nonce: Option<String>,
    app_metadata: Option<Value>,
}

/// Largest `user_metadata` accepted: it travels in every access token.
const MAX_METADATA_BYTES: usize = 16 * 1024;

pub(super) async fn update_user(
    State(state): State<AppState>,
    AuthClaims(claims): AuthClaims,
    body: GoTrueBody<UpdateUserBody>,
) -> AuthResult<Json<Value>> {
    let body = body.parsed()?;
    let user = {
        let mut conn = state.db.pool().acquire().await?;
        users::by_id(&mut conn, &claims.sub)
            .await?
            .ok_or_else(user_gone)?
    };
    // GoTrue checks the address first; the same one again is no change.
    let email = match body.email.as_deref().filter(|e| !e.is_empty()) {
        Some(raw) => Some(parse_email(raw)?).filter(|e| e.as_str() != user.email),
        None => None,
    };

    if body.app_metadata.is_some() {
        return Err(AuthError::new(
            StatusCode::FORBIDDEN,
            "not_admin",
            "Updating app_metadata requires admin privileges",
        ));
    }
    let sensitive = body.password.is_some() || email.is_some();
    if sensitive && claims.aal != "aal2" {
        let mut conn = state.db.pool().acquire().await?;
        let factors = mfa::factors_of(&mut conn, &user.id).await?;
        if factors.iter().any(mfa::Factor::is_verified) {
            return Err(AuthError::new(
                StatusCode::UNAUTHORIZED,
                "insufficient_aal",
                "AAL2 session is required to update email or password when MFA is enabled.",
            ));
        }
    }
    let nonce = body
        .nonce
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty());
    if body.password.is_some() && nonce.is_none() {
        let signed_in_at = claims.amr.iter().map(|a| a.timestamp).min().unwrap_or(0);
        if service::must_reauthenticate(
            state.config.secure_password_change,
            signed_in_at,
            state.clock.now_secs(),
        ) {
            return Err(AuthError::new(
                StatusCode::BAD_REQUEST,
                "reauthentication_needed",
                "Password update requires reauthentication",
            ));
        }
    }

    // Check every field first, so a refused request changes nothing.
    let password = match body.password.as_deref() {
        Some(raw) => {
            let new = parse_password(&state, raw)?;
            if password::verify(new.as_str(), Some(&user.encrypted_password)).await {
                return Err(AuthError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "same_password",
                    "New password should be different from the old password.",
                ));
            }
            Some(new)
        }
        None => None,
    };
    let metadata = match body.data.as_ref() {
        None | Some(Value::Null) => None,
        Some(Value::Object(data)) => {
            // GoTrue's merge: each key given is set, and a null removes it.
            let mut merged = user.user_metadata.as_object().cloned().unwrap_or_default();
            for (k, v) in data {
                if v.is_null() {
                    merged.remove(k);
                } else {
                    merged.insert(k.clone(), v.clone());
                }
            }
            let merged = Value::Object(merged);
            if merged.to_string().len() > MAX_METADATA_BYTES {
                return Err(AuthError::validation(
                    "User data is too large: keep it under 16 KB.",
                ));
            }
            Some((merged, data.clone()))
        }
        Some(_) => return Err(AuthError::validation("data must be a JSON object.")),
    };
    // The product keeps the names in its own columns too: given ones are kept in step.
    let text = |k: &str| {
        metadata
            .as_ref()
            .and_then(|(_, data)| data.get(k))
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let names = if text("first_name").is_some() || text("last_name").is_some() {
        Some((
            name_part(
                &text("first_name").unwrap_or(user.first_name.clone()),
                "First name",
                false,
            )?,
            name_part(
                &text("last_name").unwrap_or(user.last_name.clone()),
                "Last name",
                false,
            )?,
        ))
    } else {
        None
    };

    let changes = service::UserChanges {
        metadata: metadata.map(|(merged, _)| merged),
        names,
        email,
        password,
        nonce: nonce.map(str::to_owned),
    };
    let user = service::update_user(
        &state.db,
        state.mailer(),
        &user.id,
        &claims.session_id,
        changes,
        state.clock.now_ms(),
    )
    .await
    .map_err(|e| match e {
        AppError::Conflict(_) => AuthError::email_exists(),
        AppError::BadRequest(msg) if msg == service::NONCE_INVALID => AuthError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "reauthentication_not_valid",
            msg,
        ),
        other => other.into(),
    })?;
    let mut conn = state.db.pool().acquire().await?;
    let factors = mfa::factors_of(&mut conn, &user.id).await?;
    Ok(Json(user.to_gotrue_json_with(&factors)))
}
