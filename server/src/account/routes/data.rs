//! `GET /_api/v1/account/export`, `DELETE /_api/v1/account`, and the identity admin API's
//! `DELETE /auth/v1/admin/users/{id}`.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde_json::{json, Value};
use utoipa::ToSchema;

use crate::account::data::{self, AccountExport};
use crate::app::AppState;
use crate::auth::admin;
use crate::auth::error::AuthError;
use crate::auth::extract::Admin;
use crate::auth::CurrentUser;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::json::{ApiBody, WireBody};

/// Everything of the signed-in athlete's, as one JSON document.
#[utoipa::path(get, path = "/account/export", tag = "account",
    responses((status = 200, body = AccountExport), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 502, description = "The payment service refused or did not answer", body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn export(State(state): State<AppState>, me: CurrentUser) -> Result<Json<AccountExport>> {
    let export = data::export(
        &state.db,
        state.payments.as_ref(),
        &me.id,
        state.clock.now_ms(),
    )
    .await?;
    Ok(Json(export))
}

/// What the athlete types to confirm.
pub(crate) const DELETE_CONFIRMATION: &str = "DELETE";

const TYPE_DELETE: &str =
    "Type DELETE to confirm that your account and all its data should be deleted.";

/// The athlete's confirmation that the account should go.
#[derive(serde::Deserialize, ToSchema)]
pub(crate) struct DeleteAccountBody {
    /// Must be `DELETE`.
    #[schema(value_type = String, required = true)]
    confirmation: Option<Value>,
}

impl WireBody for DeleteAccountBody {
    const NOT_AN_OBJECT: &'static str = TYPE_DELETE;
}

/// Deletes the account and everything of it, queued mail included. 409 while the member's team
/// plan would renew under other members (they cancel it at period end first, and those members
/// keep access until then), and while they are the only admin of a team whose plan someone else
/// pays for. A renewing membership is set to end at period end with the payment provider first,
/// so nothing more is charged.
#[utoipa::path(delete, path = "/account", tag = "account", request_body = DeleteAccountBody,
    responses((status = 204), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody),
              (status = 409, description = "The member's team plan pays for other members and is not set to end, or they are the only admin of a team whose plan keeps renewing", body = ErrorBody),
              (status = 502, description = "The payment service refused or did not answer", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn delete_account(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiBody(body): ApiBody<DeleteAccountBody>,
) -> Result<StatusCode> {
    if body
        .confirmation
        .as_ref()
        .and_then(Value::as_str)
        .map(str::trim)
        != Some(DELETE_CONFIRMATION)
    {
        return Err(AppError::bad_request(TYPE_DELETE));
    }
    data::check_payer_may_go(&state.db, &me.id).await?;
    if let Some(team) = data::team_left_without_admin(&state.db, &me.id).await? {
        return Err(AppError::conflict(format!(
            "You are the only admin of {team}, and its team plan keeps renewing. Make another member admin before deleting your account."
        )));
    }
    data::erase(
        &state.db,
        state.payments.as_ref(),
        &me.id,
        state.clock.now_ms(),
    )
    .await?;
    tracing::info!(user = %me.id, "account deleted at the member's request");
    Ok(StatusCode::NO_CONTENT)
}

/// `DELETE /auth/v1/admin/users/{id}`: deletes an account and everything of it, with GoTrue's
/// answers (`should_soft_delete` is accepted and deletes too: nothing of a deleted athlete is kept).
/// Unlike the member's own deletion, a team plan the user pays for does not stop it: it is set to
/// end at period end, and the team's other members keep access until then.
pub(crate) async fn delete_as_admin(
    _: Admin,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, AuthError> {
    let id = admin::user_id(&id)?;
    if let Some(team) = data::team_left_without_admin(&state.db, id).await? {
        return Err(AuthError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "validation_failed",
            format!("This user is the only admin of the team {team}, whose plan someone else pays for and keeps renewing: make another member admin first."),
        ));
    }
    data::erase(&state.db, state.payments.as_ref(), id, state.clock.now_ms())
        .await
        .map_err(|e| match e {
            AppError::NotFound(_) => AuthError::user_not_found(),
            other => other.into(),
        })?;
    tracing::info!(user = %id, "account deleted through the admin API");
    Ok(Json(json!({})))
}
