//! Membership operations: turning a paid checkout into a membership (once), resuming one set to
//! end, and keeping the app's copy of each subscription in step with the provider.

use sqlx::AnyConnection;

use super::provider::{
    CheckoutInfo, CheckoutMode, InvoiceInfo, PaymentProvider, SubscriptionInfo, SubscriptionStatus,
    ENDED_CANNOT_RESUME,
};
use super::storage::{Payer, Processed};
use super::{plans, storage};
use crate::auth::links::Mailer;
use crate::auth::password::{self, NewPassword};
use crate::auth::users;
use crate::config::BillingConfig;
use crate::db::Db;
use crate::domain::{name_part, Email};
use crate::error::{AppError, Result};
use crate::teams;

/// What the membership services work with: the database, the payment provider and the plans.
#[derive(Clone, Copy)]
pub struct Billing<'a> {
    pub db: &'a Db,
    pub payments: &'a dyn PaymentProvider,
    pub plans: &'a BillingConfig,
}

/// Updates the app's copy of a subscription it already knows (webhooks, refreshes).
pub(crate) async fn refresh_mirror(
    billing: Billing<'_>,
    sub: &SubscriptionInfo,
    now: i64,
) -> Result<()> {
    let mut conn = billing.db.pool().acquire().await?;
    refresh_in(billing, &mut conn, sub, now).await
}

/// [`refresh_mirror`] on the caller's connection or transaction.
pub(crate) async fn refresh_in(
    billing: Billing<'_>,
    conn: &mut AnyConnection,
    sub: &SubscriptionInfo,
    now: i64,
) -> Result<()> {
    match storage::owner_of(conn, &sub.id).await? {
        Some(Payer::Member(owner)) => {
            storage::mirror(conn, billing.payments.name(), &owner, sub, None, now).await?
        }
        // The team it pays for still reads it until its period ends.
        Some(Payer::Deleted) => storage::refresh(conn, sub, now).await?,
        None => {}
    }
    Ok(())
}

/// Lets go of `user_id`'s subscriptions as their account is deleted, in the deleting transaction.
/// One that pays for a team with anyone else in it stays until its period ends, so they keep
/// access (its row loses its member with the account; the caller has set it to end at period
/// end); its cancel reason, the member's own words, goes. Every other one goes, and so does a
/// team it paid for that has nobody else in it.
pub(crate) async fn release_payer(conn: &mut AnyConnection, user_id: &str, now: i64) -> Result<()> {
    for (subscription_id, period_end) in storage::all_of(conn, user_id).await? {
        let team = teams::storage::paid_by(conn, &subscription_id).await?;
        let others = match &team {
            Some(team_id) => teams::storage::count_others(conn, team_id, user_id).await?,
            None => 0,
        };
        if others > 0 && period_end > now {
            storage::forget_cancel_reason(conn, &subscription_id).await?;
            continue;
        }
        if let (Some(team_id), 0) = (&team, others) {
            teams::storage::dissolve(conn, team_id).await?;
        }
        storage::delete(conn, &subscription_id).await?;
    }
    Ok(())
}

/// A signed-in member with a running membership asked for another checkout.
pub(crate) const ALREADY_A_MEMBER: &str =
    "You already have a membership, so there is nothing to buy. To switch between monthly and yearly or Individual and Team, use Change plan on your Membership page.";

/// A visitor typed the e-mail of an account that exists: only its owner, signed in, may buy.
pub(crate) const EMAIL_HAS_AN_ACCOUNT: &str =
    "There is already a SWAZ account for this e-mail. Sign in, then renew or change your plan from your Membership page.";

/// A paid checkout doubled a membership its buyer already had: it was refunded.
pub(crate) const DUPLICATE_REFUNDED: &str =
    "You already have a membership, so this payment was refunded and nothing changed. Your plan is on your Membership page.";

