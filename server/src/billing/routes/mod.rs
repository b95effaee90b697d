//! `/_api/v1/stripe/…`: checkout, the payment-return calls, membership and billing (SPEC §7).

mod change;

use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::routes;

use super::dto::{past, PastInvoice, PaymentMethod};
use super::notices;
use super::plans::{PlanId, Plans};
use super::provider::{
    CheckoutMode, CheckoutRequest, SetupRequest, SubscriptionInfo, SubscriptionStatus,
};
use super::service::{self, FirstFlow};
use super::storage;
use crate::app::AppState;
use crate::auth::extract::bearer;
use crate::auth::CurrentUser;
use crate::domain::Cents;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::api_router::ApiRouter;
use crate::http::client::ClientMeta;
use crate::http::json::ApiJson;

/// This capability's product-API routes, joined under `/_api/v1` by `app::router`.
pub fn routes() -> ApiRouter<AppState> {
    ApiRouter::new()
        .routes(routes!(list_plans))
        .routes(routes!(checkout))
        .routes(routes!(subscription_success_result))
        .routes(routes!(subscription_success))
        .routes(routes!(get_subscription))
        .routes(routes!(change_payment_request))
        .routes(routes!(update_default_payment_method))
        .routes(routes!(cancel))
        .routes(routes!(resume))
        .routes(routes!(change::preview_plan_change))
        .routes(routes!(change::change_plan))
        .routes(routes!(billing_history))
        .routes(routes!(super::local::routes::get_checkout))
        .routes(routes!(super::local::routes::pay))
}

/// A caller who may or may not be signed in; a stale token is still a 401.
pub struct MaybeUser(pub Option<CurrentUser>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        if bearer(parts).is_none() {
            return Ok(Self(None));
        }
        Ok(Self(Some(
            CurrentUser::from_request_parts(parts, state).await?,
        )))
    }
}

/// Public payment calls reach the provider's API: a per-IP limit keeps them from being abused.
async fn limit_payment_calls(state: &AppState, action: &str, client: &ClientMeta) -> Result<()> {
    let limit = state.config.auth_rate_limit * 2;
    let key = format!("{action}:ip:{}", client.ip);
    crate::ratelimit::hit(
        &state.db,
        state.clock.now_ms(),
        &key,
        limit,
        state.config.auth_rate_window_secs,
    )
    .await?
    .map_err(|limited| {
        AppError::too_many_requests(
            "Too many requests. Please wait a few minutes and try again.",
            limited,
        )
    })
}

#[derive(Deserialize, ToSchema)]
pub struct CheckoutBody {
    /// `solo`, `solo_yearly`, `team` or `team_yearly`.
    #[schema(required = true)]
    pub plan: Option<String>,
    /// The e-mail the membership is for: required when not signed in (a signed-in member's
    /// checkout is for their account's address, and this is ignored).
    pub email: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct CheckoutUrl {
    pub url: String,
}

/// Starts a checkout for a plan, signed in or not; answers the page to send the buyer to. One
/// membership per person: 409 for a member whose membership still runs, and for a visitor whose
/// e-mail already has an account (its owner signs in first).
#[utoipa::path(post, path = "/stripe/checkout", tag = "billing", request_body = CheckoutBody,
    responses((status = 200, body = CheckoutUrl), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 409, description = "Already a member, or the e-mail has an account", body = ErrorBody),
              (status = 429, description = "Too many checkouts from this address; see Retry-After", body = ErrorBody),
              (status = 502, description = "The payment service refused or did not answer", body = ErrorBody)))]
