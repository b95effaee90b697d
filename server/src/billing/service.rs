//! Membership operations: turning a paid checkout into a membership (once), resuming one set to
//! end, and keeping the app's copy of each subscription in step with the provider.

use sqlx::AnyConnection;

use super::provider::{
    CheckoutInfo, CheckoutMode, PaymentProvider, SubscriptionInfo, SubscriptionStatus,
    ENDED_CANNOT_RESUME,
};
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
    if let Some(owner) = storage::owner_of(&mut conn, &sub.id).await? {
        storage::mirror(&mut conn, billing.payments.name(), &owner, sub, None, now).await?;
    }
    Ok(())
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
    storage::forget_cancel_reason(billing.db, &sub.id).await?;
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
async fn attach(
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
    let (done_for, existing) =
        storage::claim_checkout(billing.db, &mut tx, session_id, now).await?;
    if done_for.is_some() {
        tx.commit().await?;
        return Ok(Some(if existing {
            FirstFlow::ExistingUser {
                email: email.as_str().to_owned(),
            }
        } else {
            FirstFlow::NewUser {
                email: email.as_str().to_owned(),
                generated_password: None,
            }
        }));
    }
    if hash.is_empty() {
        return Ok(None);
    }
    if let Some(user) = users::by_email(&mut tx, email).await? {
        attach(billing, &mut tx, &user.id, &user.first_name, sub, now).await?;
        storage::mark_checkout(&mut tx, session_id, &user.id, true, now).await?;
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
    storage::mark_checkout(&mut tx, session_id, &user.id, false, now).await?;
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
    let (done_for, _) = storage::claim_checkout(billing.db, &mut tx, session_id, now).await?;
    match done_for {
        Some(owner) if owner == user_id => {}
        Some(_) => {
            return Err(AppError::conflict(
                "This checkout was already used by another account.",
            ))
        }
        None => {
            let first = users::by_id(&mut tx, user_id)
                .await?
                .map(|u| u.first_name)
                .unwrap_or_default();
            attach(billing, &mut tx, user_id, &first, &sub, now).await?;
            storage::mark_checkout(&mut tx, session_id, user_id, true, now).await?;
        }
    }
    tx.commit().await?;
    Ok(sub.status.as_str().to_owned())
}
