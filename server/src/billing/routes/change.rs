//! `/_api/v1/stripe/changeplan…`: a member changes their plan after seeing what it costs.

use axum::extract::{Query, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::SubscriptionView;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::billing::plans::PlanId;
use crate::billing::{change, notices};
use crate::domain::Cents;
use crate::error::{ErrorBody, Result};
use crate::http::json::ApiJson;

#[derive(Deserialize, IntoParams)]
pub(crate) struct PlanQuery {
    /// The plan to change to: `solo`, `solo_yearly`, `team` or `team_yearly`.
    #[param(required = true, nullable = false)]
    pub plan: Option<String>,
}

/// What a plan change costs, shown before the member confirms it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PlanChangePreviewView {
    /// The plan now.
    pub current_plan: String,
    /// The plan asked for.
    pub plan: String,
    pub currency: String,
    /// Charged at once (minor units): the new plan less the unused time of the current one.
    #[schema(value_type = i64)]
    pub amount_due_now: Cents,
    /// Unused time worth more than the charge, taken off the next invoices (minor units).
    #[schema(value_type = i64)]
    pub credit: Cents,
    /// When the new plan next renews (Unix seconds) and for how much (minor units).
    pub next_renewal: i64,
    #[schema(value_type = i64)]
    pub next_amount: Cents,
    /// The moment the amounts are computed for (Unix seconds): send it back to be charged them.
    pub preview_at: i64,
}

/// The prorated cost of changing to `plan` now (Stripe's invoice preview).
#[utoipa::path(get, path = "/stripe/changeplan/preview", tag = "billing", params(PlanQuery),
    responses((status = 200, body = PlanChangePreviewView),
              (status = 400, description = "Not a plan", body = ErrorBody),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 403, description = "A team member who does not pay for the team's plan", body = ErrorBody),
              (status = 404, description = "No membership to change", body = ErrorBody),
              (status = 409, description = "Already this plan, set to end, or the team does not fit the plan", body = ErrorBody),
              (status = 502, description = "The payment service refused or did not answer", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn preview_plan_change(
    State(state): State<AppState>,
    me: CurrentUser,
    Query(q): Query<PlanQuery>,
) -> Result<Json<PlanChangePreviewView>> {
    let plan = PlanId::parse(q.plan.as_deref().unwrap_or(""))?;
    let (sub, preview) =
        change::preview(state.billing(), &me.id, plan, state.clock.now_ms()).await?;
    Ok(Json(PlanChangePreviewView {
        current_plan: sub.plan.as_str().to_owned(),
        plan: plan.as_str().to_owned(),
        currency: preview.currency,
        amount_due_now: preview.amount_due_now,
        credit: preview.credit,
        next_renewal: preview.next_renewal,
        next_amount: preview.next_amount,
        preview_at: preview.at,
    }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ChangePlanBody {
    /// `solo`, `solo_yearly`, `team` or `team_yearly`.
    #[schema(required = true)]
    pub plan: Option<String>,
    /// The preview's `previewAt`, so the charge is what was shown (within the hour).
    pub preview_at: Option<i64>,
}

/// Changes the member's plan at once and charges the prorated amount; team seats follow.
#[utoipa::path(post, path = "/stripe/changeplan", tag = "billing", request_body = ChangePlanBody,
    responses((status = 200, description = "The membership on its new plan", body = SubscriptionView),
              (status = 400, description = "Not a plan", body = ErrorBody),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 402, description = "The card was declined", body = ErrorBody),
              (status = 403, description = "A team member who does not pay for the team's plan", body = ErrorBody),
              (status = 404, description = "No membership to change", body = ErrorBody),
              (status = 409, description = "Already this plan, set to end, or the team does not fit the plan", body = ErrorBody),
              (status = 502, description = "The payment service refused or did not answer", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn change_plan(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<ChangePlanBody>,
) -> Result<Json<SubscriptionView>> {
    let plan = PlanId::parse(body.plan.as_deref().unwrap_or(""))?;
    let now = state.clock.now_ms();
    let sub = change::change(state.billing(), &me.id, plan, body.preview_at, now).await?;
    notices::send_receipts_or_log(state.billing(), state.mailer(), &me.id, now).await;
    Ok(Json(sub.into()))
}
