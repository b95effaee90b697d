//! The athlete's own data: `GET /_api/v1/account/export` (everything as JSON) and
//! `DELETE /_api/v1/account` (everything removed, queued mail included).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Serialize;
use serde_json::{json, Value};
use utoipa::ToSchema;

use super::profile::{self, Profile};
use crate::app::AppState;
use crate::auth::admin::{self, Admin};
use crate::auth::error::AuthError;
use crate::auth::users;
use crate::auth::CurrentUser;
use crate::billing::dto::{past, PastInvoice};
use crate::billing::service;
use crate::db::ms_to_rfc3339;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::json::ApiJson;
use crate::planning::dto::{DailyActionEntry, WeeklyMapEntry};
use crate::practice::dto::PracticeEvent;
use crate::reminders::dto::NotificationSettings;
use crate::vision::dto::{AthleticVision, VisionVersion};

/// More rows than any athlete has; exports are not paged.
const ALL: i64 = 1_000_000;

/// The vision being written: the nine answers as far as they are saved.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisionDraft {
    /// `q1`..`q9` in order; `null` where not answered yet.
    pub answers: Vec<Option<String>>,
    pub updated_at: String,
}

/// Everything SWAZ keeps about the athlete.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountExport {
    pub exported_at: String,
    /// Names, e-mail, time zone, paid role and team membership.
    pub profile: Profile,
    pub vision: Option<VisionDraft>,
    /// Every complete vision, newest first.
    pub vision_history: Vec<VisionVersion>,
    pub daily_actions: Vec<DailyActionEntry>,
    pub weekly_maps: Vec<WeeklyMapEntry>,
    pub practice_events: Vec<PracticeEvent>,
    pub notification_settings: NotificationSettings,
    /// Paid invoices from the payment provider, newest first.
    pub invoices: Vec<PastInvoice>,
}

