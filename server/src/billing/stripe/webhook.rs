//! Stripe's webhook events: the `Stripe-Signature` scheme (HMAC-SHA256 of `{timestamp}.{body}`,
//! five-minute tolerance, constant-time compare), and each event applied once per event id.
//!
//! An event is read for its id, its type and the id of the object it is about, nothing more: the
//! object itself is fetched from Stripe, and what Stripe says now is stored. So the endpoint's API
//! version does not matter, and events arriving late or out of order (an old
//! `customer.subscription.updated` after the `deleted`) cannot bring back a state Stripe has left.
//!
//! A delivery is checked against the event ids already stored before Stripe is asked anything,
//! and its id is stored in the same transaction as the change it brings. A failure on the way
//! (Stripe unreachable, the database) answers an error and stores nothing, so Stripe's retry does
//! the work again; a duplicate never reaches Stripe. Events about users or subscriptions SWAZ does
//! not know, and types it does not use, are acknowledged (2xx) with a log line: Stripe would only
//! retry them for days.

use hmac::{Hmac, Mac};
use serde_json::Value;
use sha2::Sha256;
use subtle::ConstantTimeEq;

use crate::auth::links::Mailer;
use crate::auth::users;
use crate::billing::notices;
use crate::billing::provider::{CheckoutMode, SubscriptionInfo};
use crate::billing::service::Billing;
use crate::billing::storage::{self, Payer};
use crate::error::{AppError, Result};

pub(crate) const TOLERANCE_SECS: i64 = 300;

/// Checks a `Stripe-Signature` header against the raw body.
pub fn verify(header: &str, body: &[u8], secret: &str, now_secs: i64) -> Result<(), &'static str> {
    let mut timestamp = None;
    let mut signatures = vec![];
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
            Some(("v1", sig)) => signatures.push(sig.to_owned()),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or("the Stripe-Signature header has no timestamp")?;
    if now_secs.abs_diff(timestamp) > TOLERANCE_SECS.unsigned_abs() {
        return Err("the Stripe-Signature timestamp is outside the tolerance");
    }
    let mut mac =
        Hmac::<Sha256>::new_from_slice(secret.as_bytes()).map_err(|_| "bad webhook secret")?;
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    let expected = hex::encode(mac.finalize().into_bytes());
    let matches = signatures.iter().any(|sig| {
        sig.len() == expected.len() && bool::from(sig.as_bytes().ct_eq(expected.as_bytes()))
    });
    if matches {
        Ok(())
    } else {
        Err("no Stripe-Signature matches the body")
    }
}

/// A header value Stripe would send for `body` at `timestamp` (used by tests and tools).
pub fn sign(body: &[u8], secret: &str, timestamp: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(format!("{timestamp}.").as_bytes());
    mac.update(body);
    format!(
        "t={timestamp},v1={}",
        hex::encode(mac.finalize().into_bytes())
    )
}

/// What became of a verified event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Handled {
    /// Stored, with what Stripe says now about its object (which may be nothing SWAZ keeps).
    Applied,
    /// Its id was stored before: nothing was done.
    Duplicate,
    /// A type SWAZ does not use, or one naming no object: nothing was done.
    Ignored,
}

