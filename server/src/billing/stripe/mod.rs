//! The Stripe provider: Checkout Sessions (subscription mode; setup mode for a card change),
//! Customers, Subscriptions, Invoices, cancel at period end and resuming it, over Stripe's REST
//! API with the secret key. The HTTP calls (keys, retries, refusals) are in `client`, webhooks in
//! `webhook`.
//!
//! Every call sends `Stripe-Version: STRIPE_API_VERSION` (by default
//! [`crate::config::DEFAULT_STRIPE_API_VERSION`]), so Stripe's answers have that version's shapes:
//! billing periods on the subscription's items, an invoice's subscription under
//! `parent.subscription_details`, its payments under `payments`, and the next invoice from
//! `POST /v1/invoices/create_preview`. The readers below also take the fields older versions
//! used (top-level periods, `invoice.subscription`, `invoice.charge`), so an account or a
//! webhook endpoint still on an older version does not break them.

mod changes;
mod client;
pub mod routes;
pub mod webhook;

use async_trait::async_trait;
use serde_json::Value;

use self::client::{Client, Operation, Refusal};
use super::plans::{self, PlanId, ALL};
use super::provider::*;
use crate::config::BillingConfig;
use crate::domain::Cents;
use crate::error::{AppError, Result};

pub(crate) struct StripeProvider {
    stripe: Client,
    billing: BillingConfig,
}

fn text(v: &Value, key: &str) -> Option<String> {
    match v.get(key) {
        Some(Value::String(s)) => Some(s.clone()),
        // An expanded object: its id.
        Some(Value::Object(o)) => o.get("id").and_then(Value::as_str).map(str::to_owned),
        _ => None,
    }
}

fn card_of(pm: &Value) -> Option<Card> {
    let card = pm.get("card")?;
    Some(Card {
        brand: card.get("brand")?.as_str()?.to_owned(),
        last4: card.get("last4")?.as_str()?.to_owned(),
        exp_month: card.get("exp_month")?.as_i64()?,
        exp_year: card.get("exp_year")?.as_i64()?,
    })
}

/// Reads a Stripe subscription object.
fn parse_subscription(v: &Value, billing: &BillingConfig) -> Option<SubscriptionInfo> {
    let plan = v
        .pointer("/metadata/plan")
        .and_then(Value::as_str)
        .and_then(|p| PlanId::parse(p).ok())
        .or_else(|| {
            let price = v
                .pointer("/items/data/0/price/id")
                .and_then(Value::as_str)?;
            ALL.into_iter()
                .find(|p| plans::stripe_price(billing, *p) == price)
        })?;
    Some(SubscriptionInfo {
        id: text(v, "id")?,
        customer_id: text(v, "customer")?,
        plan,
        status: SubscriptionStatus::parse(v.get("status")?.as_str()?)?,
        current_period_start: period(v, "current_period_start")?,
        current_period_end: period(v, "current_period_end")?,
        cancel_at_period_end: v
            .get("cancel_at_period_end")
            .and_then(Value::as_bool)
            .unwrap_or(false),
        canceled_at: v.get("canceled_at").and_then(Value::as_i64),
        card: v.get("default_payment_method").and_then(card_of),
    })
}

/// A subscription's billing period bound: on its (first, and in SWAZ only) item since 2025-03-31,
/// on the subscription itself before.
fn period(sub: &Value, field: &str) -> Option<i64> {
    sub.pointer(&format!("/items/data/0/{field}"))
        .and_then(Value::as_i64)
        .or_else(|| sub.get(field).and_then(Value::as_i64))
}

/// The subscription an invoice bills: `parent.subscription_details.subscription` since
/// 2025-03-31, `subscription` before.
fn invoice_subscription(invoice: &Value) -> Option<String> {
    invoice
        .pointer("/parent/subscription_details")
        .and_then(|details| text(details, "subscription"))
        .or_else(|| text(invoice, "subscription"))
}

/// The payment that paid an invoice (its `payments` list, expanded), else the first one.
fn invoice_payment(invoice: &Value) -> Option<&Value> {
    let payments = invoice.pointer("/payments/data")?.as_array()?;
    payments
        .iter()
        .find(|p| p.get("status").and_then(Value::as_str) == Some("paid"))
        .or_else(|| payments.first())
        .and_then(|p| p.get("payment"))
}