/// Everything of the signed-in athlete's, as one JSON document.
#[utoipa::path(get, path = "/account/export", tag = "account",
    responses((status = 200, body = AccountExport), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn export(State(state): State<AppState>, me: CurrentUser) -> Result<Json<AccountExport>> {
    let now = state.clock.now_ms();
    let mut conn = state.db.pool().acquire().await?;
    let user = users::by_id(&mut conn, &me.id)
        .await?
        .ok_or_else(|| AppError::not_found("Your account no longer exists."))?;
    let vision = crate::vision::storage::current(&mut conn, &me.id)
        .await?
        .map(|v| VisionDraft {
            answers: v.answers.to_vec(),
            updated_at: ms_to_rfc3339(v.updated_at),
        });
    let vision_history = crate::vision::storage::versions(&mut conn, &me.id, ALL)
        .await?
        .into_iter()
        .map(|v| VisionVersion {
            version: v.version,
            created_at: ms_to_rfc3339(v.created_at),
            updated_at: ms_to_rfc3339(v.updated_at),
            vision: AthleticVision::from_answers(v.answers, v.updated_at),
        })
        .collect();
    let daily_actions = crate::planning::storage::daily_actions(&mut conn, &me.id, None, ALL)
        .await?
        .into_iter()
        .map(Into::into)
        .collect();
    let weekly_maps = crate::planning::storage::weekly_maps(&mut conn, &me.id, None, ALL)
        .await?
        .into_iter()
        .map(Into::into)
        .collect();
    let practice_events = crate::practice::storage::between(&mut conn, &me.id, 0, i64::MAX, ALL)
        .await?
        .into_iter()
        .map(Into::into)
        .collect();
    let settings = crate::reminders::storage::get_or_default(&mut conn, &me.id).await?;
    let customer = service::customer_of(&mut conn, &me.id).await?;
    drop(conn);
    let invoices = match customer {
        Some(customer) => state
            .payments
            .invoices(&customer)
            .await?
            .into_iter()
            .map(past)
            .collect(),
        None => vec![],
    };
    Ok(Json(AccountExport {
        exported_at: ms_to_rfc3339(now),
        profile: profile::load(&state, user).await?,
        vision,
        vision_history,
        daily_actions,
        weekly_maps,
        practice_events,
        notification_settings: NotificationSettings::new(settings, now),
        invoices,
    }))
}

/// What the athlete types to confirm.
pub const DELETE_CONFIRMATION: &str = "DELETE";

#[derive(serde::Deserialize, ToSchema)]
#[allow(dead_code)] // Documents the body; the handler reads the JSON itself.
pub struct DeleteAccountInput {
    /// Must be `DELETE`.
    confirmation: String,
}

/// Deletes the account and everything of it, queued mail included. A team admin must hand the
/// team over (or end it) first: 409. An active individual membership is cancelled with the
/// payment provider first, so nothing more is charged.
#[utoipa::path(delete, path = "/account", tag = "account", request_body = DeleteAccountInput,
    responses((status = 204), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn delete_account(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<Value>,
) -> Result<StatusCode> {
    if body
        .get("confirmation")
        .and_then(Value::as_str)
        .map(str::trim)
        != Some(DELETE_CONFIRMATION)
    {
        return Err(AppError::bad_request(
            "Type DELETE to confirm that your account and all its data should be deleted.",
        ));
    }
    if let Some(team) = team_run_by(&state, &me.id).await? {
        return Err(AppError::conflict(format!(
            "You are the admin of the team {team}. Make another member admin, or end the team's membership, before deleting your account."
        )));
    }
    erase(&state, &me.id).await?;
    tracing::info!(user = %me.id, "account deleted at the member's request");
    Ok(StatusCode::NO_CONTENT)
}

/// The team `user_id` is the admin of, if any: it must be handed over before the account goes.
pub async fn team_run_by(state: &AppState, user_id: &str) -> Result<Option<String>> {
    let mut conn = state.db.pool().acquire().await?;
    Ok(match crate::teams::membership(&mut conn, user_id).await? {
        Some((team, role)) if role == "admin" => Some(team),
        _ => None,
    })
}

/// Deletes an account and everything of it, queued mail included, after cancelling an active
/// individual membership with the payment provider.
pub async fn erase(state: &AppState, user_id: &str) -> Result<()> {
    let active: Vec<String> = {
        let mut conn = state.db.pool().acquire().await?;
        sqlx::query_scalar(
            "SELECT id FROM subscriptions WHERE user_id = $1 \
             AND status IN ('active', 'trialing', 'past_due') AND cancel_at_period_end = 0",
        )
        .bind(user_id)
        .fetch_all(&mut *conn)
        .await?
    };
    for subscription in active {
        state.payments.cancel_at_period_end(&subscription).await?;
    }
    let mut tx = state.db.begin_write().await?;
    let user = users::by_id(&mut tx, user_id)
        .await?
        .ok_or_else(|| AppError::not_found("This account no longer exists."))?;
    let mut addresses = vec![user.email.clone()];
    addresses.extend(user.email_change.clone());
    for address in &addresses {
        sqlx::query("DELETE FROM mail_outbox WHERE to_addr = $1")
            .bind(address)
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query("DELETE FROM billing_checkouts WHERE result_user_id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    // Every other table refers to the user with ON DELETE CASCADE.
    sqlx::query("DELETE FROM users WHERE id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// `DELETE /auth/v1/admin/users/{id}`: deletes an account and everything of it, with GoTrue's
/// answers (`should_soft_delete` is accepted and deletes too: nothing of a deleted athlete is kept).
pub async fn delete_as_admin(
    _: Admin,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, AuthError> {
    let id = admin::user_id(&id)?;
    if let Some(team) = team_run_by(&state, id).await? {
        return Err(AuthError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "validation_failed",
            format!("This user is the admin of the team {team}: make another member admin, or end the team's membership, first."),
        ));
    }
    erase(&state, id).await.map_err(|e| match e {
        AppError::NotFound(_) => AuthError::user_not_found(),
        other => other.into(),
    })?;
    tracing::info!(user = %id, "account deleted through the admin API");
    Ok(Json(json!({})))
}
