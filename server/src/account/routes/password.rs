//! `POST /_api/v1/supabase/changepassword`.

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::app::AppState;
use crate::auth::password::NewPassword;
use crate::auth::{service, CurrentUser};
use crate::error::{AppError, ErrorBody, Result};
use crate::http::json::ApiJson;

#[derive(Deserialize, ToSchema)]
pub(crate) struct ChangePassword {
    pub password: String,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct Done {
    pub message: String,
}

/// Sets a new password; the member's other devices are signed out and the owner is e-mailed.
#[utoipa::path(post, path = "/supabase/changepassword", tag = "account", request_body = ChangePassword,
    responses((status = 200, body = Done), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, description = "The session signed in more than a day ago: sign in again first (SWAZ_SECURE_PASSWORD_CHANGE)", body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn change_password(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<ChangePassword>,
) -> Result<Json<Done>> {
    let new = NewPassword::parse_min(&body.password, state.config.password_min_length)?;
    if service::must_reauthenticate(
        state.config.secure_password_change,
        me.signed_in_at,
        state.clock.now_secs(),
    ) {
        return Err(AppError::forbidden(
            "For your security, sign in again before changing your password: you signed in more than a day ago.",
        ));
    }
    service::change_password(
        &state.db,
        &state.outbox,
        &me.id,
        &me.session_id,
        &new,
        state.clock.now_ms(),
    )
    .await?;
    Ok(Json(Done {
        message: "Password change success".to_owned(),
    }))
}