/// A customer's payment intents, by id: each one's charge and card.
type PaymentIntents = std::collections::HashMap<String, (Option<String>, Option<Card>)>;

fn parse_invoice(v: &Value, intents: &PaymentIntents) -> Option<InvoiceInfo> {
    let payment = invoice_payment(v);
    let intent = payment
        .and_then(|p| text(p, "payment_intent"))
        .and_then(|id| intents.get(&id));
    let charge = payment
        .and_then(|p| text(p, "charge"))
        .or_else(|| intent.and_then(|(charge, _)| charge.clone()))
        .or_else(|| text(v, "charge"));
    Some(InvoiceInfo {
        id: text(v, "id").unwrap_or_else(|| "upcoming".to_owned()),
        created: v.get("created")?.as_i64()?,
        period: v
            .pointer("/lines/data/0/period")
            .and_then(|p| Some((p.get("start")?.as_i64()?, p.get("end")?.as_i64()?))),
        status: v
            .get("status")
            .and_then(Value::as_str)
            .unwrap_or("draft")
            .to_owned(),
        currency: v.get("currency")?.as_str()?.to_owned(),
        amount_due: Cents(v.get("amount_due").and_then(Value::as_i64).unwrap_or(0)),
        amount_paid: Cents(v.get("amount_paid").and_then(Value::as_i64).unwrap_or(0)),
        hosted_invoice_url: v
            .get("hosted_invoice_url")
            .and_then(Value::as_str)
            .map(str::to_owned),
        invoice_pdf: v
            .get("invoice_pdf")
            .and_then(Value::as_str)
            .map(str::to_owned),
        charge,
        card: intent.and_then(|(_, card)| card.clone()),
    })
}

impl StripeProvider {
    pub fn new(billing: BillingConfig) -> anyhow::Result<Self> {
        let key = billing
            .stripe_secret_key
            .as_ref()
            .map(|k| k.expose().to_owned())
            .ok_or_else(|| {
                anyhow::anyhow!("STRIPE_SECRET_KEY is required with SWAZ_PAYMENTS=stripe")
            })?;
        Ok(Self {
            stripe: Client::new(
                &billing.stripe_api_base,
                key,
                billing.stripe_api_version.clone(),
            )?,
            billing,
        })
    }

    async fn get(&self, path: &str, query: &[(&str, &str)]) -> Result<Option<Value>> {
        self.stripe.get(path, query).await
    }

    /// Sets or clears a subscription's pending cancellation. When Stripe refuses because the
    /// subscription has meanwhile ended, the answer says so as SWAZ's own check would.
    async fn set_cancel_at_period_end(
        &self,
        subscription_id: &str,
        cancel: bool,
        ended: AppError,
    ) -> Result<SubscriptionInfo> {
        let op = Operation::start();
        let path = format!("/v1/subscriptions/{}", urlencoding::encode(subscription_id));
        let value = if cancel { "true" } else { "false" };
        let step = if cancel { "cancel" } else { "resume" };
        let answer = self
            .stripe
            .try_post(&op.key(step), &path, &[("cancel_at_period_end", value)])
            .await?;
        if let Err(refusal) = answer {
            return Err(self
                .refusal_of_ended(subscription_id, refusal, &path, ended)
                .await);
        }
        self.subscription(subscription_id)
            .await?
            .ok_or_else(|| AppError::not_found("You have no membership yet."))
    }

    /// `ended` when the subscription Stripe refused to change has ended, else the refusal.
    async fn refusal_of_ended(
        &self,
        subscription_id: &str,
        refusal: Refusal,
        path: &str,
        ended: AppError,
    ) -> AppError {
        if refusal.kind.as_deref() == Some("invalid_request_error") {
            if let Ok(Some(sub)) = self.subscription(subscription_id).await {
                if matches!(
                    sub.status,
                    SubscriptionStatus::Canceled | SubscriptionStatus::IncompleteExpired
                ) {
                    return ended;
                }
            }
        }
        refusal.into_error(path, true)
    }
}