pub async fn checkout(
    State(state): State<AppState>,
    MaybeUser(me): MaybeUser,
    client: ClientMeta,
    ApiJson(body): ApiJson<CheckoutBody>,
) -> Result<Json<CheckoutUrl>> {
    limit_payment_calls(&state, "checkout", &client).await?;
    let plan = PlanId::parse(body.plan.as_deref().unwrap_or(""))?;
    let email = service::check_buyer(
        &state.db,
        me.as_ref().map(|me| me.id.as_str()),
        body.email.as_deref(),
        state.clock.now_ms(),
    )
    .await?;
    let base = &state.config.public_url;
    let t = u8::from(plan.is_team());
    let request = match &me {
        Some(me) => {
            let mut conn = state.db.pool().acquire().await?;
            CheckoutRequest {
                plan,
                customer_email: Some(me.email.clone()),
                customer_id: storage::customer_of(&mut conn, &me.id).await?,
                buyer_user_id: Some(me.id.clone()),
                success_url: format!("{base}/swaz-subscription-success?success=true&sessionid={{CHECKOUT_SESSION_ID}}&t={t}"),
                cancel_url: format!("{base}/swaz-subscription-checkout-cancelled"),
            }
        }
        None => CheckoutRequest {
            plan,
            customer_email: email.map(|e| e.as_str().to_owned()),
            customer_id: None,
            buyer_user_id: None,
            success_url: format!("{base}/swaz-subscription-success-stripe-first-flow?success=true&sessionid={{CHECKOUT_SESSION_ID}}&t={t}"),
            cancel_url: format!("{base}/choose-a-plan"),
        },
    };
    let link = state.payments.create_checkout(request).await?;
    Ok(Json(CheckoutUrl { url: link.url }))
}

#[derive(Deserialize, IntoParams)]
pub(crate) struct SessionQuery {
    /// The checkout session id.
    #[param(required = true, nullable = false)]
    pub sessionid: Option<String>,
    /// 1 for a team checkout (the plan decides; kept for SPEC's URLs).
    #[allow(dead_code)] // Accepted and documented, never needed.
    pub t: Option<String>,
    #[allow(dead_code)] // Accepted and documented, never needed.
    pub team: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SubscriptionSuccessResult {
    pub email: String,
    /// Only in the first answer for a session; `null` afterwards.
    pub generated_password: Option<String>,
}

/// First flow: turns a paid checkout into an account (SPEC §4). 409 `…|email` when the e-mail
/// already had an account (the membership is attached to it).
#[utoipa::path(post, path = "/stripe/subscriptionsuccess-result", tag = "billing", params(SessionQuery),
    responses((status = 200, body = SubscriptionSuccessResult), (status = 400, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
              (status = 429, description = "Too many calls from this address; see Retry-After", body = ErrorBody),
              (status = 502, description = "The payment service refused or did not answer", body = ErrorBody)))]
pub(crate) async fn subscription_success_result(
    State(state): State<AppState>,
    client: ClientMeta,
    Query(q): Query<SessionQuery>,
) -> Result<Json<SubscriptionSuccessResult>> {
    limit_payment_calls(&state, "first-flow", &client).await?;
    match service::complete_first_checkout(
        state.billing(),
        state.mailer(),
        q.sessionid.as_deref().unwrap_or(""),
        state.clock.now_ms(),
    )
    .await?
    {
        FirstFlow::NewUser {
            email,
            generated_password,
        } => Ok(Json(SubscriptionSuccessResult {
            email,
            generated_password,
        })),
        FirstFlow::ExistingUser { email } => Err(AppError::conflict(format!(
            "An account already exists for this email; the new membership was added to it|{email}"
        ))),
        FirstFlow::Refunded => Err(AppError::conflict(
            "This e-mail already has a membership, so this payment was refunded and nothing changed. Sign in to see your plan.",
        )),
    }
}

#[derive(Serialize, ToSchema)]
pub(crate) struct SuccessStatus {
    pub status: String,
}

