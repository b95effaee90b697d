//! Plan changes and refunds on Stripe: the invoice preview of a proration
//! (`POST /v1/invoices/create_preview`), the change itself with the same `proration_date`, and
//! the refund of a purchase that doubled a membership.

use serde_json::Value;

use super::{text, StripeProvider};
use crate::billing::plans::{self, PlanId};
use crate::billing::provider::{PlanChangePreview, SubscriptionInfo};
use crate::domain::Cents;
use crate::error::{AppError, Result};

/// The form fields that describe a change of the subscription's one item to `plan`, as the
/// preview (`prefix` = `subscription_details[`…) and the update (no prefix) both take them.
fn change_fields(
    prefix: (&str, &str),
    item: &str,
    price: &str,
    interval_changes: bool,
    at: i64,
) -> Vec<(String, String)> {
    let (open, close) = prefix;
    let key = |name: &str| format!("{open}{name}{close}");
    let mut form = vec![
        (format!("{}[0][id]", key("items")), item.to_owned()),
        (format!("{}[0][price]", key("items")), price.to_owned()),
        (key("proration_behavior"), "always_invoice".to_owned()),
        (key("proration_date"), at.to_string()),
    ];
    if interval_changes {
        form.push((key("billing_cycle_anchor"), "now".to_owned()));
    }
    form
}

impl StripeProvider {
    /// The subscription as Stripe has it (raw, for its item id) and as the app reads it.
    async fn raw_subscription(&self, id: &str) -> Result<(Value, SubscriptionInfo)> {
        let raw = self
            .get(
                &format!("/v1/subscriptions/{}", urlencoding::encode(id)),
                &[],
            )
            .await?
            .ok_or_else(|| AppError::not_found("You have no membership yet."))?;
        let info = super::parse_subscription(&raw, &self.billing).ok_or_else(|| {
            AppError::Internal(anyhow::anyhow!(
                "Stripe subscription {id} could not be read"
            ))
        })?;
        Ok((raw, info))
    }

    pub(super) async fn preview_change(
        &self,
        subscription_id: &str,
        plan: PlanId,
        at: i64,
    ) -> Result<PlanChangePreview> {
        let (raw, sub) = self.raw_subscription(subscription_id).await?;
        let item =
            text(raw.pointer("/items/data/0").unwrap_or(&Value::Null), "id").unwrap_or_default();
        let price = plans::stripe_price(&self.billing, plan).to_owned();
        let interval_changes = sub.plan.months() != plan.months();
        let mut form = vec![
            ("customer".to_owned(), sub.customer_id.clone()),
            ("subscription".to_owned(), sub.id.clone()),
        ];
        form.extend(change_fields(
            ("subscription_details[", "]"),
            &item,
            &price,
            interval_changes,
            at,
        ));
        let preview = self
            .post_owned("/v1/invoices/create_preview", &form)
            .await?;
        let total = preview.get("total").and_then(Value::as_i64).unwrap_or(0);
        let due = preview
            .get("amount_due")
            .and_then(Value::as_i64)
            .unwrap_or(0);
        let balance_after = preview
            .get("ending_balance")
            .and_then(Value::as_i64)
            .unwrap_or(0);
        let listed = plans::plan(&self.billing, plan);
        let next_renewal = if interval_changes {
            chrono::DateTime::from_timestamp(at, 0)
                .and_then(|t| t.checked_add_months(chrono::Months::new(plan.months())))
                .map_or(at, |t| t.timestamp())
        } else {
            sub.current_period_end
        };
        Ok(PlanChangePreview {
            currency: preview
                .get("currency")
                .and_then(Value::as_str)
                .map_or(listed.currency.clone(), str::to_owned),
            amount_due_now: Cents(due.max(0)),
            // A negative balance is money Stripe owes the customer, taken off the next invoices.
            credit: Cents((-balance_after).max((-total).max(0))),
            next_renewal,
            next_amount: listed.amount,
            at,
        })
    }

    pub(super) async fn apply_change(
        &self,
        subscription_id: &str,
        plan: PlanId,
        at: i64,
    ) -> Result<()> {
        let (raw, sub) = self.raw_subscription(subscription_id).await?;
        let item =
            text(raw.pointer("/items/data/0").unwrap_or(&Value::Null), "id").unwrap_or_default();
        let price = plans::stripe_price(&self.billing, plan).to_owned();
        let mut form = change_fields(
            ("", ""),
            &item,
            &price,
            sub.plan.months() != plan.months(),
            at,
        );
        form.push(("metadata[plan]".to_owned(), plan.as_str().to_owned()));
        // A declined card leaves the subscription as it was instead of half-changed.
        form.push((
            "payment_behavior".to_owned(),
            "error_if_incomplete".to_owned(),
        ));
        self.post_owned(
            &format!("/v1/subscriptions/{}", urlencoding::encode(subscription_id)),
            &form,
        )
        .await?;
        Ok(())
    }

    /// Cancels the subscription now and refunds each payment of its paid invoices.
    pub(super) async fn refund_subscription(&self, subscription_id: &str) -> Result<()> {
        let path = format!("/v1/subscriptions/{}", urlencoding::encode(subscription_id));
        let current = self.get(&path, &[]).await?;
        let ended = current
            .as_ref()
            .and_then(|s| s.get("status"))
            .and_then(Value::as_str)
            == Some("canceled");
        if current.is_some() && !ended {
            self.call(reqwest::Method::DELETE, &path, &[]).await?;
        }
        let invoices = self
            .get(
                "/v1/invoices",
                &[
                    ("subscription", subscription_id),
                    ("status", "paid"),
                    ("limit", "10"),
                ],
            )
            .await?
            .unwrap_or(Value::Null);
        for invoice in invoices
            .get("data")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let Some(invoice_id) = text(invoice, "id") else {
                continue;
            };
            let payments = self
                .get(
                    "/v1/invoice_payments",
                    &[("invoice", invoice_id.as_str()), ("status", "paid")],
                )
                .await?
                .unwrap_or(Value::Null);
            for payment in payments
                .get("data")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let intent = payment
                    .get("payment")
                    .and_then(|p| text(p, "payment_intent"));
                if let Some(intent) = intent {
                    self.refund(&intent).await?;
                }
            }
        }
        Ok(())
    }

    /// Refunds a payment intent in full.
    async fn refund(&self, payment_intent: &str) -> Result<()> {
        self.post_owned(
            "/v1/refunds",
            &[("payment_intent".to_owned(), payment_intent.to_owned())],
        )
        .await?;
        Ok(())
    }

    async fn post_owned(&self, path: &str, form: &[(String, String)]) -> Result<Value> {
        self.call(reqwest::Method::POST, path, form)
            .await?
            .ok_or_else(|| AppError::not_found("Stripe does not know that record."))
    }
}
