//! Invoices as the product API answers them and the data export carries them.

use serde::Serialize;
use utoipa::ToSchema;

use super::provider::{Card, InvoiceInfo};
use crate::domain::Cents;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentIntent {
    pub payment_method: Option<PaymentMethod>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PastInvoice {
    pub id: String,
    pub created: i64,
    pub status: String,
    pub hosted_invoice_url: Option<String>,
    pub invoice_pdf: Option<String>,
    pub charge: Option<String>,
    pub currency: String,
    #[schema(value_type = i64)]
    pub amount_paid: Cents,
    pub payment_intent: PaymentIntent,
}

pub fn past(i: InvoiceInfo) -> PastInvoice {
    PastInvoice {
        id: i.id,
        created: i.created,
        status: i.status,
        hosted_invoice_url: i.hosted_invoice_url,
        invoice_pdf: i.invoice_pdf,
        charge: i.charge,
        currency: i.currency,
        amount_paid: i.amount_paid,
        payment_intent: PaymentIntent {
            payment_method: i.card.map(|card| PaymentMethod { card }),
        },
    }
}

#[derive(Serialize, ToSchema)]
pub struct PaymentMethod {
    pub card: Card,
}