/// Who is about to buy: refuses, before any payment, a second membership for one person.
/// A signed-in member may buy while they have no running membership; a visitor gives the e-mail
/// the membership will be for, which must not belong to an account yet (its owner signs in), so
/// nothing a stranger types can touch another person's membership, card or invoices.
pub(crate) async fn check_buyer(
    db: &Db,
    signed_in: Option<&str>,
    email: Option<&str>,
    now: i64,
) -> Result<Option<Email>> {
    let mut conn = db.pool().acquire().await?;
    if let Some(user_id) = signed_in {
        if storage::running(&mut conn, user_id, now).await?.is_some() {
            return Err(AppError::conflict(ALREADY_A_MEMBER));
        }
        return Ok(None);
    }
    let raw = email.map(str::trim).unwrap_or("");
    if raw.is_empty() {
        return Err(AppError::bad_request("Enter your e-mail address."));
    }
    let email = Email::try_parse(raw)
        .ok_or_else(|| AppError::bad_request("Enter a valid e-mail address."))?;
    if users::by_email(&mut conn, &email).await?.is_some() {
        return Err(AppError::conflict(EMAIL_HAS_AN_ACCOUNT));
    }
    Ok(Some(email))
}

/// Every invoice the member paid, under any customer they paid as, newest first.
pub(crate) async fn paid_invoices(
    db: &Db,
    payments: &dyn PaymentProvider,
    user_id: &str,
) -> Result<Vec<InvoiceInfo>> {
    let customers = {
        let mut conn = db.pool().acquire().await?;
        storage::customers_ever(&mut conn, user_id).await?
    };
    let mut invoices = vec![];
    for customer in customers {
        invoices.extend(payments.invoices(&customer).await?);
    }
    // Stable: invoices of one second keep the provider's own order (newest first).
    invoices.sort_by_key(|invoice| std::cmp::Reverse(invoice.created));
    let mut seen = std::collections::HashSet::new();
    invoices.retain(|invoice| seen.insert(invoice.id.clone()));
    Ok(invoices)
}

/// True when attaching `sub` to `user_id` would give them a second running membership. Run in
/// the write transaction that would attach it, after [`lock_buyer`].
async fn doubles(
    conn: &mut AnyConnection,
    user_id: &str,
    sub: &SubscriptionInfo,
    now: i64,
) -> Result<bool> {
    Ok(storage::running(conn, user_id, now)
        .await?
        .is_some_and(|m| m.subscription_id != sub.id))
}

/// Serialises checkouts for one account (PostgreSQL; SQLite's writer lock already does).
async fn lock_buyer(db: &Db, conn: &mut AnyConnection, user_id: &str) -> Result<()> {
    teams::storage::lock_user(conn, db.kind(), user_id).await?;
    Ok(())
}

/// Refunds and cancels a paid checkout that doubled `user_id`'s membership, then records that,
/// so every later call for the checkout answers the same. The provider's refund is idempotent.
async fn refund_duplicate(
    billing: Billing<'_>,
    session_id: &str,
    user_id: &str,
    existing_user: bool,
    sub: &SubscriptionInfo,
    now: i64,
) -> Result<Processed> {
    tracing::warn!(
        session = session_id,
        subscription = %sub.id,
        user = user_id,
        "a paid checkout doubled a running membership: refunding it"
    );
    billing.payments.refund_and_cancel(&sub.id).await?;
    let mut tx = billing.db.begin_write().await?;
    if let Some(done) = storage::claim_checkout(billing.db, &mut tx, session_id, now).await? {
        tx.commit().await?;
        return Ok(done);
    }
    let outcome = Processed {
        user_id: user_id.to_owned(),
        existing_user,
        refunded: true,
    };
    storage::mark_checkout(&mut tx, session_id, &outcome, now).await?;
    tx.commit().await?;
    Ok(outcome)
}

/// A member who does not pay for their team's plan asks whoever does (as for cancelling).
pub(crate) const RESUME_IS_FOR_THE_PAYER: &str =
    "Only the team admin who pays for your team's plan can resume it. Ask them to resume it on their Membership page.";