/// What an event is about, by the id of its object.
enum Subject<'a> {
    Subscription(&'a str),
    Invoice(&'a str),
    Checkout(&'a str),
}

impl<'a> Subject<'a> {
    fn of(kind: &str, event: &'a Value) -> Option<Self> {
        let id = event.pointer("/data/object/id").and_then(Value::as_str)?;
        if kind.starts_with("customer.subscription.") {
            Some(Self::Subscription(id))
        } else if kind.starts_with("invoice.") {
            Some(Self::Invoice(id))
        } else if kind.starts_with("checkout.session.") {
            Some(Self::Checkout(id))
        } else {
            None
        }
    }
}

/// Applies a verified event once per event id (see the module's docs).
pub(crate) async fn apply(
    billing: Billing<'_>,
    mailer: Mailer<'_>,
    event: &Value,
    now: i64,
) -> Result<Handled> {
    let id = event
        .get("id")
        .and_then(Value::as_str)
        .ok_or_else(|| AppError::bad_request("The event has no id."))?;
    let kind = event.get("type").and_then(Value::as_str).unwrap_or("");
    let Some(subject) = Subject::of(kind, event) else {
        tracing::info!(
            event = id,
            kind,
            "stripe webhook ignored: not a type SWAZ uses"
        );
        return Ok(Handled::Ignored);
    };
    {
        let mut conn = billing.db.pool().acquire().await?;
        if storage::event_seen(&mut conn, id).await? {
            tracing::info!(
                event = id,
                kind,
                "stripe webhook delivered again: already applied"
            );
            return Ok(Handled::Duplicate);
        }
    }

    // Stripe is asked with no database lock held across the network call.
    let (subscription, buyer) = fetch(billing, &subject).await?;

    let mut tx = billing.db.begin_write().await?;
    if !storage::note_event(&mut tx, id, kind, now).await? {
        // Another delivery of the same event was stored meanwhile.
        tx.commit().await?;
        return Ok(Handled::Duplicate);
    }
    let mut member = None;
    match &subscription {
        None => {
            tracing::info!(
                event = id,
                kind,
                "stripe webhook: no subscription of SWAZ's to update"
            )
        }
        Some(sub) => {
            let owner = match storage::owner_of(&mut tx, &sub.id).await? {
                Some(Payer::Member(owner)) => Some(owner),
                // Its member's account was deleted; the team it pays for still reads it.
                Some(Payer::Deleted) => {
                    storage::refresh(&mut tx, sub, now).await?;
                    tracing::info!(
                        event = id,
                        kind,
                        subscription = %sub.id,
                        status = sub.status.as_str(),
                        "stripe webhook applied to a team plan whose payer was deleted"
                    );
                    None
                }
                // A signed-in member's checkout names them; an anonymous one waits for the
                // first flow, which makes the account.
                None => match &buyer {
                    Some(buyer) => users::by_id(&mut tx, buyer).await?.map(|user| user.id),
                    None => None,
                },
            };
            match owner {
                Some(owner) => {
                    storage::mirror(&mut tx, billing.payments.name(), &owner, sub, None, now)
                        .await?;
                    member = Some((owner.clone(), sub));
                    tracing::info!(
                        event = id,
                        kind,
                        subscription = %sub.id,
                        status = sub.status.as_str(),
                        "stripe webhook applied"
                    );
                }
                None if buyer.is_some() => tracing::warn!(
                    event = id,
                    kind,
                    subscription = %sub.id,
                    buyer = buyer.as_deref().unwrap_or(""),
                    "stripe webhook: the checkout names a user who no longer exists"
                ),
                None => tracing::info!(
                    event = id,
                    kind,
                    subscription = %sub.id,
                    "stripe webhook: a subscription SWAZ does not know (yet)"
                ),
            }
        }
    }
    tx.commit().await?;
    if let Some((owner, sub)) = member {
        mail_about(billing, mailer, kind, &owner, sub, now).await;
    }
    Ok(Handled::Applied)
}

/// The mails an applied invoice event owes the member: the receipt of a paid invoice, or the
/// notice that a payment failed. A failure is logged; the event stays applied.
async fn mail_about(
    billing: Billing<'_>,
    mailer: Mailer<'_>,
    kind: &str,
    owner: &str,
    sub: &SubscriptionInfo,
    now: i64,
) {
    match kind {
        "invoice.paid" | "invoice.payment_succeeded" => {
            notices::send_receipts_or_log(billing, mailer, owner, now).await
        }
        "invoice.payment_failed" => {
            if let Err(err) = notices::payment_failed(billing, mailer, owner, sub, now).await {
                tracing::warn!(user = owner, error = ?err, "the failed-payment notice was not queued");
            }
        }
        _ => {}
    }
}

/// The subscription an event's object belongs to, as Stripe has it now, and for a completed
/// checkout the signed-in member who started it.
async fn fetch(
    billing: Billing<'_>,
    subject: &Subject<'_>,
) -> Result<(Option<SubscriptionInfo>, Option<String>)> {
    let payments = billing.payments;
    let (subscription_id, buyer) = match *subject {
        Subject::Subscription(id) => (Some(id.to_owned()), None),
        Subject::Invoice(id) => (payments.invoice_subscription(id).await?, None),
        Subject::Checkout(id) => match payments.checkout(id).await? {
            Some(c) if c.mode == CheckoutMode::Subscription && c.complete => {
                (c.subscription_id, c.buyer_user_id)
            }
            _ => (None, None),
        },
    };
    let subscription = match subscription_id {
        Some(id) => payments.subscription(&id).await?,
        None => None,
    };
    Ok((subscription, buyer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_verifies_only_for_its_body_secret_and_time() {
        let header = sign(b"{\"id\":\"evt_1\"}", "whsec_test", 1_000_000);
        assert_eq!(
            verify(&header, b"{\"id\":\"evt_1\"}", "whsec_test", 1_000_100),
            Ok(())
        );
        assert!(verify(&header, b"{\"id\":\"evt_2\"}", "whsec_test", 1_000_100).is_err());
        assert!(verify(&header, b"{\"id\":\"evt_1\"}", "whsec_other", 1_000_100).is_err());
        assert_eq!(
            verify(
                &header,
                b"{\"id\":\"evt_1\"}",
                "whsec_test",
                1_000_000 + TOLERANCE_SECS + 1
            ),
            Err("the Stripe-Signature timestamp is outside the tolerance")
        );
        assert!(verify("v1=abc", b"{}", "whsec_test", 0).is_err());
        assert!(verify(
            "t=-9223372036854775808,v1=abc",
            b"{}",
            "whsec_test",
            1_000_000
        )
        .is_err());
        let rotated = format!("{header},v1={}", "0".repeat(64));
        assert_eq!(
            verify(&rotated, b"{\"id\":\"evt_1\"}", "whsec_test", 1_000_000),
            Ok(())
        );
    }
}