#[async_trait]
impl PaymentProvider for StripeProvider {
    fn name(&self) -> &'static str {
        "stripe"
    }

    async fn create_checkout(&self, r: CheckoutRequest) -> Result<CheckoutLink> {
        let price = plans::stripe_price(&self.billing, r.plan).to_owned();
        let mut form = vec![
            ("mode", "subscription"),
            ("line_items[0][price]", price.as_str()),
            ("line_items[0][quantity]", "1"),
            ("success_url", r.success_url.as_str()),
            ("cancel_url", r.cancel_url.as_str()),
            ("metadata[plan]", r.plan.as_str()),
            ("subscription_data[metadata][plan]", r.plan.as_str()),
        ];
        match (&r.customer_id, &r.customer_email) {
            (Some(id), _) => form.push(("customer", id)),
            (None, Some(email)) => form.push(("customer_email", email)),
            _ => {}
        }
        if let Some(buyer) = &r.buyer_user_id {
            form.push(("client_reference_id", buyer));
        }
        let op = Operation::start();
        let session = self
            .stripe
            .post(&op.key("checkout"), "/v1/checkout/sessions", &form)
            .await?;
        Ok(CheckoutLink {
            id: text(&session, "id").unwrap_or_default(),
            url: text(&session, "url").unwrap_or_default(),
        })
    }

    async fn create_setup_checkout(&self, r: SetupRequest) -> Result<CheckoutLink> {
        let op = Operation::start();
        let session = self
            .stripe
            .post(
                &op.key("setup"),
                "/v1/checkout/sessions",
                &[
                    ("mode", "setup"),
                    ("customer", &r.customer_id),
                    ("payment_method_types[0]", "card"),
                    (
                        "setup_intent_data[metadata][subscription_id]",
                        &r.subscription_id,
                    ),
                    ("success_url", &r.success_url),
                    ("cancel_url", &r.cancel_url),
                ],
            )
            .await?;
        Ok(CheckoutLink {
            id: text(&session, "id").unwrap_or_default(),
            url: text(&session, "url").unwrap_or_default(),
        })
    }

    async fn checkout(&self, session_id: &str) -> Result<Option<CheckoutInfo>> {
        let Some(s) = self
            .get(
                &format!("/v1/checkout/sessions/{}", urlencoding::encode(session_id)),
                &[],
            )
            .await?
        else {
            return Ok(None);
        };
        let mode = if s.get("mode").and_then(Value::as_str) == Some("setup") {
            CheckoutMode::Setup
        } else {
            CheckoutMode::Subscription
        };
        let paid = matches!(
            s.get("payment_status").and_then(Value::as_str),
            Some("paid" | "no_payment_required")
        );
        let complete = s.get("status").and_then(Value::as_str) == Some("complete")
            && (paid || mode == CheckoutMode::Setup);
        Ok(Some(CheckoutInfo {
            id: text(&s, "id").unwrap_or_default(),
            mode,
            complete,
            plan: s
                .pointer("/metadata/plan")
                .and_then(Value::as_str)
                .and_then(|p| PlanId::parse(p).ok()),
            email: s
                .pointer("/customer_details/email")
                .and_then(Value::as_str)
                .or_else(|| s.get("customer_email").and_then(Value::as_str))
                .map(str::to_owned),
            name: s
                .pointer("/customer_details/name")
                .and_then(Value::as_str)
                .map(str::to_owned),
            customer_id: text(&s, "customer"),
            subscription_id: text(&s, "subscription"),
            buyer_user_id: text(&s, "client_reference_id"),
        }))
    }

    async fn subscription(&self, subscription_id: &str) -> Result<Option<SubscriptionInfo>> {
        let sub = self
            .get(
                &format!("/v1/subscriptions/{}", urlencoding::encode(subscription_id)),
                &[("expand[]", "default_payment_method")],
            )
            .await?;
        Ok(sub.and_then(|s| parse_subscription(&s, &self.billing)))
    }

    async fn apply_setup(&self, session_id: &str) -> Result<Card> {
        let s = self
            .get(
                &format!("/v1/checkout/sessions/{}", urlencoding::encode(session_id)),
                &[("expand[]", "setup_intent")],
            )
            .await?
            .ok_or_else(|| AppError::not_found("We could not find that card change."))?;
        let customer = text(&s, "customer").unwrap_or_default();
        let pm = s
            .pointer("/setup_intent/payment_method")
            .and_then(Value::as_str)
            .ok_or_else(|| {
                AppError::bad_request(
                    "That card change was not completed. Try changing your card again.",
                )
            })?
            .to_owned();
        let op = Operation::start();
        self.stripe
            .post(
                &op.key("customer"),
                &format!("/v1/customers/{}", urlencoding::encode(&customer)),
                &[("invoice_settings[default_payment_method]", &pm)],
            )
            .await?;
        if let Some(sub) = s
            .pointer("/setup_intent/metadata/subscription_id")
            .and_then(Value::as_str)
        {
            self.stripe
                .post(
                    &op.key("subscription"),
                    &format!("/v1/subscriptions/{}", urlencoding::encode(sub)),
                    &[("default_payment_method", &pm)],
                )
                .await?;
        }
        let method = self
            .get(
                &format!("/v1/payment_methods/{}", urlencoding::encode(&pm)),
                &[],
            )
            .await?
            .ok_or_else(|| {
                AppError::Internal(anyhow::anyhow!("Stripe lost payment method {pm}"))
            })?;
        card_of(&method).ok_or_else(|| AppError::bad_request("That payment method is not a card."))
    }

    async fn cancel_at_period_end(&self, subscription_id: &str) -> Result<SubscriptionInfo> {
        self.set_cancel_at_period_end(
            subscription_id,
            true,
            AppError::bad_request("This membership has already ended."),
        )
        .await
    }

    async fn resume(&self, subscription_id: &str) -> Result<SubscriptionInfo> {
        self.set_cancel_at_period_end(
            subscription_id,
            false,
            AppError::conflict(ENDED_CANNOT_RESUME),
        )
        .await
    }

    async fn preview_plan_change(
        &self,
        subscription_id: &str,
        plan: PlanId,
        at: i64,
    ) -> Result<PlanChangePreview> {
        self.preview_change(subscription_id, plan, at).await
    }

    async fn change_plan(
        &self,
        subscription_id: &str,
        plan: PlanId,
        preview_at: i64,
    ) -> Result<SubscriptionInfo> {
        self.apply_change(subscription_id, plan, preview_at).await?;
        self.subscription(subscription_id)
            .await?
            .ok_or_else(|| AppError::not_found("You have no membership yet."))
    }

    async fn refund_and_cancel(&self, subscription_id: &str) -> Result<()> {
        self.refund_subscription(subscription_id).await
    }

    async fn upcoming_invoice(
        &self,
        customer_id: &str,
        subscription_id: &str,
    ) -> Result<Option<InvoiceInfo>> {
        let Some(sub) = self.subscription(subscription_id).await? else {
            return Ok(None);
        };
        if sub.cancel_at_period_end || sub.status == SubscriptionStatus::Canceled {
            return Ok(None);
        }
        let op = Operation::start();
        let path = "/v1/invoices/create_preview";
        let preview = self
            .stripe
            .try_post(
                &op.key("preview"),
                path,
                &[("customer", customer_id), ("subscription", subscription_id)],
            )
            .await?;
        let preview = match preview {
            Ok(preview) => preview,
            // `invoice_upcoming_none`: nothing more will be billed.
            Err(refusal) if refusal.status == reqwest::StatusCode::NOT_FOUND => return Ok(None),
            Err(refusal) => return Err(refusal.into_error(path, false)),
        };
        Ok(
            parse_invoice(&preview, &PaymentIntents::new()).map(|mut i| {
                i.card = sub.card.clone();
                i
            }),
        )
    }

    async fn invoices(&self, customer_id: &str) -> Result<Vec<InvoiceInfo>> {
        let list = self
            .get(
                "/v1/invoices",
                &[
                    ("customer", customer_id),
                    ("limit", "24"),
                    ("expand[]", "data.payments"),
                ],
            )
            .await?
            .unwrap_or(Value::Null);
        let invoices = list
            .get("data")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let paid_by_intent = invoices
            .iter()
            .filter_map(invoice_payment)
            .any(|p| p.get("payment_intent").is_some_and(|pi| !pi.is_null()));
        let intents = if paid_by_intent {
            self.payment_intents(customer_id).await?
        } else {
            PaymentIntents::new()
        };
        Ok(invoices
            .iter()
            .filter_map(|i| parse_invoice(i, &intents))
            .collect())
    }

    async fn invoice_subscription(&self, invoice_id: &str) -> Result<Option<String>> {
        let invoice = self
            .get(
                &format!("/v1/invoices/{}", urlencoding::encode(invoice_id)),
                &[],
            )
            .await?;
        Ok(invoice.as_ref().and_then(invoice_subscription))
    }
}