/// Resumes `user_id`'s own membership that is set to end at period end, while the period still
/// runs: it renews again. The same people who may cancel may resume: the member who pays for
/// the subscription (for a team plan, the admin who bought it).
pub async fn resume(billing: Billing<'_>, user_id: &str, now: i64) -> Result<SubscriptionInfo> {
    let (membership, team) = {
        let mut conn = billing.db.pool().acquire().await?;
        (
            storage::current(&mut conn, user_id).await?,
            teams::storage::team_of(&mut conn, user_id).await?,
        )
    };
    let Some(membership) = membership else {
        return Err(match team {
            Some(_) => AppError::forbidden(RESUME_IS_FOR_THE_PAYER),
            None => AppError::not_found(
                "You have no membership to resume. Choose a plan to become a member.",
            ),
        });
    };
    let sub = billing
        .payments
        .subscription(&membership.subscription_id)
        .await?
        .ok_or_else(|| AppError::not_found("You have no membership yet."))?;
    refresh_mirror(billing, &sub, now).await?;
    if sub.status == SubscriptionStatus::Canceled {
        return Err(AppError::conflict(ENDED_CANNOT_RESUME));
    }
    if !sub.cancel_at_period_end {
        return Err(AppError::conflict(
            "Your membership is not set to end, so there is nothing to resume: it renews at the end of each period.",
        ));
    }
    // The provider may not have noticed yet; the app's clock decides.
    if sub.current_period_end <= now.div_euclid(1000) {
        return Err(AppError::conflict(ENDED_CANNOT_RESUME));
    }
    let sub = billing.payments.resume(&sub.id).await?;
    refresh_mirror(billing, &sub, now).await?;
    // The reason belonged to the cancellation just undone; a later one records its own.
    let mut conn = billing.db.pool().acquire().await?;
    storage::forget_cancel_reason(&mut conn, &sub.id).await?;
    Ok(sub)
}

async fn paid_checkout(
    billing: Billing<'_>,
    session_id: &str,
) -> Result<(CheckoutInfo, SubscriptionInfo)> {
    if session_id.trim().is_empty() {
        return Err(AppError::bad_request("The sessionid parameter is missing."));
    }
    let info = billing
        .payments
        .checkout(session_id)
        .await?
        .filter(|c| c.mode == CheckoutMode::Subscription)
        .ok_or_else(|| {
            AppError::not_found(
                "We could not find that checkout. Start again from the pricing page.",
            )
        })?;
    if !info.complete {
        return Err(AppError::bad_request(
            "This checkout has not been paid yet.",
        ));
    }
    let sub_id = info.subscription_id.clone().unwrap_or_default();
    let sub = billing
        .payments
        .subscription(&sub_id)
        .await?
        .ok_or_else(|| {
            AppError::Internal(anyhow::anyhow!(
                "paid checkout {session_id} has no subscription {sub_id}"
            ))
        })?;
    Ok((info, sub))
}

/// Attaches a paid subscription to `user_id`; a team plan makes a team with the user as admin.
pub(super) async fn attach(
    billing: Billing<'_>,
    conn: &mut AnyConnection,
    user_id: &str,
    first_name: &str,
    sub: &SubscriptionInfo,
    now: i64,
) -> Result<()> {
    let team_id = if sub.plan.is_team() {
        match teams::storage::paid_by(conn, &sub.id).await? {
            Some(id) => Some(id),
            None => {
                let name = if first_name.is_empty() {
                    "My Team".to_owned()
                } else {
                    format!("{first_name}'s Team")
                };
                let seats = plans::plan(billing.plans, sub.plan).seats;
                Some(teams::create(conn, &name, seats, &sub.id, user_id, now).await?)
            }
        }
    } else {
        None
    };
    storage::mirror(
        conn,
        billing.payments.name(),
        user_id,
        sub,
        team_id.as_deref(),
        now,
    )
    .await?;
    Ok(())
}

