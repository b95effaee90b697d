//! Plan changes and refunds on Stripe: the invoice preview of a proration
//! (`POST /v1/invoices/create_preview`), the change itself with the same `proration_date`, and
//! the refund of a purchase that doubled a membership.

use serde_json::Value;

use super::client::Operation;
use super::{text, StripeProvider};
use crate::billing::plans::{self, PlanId};
use crate::billing::provider::{PlanChangePreview, SubscriptionInfo};
use crate::domain::Cents;
use crate::error::{AppError, Result};

/// The form fields that change the subscription's one item to `price`, as the preview (inside
/// `subscription_details[…]`) and the update (at the top level) both take them.
fn change_fields(
    nested: bool,
    item: &str,
    price: &str,
    interval_changes: bool,
    at: i64,
) -> Vec<(String, String)> {
    let key = |name: &str| {
        if nested {
            format!("subscription_details[{name}]")
        } else {
            name.to_owned()
        }
    };
    let mut form = vec![
        (format!("{}[0][id]", key("items")), item.to_owned()),
        (format!("{}[0][price]", key("items")), price.to_owned()),
        (key("proration_behavior"), "always_invoice".to_owned()),
        (key("proration_date"), at.to_string()),
    ];
    if interval_changes {
        // Monthly ↔ yearly starts a new period today, as the local provider does.
        form.push((key("billing_cycle_anchor"), "now".to_owned()));
    }
    form
}

fn borrowed(form: &[(String, String)]) -> Vec<(&str, &str)> {
    form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
}

/// Unix seconds `months` calendar months after `at`.
fn months_after(at: i64, months: u32) -> i64 {
    chrono::DateTime::from_timestamp(at, 0)
        .and_then(|t| t.checked_add_months(chrono::Months::new(months)))
        .map_or(at, |t| t.timestamp())
}

impl StripeProvider {
    /// The subscription as Stripe has it (raw, for its item's id) and as the app reads it.
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

    fn item_of(raw: &Value) -> String {
        raw.pointer("/items/data/0")
            .and_then(|item| text(item, "id"))
            .unwrap_or_default()
    }

    pub(super) async fn preview_change(
        &self,
        subscription_id: &str,
        plan: PlanId,
        at: i64,
    ) -> Result<PlanChangePreview> {
        let (raw, sub) = self.raw_subscription(subscription_id).await?;
        let price = plans::stripe_price(&self.billing, plan).to_owned();
        let interval_changes = sub.plan.months() != plan.months();
        let mut form = vec![
            ("customer".to_owned(), sub.customer_id.clone()),
            ("subscription".to_owned(), sub.id.clone()),
        ];
        form.extend(change_fields(
            true,
            &Self::item_of(&raw),
            &price,
            interval_changes,
            at,
        ));
        let preview = self
            .stripe
            .post(
                &Operation::start().key("preview"),
                "/v1/invoices/create_preview",
                &borrowed(&form),
            )
            .await?;
        let number = |field: &str| preview.get(field).and_then(Value::as_i64).unwrap_or(0);
        let listed = plans::plan(&self.billing, plan);
        Ok(PlanChangePreview {
            currency: preview
                .get("currency")
                .and_then(Value::as_str)
                .map_or(listed.currency.clone(), str::to_owned),
            amount_due_now: Cents(number("amount_due").max(0)),
            // A negative total, or a negative balance left, is owed to the member and taken off
            // the next invoices.
            credit: Cents((-number("ending_balance")).max(-number("total")).max(0)),
            next_renewal: if interval_changes {
                months_after(at, plan.months())
            } else {
                sub.current_period_end
            },
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
        let price = plans::stripe_price(&self.billing, plan).to_owned();
        let interval_changes = sub.plan.months() != plan.months();
        let mut form = change_fields(false, &Self::item_of(&raw), &price, interval_changes, at);
        form.push(("metadata[plan]".to_owned(), plan.as_str().to_owned()));
        // A declined card leaves the subscription as it was instead of half-changed.
        form.push((
            "payment_behavior".to_owned(),
            "error_if_incomplete".to_owned(),
        ));
        let path = format!("/v1/subscriptions/{}", urlencoding::encode(subscription_id));
        self.stripe
            .post(
                &Operation::start().key("change-plan"),
                &path,
                &borrowed(&form),
            )
            .await?;
        Ok(())
    }

    /// Cancels the subscription now and refunds each payment of its paid invoices. The keys
    /// are the subscription's and the payment's, so running it again changes nothing more.
    pub(super) async fn refund_subscription(&self, subscription_id: &str) -> Result<()> {
        let path = format!("/v1/subscriptions/{}", urlencoding::encode(subscription_id));
        let current = self.get(&path, &[]).await?;
        let ended = current
            .as_ref()
            .and_then(|s| s.get("status"))
            .and_then(Value::as_str)
            == Some("canceled");
        if current.is_some() && !ended {
            self.stripe
                .delete(&format!("swaz-cancel-{subscription_id}"), &path)
                .await?;
        }
        let invoices = self
            .get(
                "/v1/invoices",
                &[
                    ("subscription", subscription_id),
                    ("status", "paid"),
                    ("limit", "10"),
                    ("expand[]", "data.payments"),
                ],
            )
            .await?
            .unwrap_or(Value::Null);
        let intents: Vec<String> = invoices
            .get("data")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|invoice| invoice.pointer("/payments/data"))
            .filter_map(Value::as_array)
            .flatten()
            .filter_map(|payment| payment.get("payment"))
            .filter_map(|payment| text(payment, "payment_intent"))
            .collect();
        for intent in intents {
            self.stripe
                .post(
                    &format!("swaz-refund-{intent}"),
                    "/v1/refunds",
                    &[("payment_intent", &intent)],
                )
                .await?;
        }
        Ok(())
    }
}
