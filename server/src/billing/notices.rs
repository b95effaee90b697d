//! The membership mails: a receipt for every paid invoice, the confirmation of a cancellation
//! with the date access ends, a notice when a payment fails, and a reminder seven days before a
//! yearly renewal. Receipts and reminders are recorded as sent, so each goes out once whichever
//! path (return page, webhook, reconcile round) notices the invoice first.

use super::plans::{self, PlanId};
use super::provider::{InvoiceInfo, SubscriptionInfo};
use super::service::{self, Billing};
use super::storage;
use crate::auth::links::Mailer;
use crate::auth::users;
use crate::error::Result;
use crate::http::page::long_date;
use crate::mail::templates::{self, Payment};

/// Receipts are sent for invoices paid this recently: older ones predate the receipts.
const RECEIPTS_FOR_DAYS: i64 = 7;

/// Days before a yearly renewal that the reminder goes out.
const RENEWAL_NOTICE_DAYS: i64 = 7;

fn membership_url(mailer: Mailer<'_>) -> String {
    format!("{}/account/membership", mailer.base_url)
}

fn period_text(invoice: &InvoiceInfo) -> Option<String> {
    invoice
        .period
        .map(|(start, end)| format!("{} – {}", long_date(start * 1000), long_date(end * 1000)))
}

/// Sends `user_id` a receipt for each paid invoice of theirs that has none yet.
pub(crate) async fn send_receipts(
    billing: Billing<'_>,
    mailer: Mailer<'_>,
    user_id: &str,
    now: i64,
) -> Result<()> {
    let invoices = service::paid_invoices(billing.db, billing.payments, user_id).await?;
    let since = now.div_euclid(1000) - RECEIPTS_FOR_DAYS * 86_400;
    let fresh: Vec<&InvoiceInfo> = invoices
        .iter()
        .filter(|i| i.status == "paid" && i.amount_paid.0 > 0 && i.created >= since)
        .collect();
    if fresh.is_empty() {
        return Ok(());
    }
    let mut tx = billing.db.begin_write().await?;
    let Some(user) = users::by_id(&mut tx, user_id).await? else {
        return Ok(());
    };
    let plan = storage::current_plan(&mut tx, user_id).await?;
    for invoice in fresh {
        if !storage::note_receipt(&mut tx, &invoice.id, user_id, now).await? {
            continue;
        }
        let amount = invoice.amount_paid.display(&invoice.currency);
        let period = period_text(invoice);
        let paid = Payment {
            amount: &amount,
            plan: plan.map_or("SWAZ membership", plans::label),
            period: period.as_deref(),
            invoice_url: invoice.hosted_invoice_url.as_deref(),
        };
        let message = templates::receipt(&user.email, &user.first_name, &paid);
        mailer.outbox.enqueue(&mut tx, &message, now).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Confirms to `user_id` that `sub` ends at its period end.
pub(crate) async fn confirm_cancellation(
    billing: Billing<'_>,
    mailer: Mailer<'_>,
    user_id: &str,
    sub: &SubscriptionInfo,
    now: i64,
) -> Result<()> {
    let mut tx = billing.db.begin_write().await?;
    if let Some(user) = users::by_id(&mut tx, user_id).await? {
        let ends_on = long_date(sub.current_period_end * 1000);
        let message = templates::membership_cancelled(
            &user.email,
            &user.first_name,
            &ends_on,
            &membership_url(mailer),
        );
        mailer.outbox.enqueue(&mut tx, &message, now).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Tells the member whose subscription `sub` is that its renewal payment failed.
pub(crate) async fn payment_failed(
    billing: Billing<'_>,
    mailer: Mailer<'_>,
    owner: &str,
    sub: &SubscriptionInfo,
    now: i64,
) -> Result<()> {
    let mut tx = billing.db.begin_write().await?;
    if let Some(user) = users::by_id(&mut tx, owner).await? {
        let price = plans::plan(billing.plans, sub.plan);
        let amount = price.amount.display(&price.currency);
        let paid = Payment {
            amount: &amount,
            plan: plans::label(sub.plan),
            period: None,
            invoice_url: None,
        };
        let message = templates::payment_failed(
            &user.email,
            &user.first_name,
            &paid,
            &membership_url(mailer),
        );
        mailer.outbox.enqueue(&mut tx, &message, now).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// [`send_receipts`] where a failure must not undo what was done: it is logged, and the next
/// look at the member's invoices sends what is missing.
pub(crate) async fn send_receipts_or_log(
    billing: Billing<'_>,
    mailer: Mailer<'_>,
    user_id: &str,
    now: i64,
) {
    if let Err(err) = send_receipts(billing, mailer, user_id, now).await {
        tracing::warn!(user = user_id, error = ?err, "sending receipts failed; the next round retries");
    }
}

/// Reminds every yearly member whose renewal is at most seven days away, once per period.
pub(crate) async fn send_renewal_reminders(
    billing: Billing<'_>,
    mailer: Mailer<'_>,
    now: i64,
) -> Result<usize> {
    let mut tx = billing.db.begin_write().await?;
    let due = storage::renewing_within(&mut tx, now, RENEWAL_NOTICE_DAYS * 86_400_000).await?;
    let mut sent = 0;
    for renewal in due {
        if !storage::note_renewal_notice(&mut tx, &renewal.subscription_id, renewal.period_end, now)
            .await?
        {
            continue;
        }
        let Some(user) = users::by_id(&mut tx, &renewal.user_id).await? else {
            continue;
        };
        let Ok(plan) = PlanId::parse(&renewal.plan) else {
            continue;
        };
        let price = plans::plan(billing.plans, plan);
        let amount = price.amount.display(&price.currency);
        let renews_on = long_date(renewal.period_end);
        let payment = Payment {
            amount: &amount,
            plan: plans::label(plan),
            period: None,
            invoice_url: None,
        };
        let message = templates::renewal_reminder(
            &user.email,
            &user.first_name,
            &payment,
            &renews_on,
            &membership_url(mailer),
        );
        mailer.outbox.enqueue(&mut tx, &message, now).await?;
        sent += 1;
    }
    tx.commit().await?;
    Ok(sent)
}
