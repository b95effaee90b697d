//! The Stripe provider: Checkout Sessions (subscription mode; setup mode for a card change),
//! Customers, Subscriptions, Invoices, cancel at period end and resuming it, over Stripe's REST
//! API with the secret key, pinned to API version 2024-06-20. The HTTP calls (keys, retries,
//! refusals) are in `client`, webhooks in `webhook`.

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

pub(crate) const API_VERSION: &str = "2024-06-20";

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

/// Reads a Stripe subscription object (from the API or a webhook event).
pub(crate) fn parse_subscription(v: &Value, billing: &BillingConfig) -> Option<SubscriptionInfo> {
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
        current_period_start: v.get("current_period_start")?.as_i64()?,
        current_period_end: v.get("current_period_end")?.as_i64()?,
        cancel_at_period_end: v
            .get("cancel_at_period_end")
            .and_then(Value::as_bool)
            .unwrap_or(false),
        canceled_at: v.get("canceled_at").and_then(Value::as_i64),
        card: v.get("default_payment_method").and_then(card_of),
    })
}

fn parse_invoice(v: &Value) -> Option<InvoiceInfo> {
    Some(InvoiceInfo {
        id: text(v, "id").unwrap_or_else(|| "upcoming".to_owned()),
        created: v.get("created")?.as_i64()?,
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
        charge: text(v, "charge"),
        card: v
            .pointer("/payment_intent/payment_method")
            .and_then(card_of),
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
            stripe: Client::new(&billing.stripe_api_base, key, API_VERSION.to_owned())?,
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
        let upcoming = self
            .get(
                "/v1/invoices/upcoming",
                &[("customer", customer_id), ("subscription", subscription_id)],
            )
            .await?;
        Ok(upcoming.and_then(|u| parse_invoice(&u)).map(|mut i| {
            i.card = sub.card.clone();
            i
        }))
    }

    async fn invoices(&self, customer_id: &str) -> Result<Vec<InvoiceInfo>> {
        let list = self
            .get(
                "/v1/invoices",
                &[
                    ("customer", customer_id),
                    ("limit", "24"),
                    ("expand[]", "data.payment_intent.payment_method"),
                ],
            )
            .await?
            .unwrap_or(Value::Null);
        Ok(list
            .get("data")
            .and_then(Value::as_array)
            .map(|items| items.iter().filter_map(parse_invoice).collect())
            .unwrap_or_default())
    }
}