impl StripeProvider {
    /// The card and charge of the customer's latest payment intents. The card that paid an
    /// invoice is at `payments.data[].payment.payment_intent.payment_method`, six levels below a
    /// listed invoice where Stripe expands four at most; listing the customer's payment intents
    /// with their payment method (two levels) and matching them by id reaches it in one more
    /// call. An invoice paid by none of the latest hundred shows no card rather than today's
    /// default card, which may not be the one that paid it.
    async fn payment_intents(&self, customer_id: &str) -> Result<PaymentIntents> {
        let list = self
            .get(
                "/v1/payment_intents",
                &[
                    ("customer", customer_id),
                    ("limit", "100"),
                    ("expand[]", "data.payment_method"),
                ],
            )
            .await?
            .unwrap_or(Value::Null);
        Ok(list
            .get("data")
            .and_then(Value::as_array)
            .map(|intents| {
                intents
                    .iter()
                    .filter_map(|pi| {
                        let card = pi.get("payment_method").and_then(card_of);
                        Some((text(pi, "id")?, (text(pi, "latest_charge"), card)))
                    })
                    .collect()
            })
            .unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn periods_are_read_from_the_items_and_from_the_subscription_before_2025_03_31() {
        let billing = BillingConfig::defaults();
        let current = json!({
            "id": "sub_1", "customer": "cus_1", "status": "active", "metadata": { "plan": "solo" },
            "items": { "data": [{ "current_period_start": 100, "current_period_end": 200 }] },
        });
        let older = json!({
            "id": "sub_1", "customer": "cus_1", "status": "active", "metadata": { "plan": "solo" },
            "current_period_start": 100, "current_period_end": 200, "items": { "data": [{}] },
        });
        for sub in [current, older] {
            let parsed = parse_subscription(&sub, &billing).unwrap();
            assert_eq!(
                (parsed.current_period_start, parsed.current_period_end),
                (100, 200)
            );
        }
    }

    #[test]
    fn an_invoices_subscription_is_read_from_its_parent_and_from_the_older_field() {
        let current = json!({ "parent": { "type": "subscription_details",
            "subscription_details": { "subscription": "sub_1" } } });
        let expanded =
            json!({ "parent": { "subscription_details": { "subscription": { "id": "sub_1" } } } });
        let older = json!({ "subscription": "sub_1" });
        for invoice in [current, expanded, older] {
            assert_eq!(invoice_subscription(&invoice).as_deref(), Some("sub_1"));
        }
        assert_eq!(invoice_subscription(&json!({ "parent": null })), None);
    }

    #[test]
    fn a_paid_invoice_takes_its_charge_and_card_from_the_payment_intent_that_paid_it() {
        let card = Card {
            brand: "visa".into(),
            last4: "4242".into(),
            exp_month: 4,
            exp_year: 2033,
        };
        let intents: PaymentIntents = [(
            "pi_1".to_owned(),
            (Some("ch_1".to_owned()), Some(card.clone())),
        )]
        .into();
        let invoice = json!({ "id": "in_1", "created": 1, "currency": "usd", "payments": { "data": [
            { "status": "canceled", "payment": { "type": "payment_intent", "payment_intent": "pi_0" } },
            { "status": "paid", "payment": { "type": "payment_intent", "payment_intent": "pi_1" } },
        ] } });
        let parsed = parse_invoice(&invoice, &intents).unwrap();
        assert_eq!(
            (parsed.charge.as_deref(), parsed.card),
            (Some("ch_1"), Some(card))
        );
        let older = json!({ "id": "in_1", "created": 1, "currency": "usd", "charge": "ch_9" });
        assert_eq!(
            parse_invoice(&older, &intents).unwrap().charge.as_deref(),
            Some("ch_9")
        );
    }
}