pub(crate) enum FirstFlow {
    /// A new account; the generated password is answered only the first time.
    NewUser {
        email: String,
        generated_password: Option<String>,
    },
    /// The e-mail already had an account: the subscription was attached to it.
    ExistingUser { email: String },
    /// The e-mail's account already had a running membership: the payment was refunded.
    Refunded,
}

impl FirstFlow {
    fn of(done: &Processed, email: &Email) -> Self {
        let email = email.as_str().to_owned();
        match done {
            Processed { refunded: true, .. } => Self::Refunded,
            Processed {
                existing_user: true,
                ..
            } => Self::ExistingUser { email },
            _ => Self::NewUser {
                email,
                generated_password: None,
            },
        }
    }
}

fn split_name(full: &str, email: &Email) -> (String, String) {
    let full = full.trim();
    let (first, last) = match full.split_once(' ') {
        Some((f, l)) => (f.trim(), l.trim()),
        None => (full, ""),
    };
    let first = if first.is_empty() {
        email.as_str().split('@').next().unwrap_or("Athlete")
    } else {
        first
    };
    (
        name_part(first, "First name", false).unwrap_or_else(|_| "Athlete".into()),
        name_part(last, "Last name", false).unwrap_or_default(),
    )
}

/// The first flow (SPEC §4): a visitor paid without an account. Creates the account with a
/// generated password and a confirmation e-mail, or attaches the subscription to the existing
/// account with that e-mail. Retries and double clicks never make a second user or membership.
pub(crate) async fn complete_first_checkout(
    billing: Billing<'_>,
    mailer: Mailer<'_>,
    session_id: &str,
    now: i64,
) -> Result<FirstFlow> {
    let (info, sub) = paid_checkout(billing, session_id).await?;
    if info.buyer_user_id.is_some() {
        return Err(AppError::not_found(
            "This checkout was started by a signed-in member: sign in to finish it.",
        ));
    }
    let email = info
        .email
        .as_deref()
        .and_then(Email::try_parse)
        .ok_or_else(|| {
            AppError::Internal(anyhow::anyhow!(
                "paid checkout {session_id} has no usable e-mail"
            ))
        })?;
    // Two different checkouts for one new e-mail may race to create the account (PostgreSQL
    // reports it as a unique violation); the second attempt then finds the account.
    for _ in 0..3 {
        if let Some(outcome) =
            try_first_checkout(billing, mailer, session_id, (&info, &sub), &email, now).await?
        {
            if !matches!(outcome, FirstFlow::Refunded) {
                let owner = {
                    let mut conn = billing.db.pool().acquire().await?;
                    users::by_email(&mut conn, &email).await?
                };
                if let Some(owner) = owner {
                    super::notices::send_receipts_or_log(billing, mailer, &owner.id, now).await;
                }
            }
            return Ok(outcome);
        }
    }
    Err(AppError::Internal(anyhow::anyhow!(
        "first flow for {session_id} kept losing races"
    )))
}

