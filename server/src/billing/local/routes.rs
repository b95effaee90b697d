//! The test-mode checkout page's API: `/_api/v1/localpay/…`.

use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{invoice_page, PayInput};
use crate::app::AppState;
use crate::billing::plans::{self, Plan};
use crate::billing::provider::CheckoutMode;
use crate::domain::Cents;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::json::ApiJson;

fn local(state: &AppState) -> Result<&super::LocalProvider> {
    state.local_payments.as_deref().ok_or_else(|| {
        AppError::not_found("The test-mode checkout is off: payments go through Stripe.")
    })
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct LocalCheckout {
    pub id: String,
    /// `subscription` or `setup` (card change).
    pub mode: String,
    /// `open`, `complete` or `expired`.
    pub status: String,
    pub plan: Option<Plan>,
    pub email: Option<String>,
    #[schema(value_type = Option<i64>)]
    pub amount: Option<Cents>,
    pub currency: Option<String>,
    pub cancel_url: String,
}

/// The test-mode checkout page's facts.
#[utoipa::path(get, path = "/localpay/checkout/{session}", tag = "billing",
    params(("session" = String, Path)),
    responses((status = 200, body = LocalCheckout), (status = 404, body = ErrorBody)))]
pub(crate) async fn get_checkout(
    State(state): State<AppState>,
    Path(session): Path<String>,
) -> Result<Json<LocalCheckout>> {
    let view = local(&state)?
        .session_view(&session)
        .await?
        .ok_or_else(|| {
            AppError::not_found(
                "We could not find that checkout. Start again from the pricing page.",
            )
        })?;
    let plan = view.plan.map(|p| plans::plan(&state.config.billing, p));
    Ok(Json(LocalCheckout {
        id: view.id,
        mode: if view.mode == CheckoutMode::Setup {
            "setup"
        } else {
            "subscription"
        }
        .to_owned(),
        status: view.status,
        amount: plan.as_ref().map(|p| p.amount),
        currency: plan.as_ref().map(|p| p.currency.clone()),
        plan,
        email: view.email,
        cancel_url: view.cancel_url,
    }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayRequest {
    pub email: Option<String>,
    pub name: Option<String>,
    #[schema(required = true)]
    pub card_number: Option<String>,
    #[schema(required = true)]
    pub exp_month: Option<i64>,
    #[schema(required = true)]
    pub exp_year: Option<i64>,
    #[schema(required = true)]
    pub cvc: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayResult {
    pub redirect_url: String,
}

/// Pays with a test card: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.
#[utoipa::path(post, path = "/localpay/checkout/{session}/pay", tag = "billing",
    params(("session" = String, Path)), request_body = PayRequest,
    responses((status = 200, body = PayResult), (status = 400, body = ErrorBody), (status = 402, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn pay(
    State(state): State<AppState>,
    Path(session): Path<String>,
    ApiJson(body): ApiJson<PayRequest>,
) -> Result<Json<PayResult>> {
    let card_number = body.card_number.unwrap_or_default();
    if card_number.trim().is_empty() {
        return Err(AppError::bad_request("Enter the card number."));
    }
    let (Some(exp_month), Some(exp_year)) = (body.exp_month, body.exp_year) else {
        return Err(AppError::bad_request(
            "Enter the card's expiration month and year.",
        ));
    };
    let redirect_url = local(&state)?
        .pay(
            &session,
            PayInput {
                email: body.email,
                name: body.name,
                card_number,
                exp_month,
                exp_year,
                cvc: body.cvc.unwrap_or_default(),
            },
        )
        .await?;
    Ok(Json(PayResult { redirect_url }))
}

#[derive(Deserialize)]
pub(crate) struct InvoiceQuery {
    download: Option<String>,
}

/// `GET /_invoice/{token}`: the printable invoice a test-mode payment links to (`?download` for
/// the file).
pub(crate) async fn invoice_page(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Query(query): Query<InvoiceQuery>,
) -> Result<Response> {
    let invoice = invoice_page::load(&state.db, &token)
        .await?
        .ok_or_else(|| AppError::not_found("This invoice link is not valid."))?;
    let html = invoice_page::document(&invoice, &state.config.public_url).into_string();
    if query.download.is_some() {
        let disposition = format!(
            "attachment; filename=\"SWAZ-invoice-{}.html\"",
            invoice.number
        );
        return Ok(([(header::CONTENT_DISPOSITION, disposition)], Html(html)).into_response());
    }
    Ok(Html(html).into_response())
}