/// A signed-in member's checkout: attaches the membership to them.
#[utoipa::path(post, path = "/stripe/subscriptionsuccess", tag = "billing", params(SessionQuery),
    responses((status = 200, body = SuccessStatus), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody),
              (status = 502, description = "The payment service refused or did not answer", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn subscription_success(
    State(state): State<AppState>,
    me: CurrentUser,
    Query(q): Query<SessionQuery>,
) -> Result<Json<SuccessStatus>> {
    let now = state.clock.now_ms();
    let status = service::complete_member_checkout(
        state.billing(),
        &me.id,
        &me.email,
        q.sessionid.as_deref().unwrap_or(""),
        now,
    )
    .await?;
    notices::send_receipts_or_log(state.billing(), state.mailer(), &me.id, now).await;
    Ok(Json(SuccessStatus { status }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionView {
    /// `active`, `trialing`, `past_due`, `canceled`, …
    pub status: String,
    pub plan: String,
    pub cancel_at_period_end: bool,
    /// Unix seconds.
    pub current_period_end: i64,
    pub default_payment_method: Option<PaymentMethod>,
}

impl From<SubscriptionInfo> for SubscriptionView {
    fn from(s: SubscriptionInfo) -> Self {
        Self {
            status: s.status.as_str().to_owned(),
            plan: s.plan.as_str().to_owned(),
            cancel_at_period_end: s.cancel_at_period_end,
            current_period_end: s.current_period_end,
            default_payment_method: s.card.map(|card| PaymentMethod { card }),
        }
    }
}

async fn my_subscription(state: &AppState, me: &CurrentUser) -> Result<SubscriptionInfo> {
    let mut conn = state.db.pool().acquire().await?;
    let current = storage::current(&mut conn, &me.id)
        .await?
        .ok_or_else(|| AppError::not_found("You have no membership yet."))?;
    drop(conn);
    let sub = state
        .payments
        .subscription(&current.subscription_id)
        .await?
        .ok_or_else(|| AppError::not_found("You have no membership yet."))?;
    service::refresh_mirror(state.billing(), &sub, state.clock.now_ms()).await?;
    Ok(sub)
}

/// The member's subscription, fresh from the provider.
#[utoipa::path(get, path = "/stripe/getcustomersubscription", tag = "billing",
    responses((status = 200, body = SubscriptionView), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 502, description = "The payment service refused or did not answer", body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn get_subscription(
    State(state): State<AppState>,
    me: CurrentUser,
) -> Result<Json<SubscriptionView>> {
    Ok(Json(my_subscription(&state, &me).await?.into()))
}

/// Starts a card change; the checkout URL is in the `Location` header and the body.
#[utoipa::path(get, path = "/stripe/subscription/changepaymentrequest", tag = "billing",
    responses((status = 200, body = CheckoutUrl), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 502, description = "The payment service refused or did not answer", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn change_payment_request(
    State(state): State<AppState>,
    me: CurrentUser,
) -> Result<impl IntoResponse> {
    let sub = my_subscription(&state, &me).await?;
    let base = &state.config.public_url;
    let link = state
        .payments
        .create_setup_checkout(SetupRequest {
            customer_id: sub.customer_id,
            subscription_id: sub.id,
            success_url: format!("{base}/swaz-subscription-change-success?success=true&sessionid={{CHECKOUT_SESSION_ID}}"),
            cancel_url: format!("{base}/swaz-subscription-change-checkout-cancelled"),
        })
        .await?;
    Ok((
        StatusCode::OK,
        [(header::LOCATION, link.url.clone())],
        Json(CheckoutUrl { url: link.url }),
    ))
}

/// After a card change: makes the new card the default.
#[utoipa::path(put, path = "/stripe/updatedefaultpaymentmethod/{sessionid}", tag = "billing",
    params(("sessionid" = String, Path)),
    responses((status = 200, body = PaymentMethod), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody),
              (status = 502, description = "The payment service refused or did not answer", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn update_default_payment_method(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(sessionid): Path<String>,
) -> Result<Json<PaymentMethod>> {
    let customer = {
        let mut conn = state.db.pool().acquire().await?;
        storage::customer_of(&mut conn, &me.id).await?
    };
    let info = state.payments.checkout(&sessionid).await?;
    let mine = info
        .filter(|c| {
            c.mode == CheckoutMode::Setup && c.customer_id.is_some() && c.customer_id == customer
        })
        .ok_or_else(|| AppError::not_found("We could not find that card change."))?;
    let card = state.payments.apply_setup(&mine.id).await?;
    Ok(Json(PaymentMethod { card }))
}

#[derive(Deserialize, ToSchema)]
pub struct CancelBody {
    pub reason: Option<String>,
}

/// Cancels at the end of the paid period; access continues until then.
#[utoipa::path(post, path = "/stripe/cancelsubscription", tag = "billing", request_body = CancelBody,
    responses((status = 200, body = SubscriptionView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody),
              (status = 502, description = "The payment service refused or did not answer", body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn cancel(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<CancelBody>,
) -> Result<Json<SubscriptionView>> {
    let reason = body.reason.unwrap_or_default().trim().to_owned();
    if reason.chars().count() > 1000 {
        return Err(AppError::bad_request(
            "Please keep the reason under 1,000 characters.",
        ));
    }
    let sub = my_subscription(&state, &me).await?;
    if sub.status == SubscriptionStatus::Canceled {
        return Err(AppError::bad_request("This membership has already ended."));
    }
    let now = state.clock.now_ms();
    let sub = if sub.cancel_at_period_end {
        sub
    } else {
        let sub = state.payments.cancel_at_period_end(&sub.id).await?;
        notices::confirm_cancellation(state.billing(), state.mailer(), &me.id, &sub, now).await?;
        sub
    };
    service::refresh_mirror(state.billing(), &sub, now).await?;
    storage::keep_cancel_reason(&state.db, &sub.id, &reason).await?;
    Ok(Json(sub.into()))
}

/// Keeps a membership that is set to end at period end: it renews again. Only while the paid
/// period runs; once it has ended, the member buys a new membership.
#[utoipa::path(post, path = "/stripe/resumesubscription", tag = "billing",
    responses((status = 200, description = "The membership, renewing again", body = SubscriptionView),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 403, description = "A team member who does not pay for the team's plan", body = ErrorBody),
              (status = 404, description = "No membership", body = ErrorBody),
              (status = 409, description = "Not set to end, or the paid period has already ended", body = ErrorBody),
              (status = 502, description = "The payment service refused or did not answer", body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn resume(
    State(state): State<AppState>,
    me: CurrentUser,
) -> Result<Json<SubscriptionView>> {
    Ok(Json(
        service::resume(state.billing(), &me.id, state.clock.now_ms())
            .await?
            .into(),
    ))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct UpcomingSubscription {
    pub default_payment_method: Option<PaymentMethod>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct UpcomingInvoice {
    pub id: String,
    /// Unix seconds.
    pub created: i64,
    pub currency: String,
    /// Minor units.
    #[schema(value_type = i64)]
    pub amount_due: Cents,
    pub subscription: UpcomingSubscription,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct BillingHistory {
    pub upcoming: Option<UpcomingInvoice>,
    pub history: Vec<PastInvoice>,
}

/// The next invoice (none once cancelled) and the paid ones, newest first.
#[utoipa::path(get, path = "/stripe/getcustomerbillinghistory", tag = "billing",
    responses((status = 200, body = BillingHistory), (status = 401, body = ErrorBody),
              (status = 502, description = "The payment service refused or did not answer", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn billing_history(
    State(state): State<AppState>,
    me: CurrentUser,
) -> Result<Json<BillingHistory>> {
    let (customer, current) = {
        let mut conn = state.db.pool().acquire().await?;
        (
            storage::customer_of(&mut conn, &me.id).await?,
            storage::current(&mut conn, &me.id).await?,
        )
    };
    let Some(customer) = customer else {
        return Ok(Json(BillingHistory {
            upcoming: None,
            history: vec![],
        }));
    };
    let upcoming = match current {
        Some(c) => {
            state
                .payments
                .upcoming_invoice(&customer, &c.subscription_id)
                .await?
        }
        None => None,
    };
    let history = service::paid_invoices(&state.db, state.payments.as_ref(), &me.id).await?;
    Ok(Json(BillingHistory {
        upcoming: upcoming.map(|u| UpcomingInvoice {
            id: u.id,
            created: u.created,
            currency: u.currency,
            amount_due: u.amount_due,
            subscription: UpcomingSubscription {
                default_payment_method: u.card.map(|card| PaymentMethod { card }),
            },
        }),
        history: history.into_iter().map(past).collect(),
    }))
}

/// The plans on sale, with prices.
#[utoipa::path(get, path = "/plans", tag = "billing", responses((status = 200, body = Plans)))]
pub(crate) async fn list_plans(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json")],
        state.plans_json.clone(),
    )
}