async fn try_first_checkout(
    billing: Billing<'_>,
    mailer: Mailer<'_>,
    session_id: &str,
    (info, sub): (&CheckoutInfo, &SubscriptionInfo),
    email: &Email,
    now: i64,
) -> Result<Option<FirstFlow>> {
    let processed = {
        let mut conn = billing.db.pool().acquire().await?;
        storage::checkout_result(&mut conn, session_id).await?
    };
    // Hashing costs tens of milliseconds: only when an account may be created.
    let generated = password::generate();
    let hash = match processed {
        Some(_) => String::new(),
        None => password::hash(&NewPassword::parse(&generated)?).await?,
    };

    let mut tx = billing.db.begin_write().await?;
    if let Some(done) = storage::claim_checkout(billing.db, &mut tx, session_id, now).await? {
        tx.commit().await?;
        return Ok(Some(FirstFlow::of(&done, email)));
    }
    if hash.is_empty() {
        return Ok(None);
    }
    if let Some(user) = users::by_email(&mut tx, email).await? {
        // The checkout began before this account existed (it is refused for an existing one).
        lock_buyer(billing.db, &mut tx, &user.id).await?;
        if doubles(&mut tx, &user.id, sub, now).await? {
            tx.commit().await?;
            let done = refund_duplicate(billing, session_id, &user.id, true, sub, now).await?;
            return Ok(Some(FirstFlow::of(&done, email)));
        }
        attach(billing, &mut tx, &user.id, &user.first_name, sub, now).await?;
        let outcome = Processed {
            user_id: user.id.clone(),
            existing_user: true,
            refunded: false,
        };
        storage::mark_checkout(&mut tx, session_id, &outcome, now).await?;
        tx.commit().await?;
        return Ok(Some(FirstFlow::ExistingUser { email: user.email }));
    }
    let (first, last) = split_name(info.name.as_deref().unwrap_or(""), email);
    let inserted = users::insert(
        &mut tx,
        users::NewUser {
            email,
            password_hash: &hash,
            first_name: &first,
            last_name: &last,
            metadata: serde_json::json!({}),
            confirmed: false,
        },
        now,
    )
    .await;
    let user = match inserted {
        Ok(user) => user,
        Err(e) if crate::error::is_unique_violation(&e) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let redirect = format!("{}/user-dashboard", mailer.base_url);
    crate::auth::links::send_confirmation(&mut tx, mailer, &user, &redirect, now).await?;
    attach(billing, &mut tx, &user.id, &first, sub, now).await?;
    let outcome = Processed {
        user_id: user.id.clone(),
        existing_user: false,
        refunded: false,
    };
    storage::mark_checkout(&mut tx, session_id, &outcome, now).await?;
    tx.commit().await?;
    Ok(Some(FirstFlow::NewUser {
        email: user.email,
        generated_password: Some(generated),
    }))
}

/// A signed-in member paid: attaches the subscription to them (idempotent).
pub(crate) async fn complete_member_checkout(
    billing: Billing<'_>,
    user_id: &str,
    email: &str,
    session_id: &str,
    now: i64,
) -> Result<String> {
    let (info, sub) = paid_checkout(billing, session_id).await?;
    let theirs = match &info.buyer_user_id {
        Some(buyer) => buyer == user_id,
        None => info
            .email
            .as_deref()
            .is_some_and(|e| e.eq_ignore_ascii_case(email)),
    };
    if !theirs {
        return Err(AppError::not_found(
            "We could not find that checkout. Start again from the pricing page.",
        ));
    }
    let mut tx = billing.db.begin_write().await?;
    let done = match storage::claim_checkout(billing.db, &mut tx, session_id, now).await? {
        Some(done) => {
            tx.commit().await?;
            done
        }
        None => {
            lock_buyer(billing.db, &mut tx, user_id).await?;
            if doubles(&mut tx, user_id, &sub, now).await? {
                tx.commit().await?;
                refund_duplicate(billing, session_id, user_id, true, &sub, now).await?
            } else {
                let first = users::by_id(&mut tx, user_id)
                    .await?
                    .map(|u| u.first_name)
                    .unwrap_or_default();
                attach(billing, &mut tx, user_id, &first, &sub, now).await?;
                let outcome = Processed {
                    user_id: user_id.to_owned(),
                    existing_user: true,
                    refunded: false,
                };
                storage::mark_checkout(&mut tx, session_id, &outcome, now).await?;
                tx.commit().await?;
                outcome
            }
        }
    };
    if done.user_id != user_id {
        return Err(AppError::conflict(
            "This checkout was already used by another account.",
        ));
    }
    if done.refunded {
        return Err(AppError::conflict(DUPLICATE_REFUNDED));
    }
    Ok(sub.status.as_str().to_owned())
}
