//! Membership operations: turning a paid checkout into a membership (once), resuming one set to
//! end, and keeping the app's copy of each subscription in step with the provider.

use sqlx::{AnyConnection, Row};

use super::plans;
use super::provider::{
    CheckoutInfo, CheckoutMode, PaymentProvider, SubscriptionInfo, SubscriptionStatus,
    ENDED_CANNOT_RESUME,
};
use crate::auth::links::Mailer;
use crate::auth::password::{self, NewPassword};
use crate::auth::users;
use crate::config::BillingConfig;
use crate::db::Db;
use crate::domain::{name_part, Email};
use crate::error::{AppError, Result};
use crate::teams;

/// The app's record of one subscription.
#[derive(Clone, Debug)]
pub struct Membership {
    pub subscription_id: String,
    pub customer_id: String,
}

/// Copies the provider's facts about a subscription into `subscriptions` for `user_id`.
pub(crate) async fn mirror(
    conn: &mut AnyConnection,
    provider: &str,
    user_id: &str,
    sub: &SubscriptionInfo,
    team_id: Option<&str>,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO subscriptions (id, provider, customer_id, user_id, plan, status, current_period_start, current_period_end, \
         cancel_at_period_end, canceled_at, team_id, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) \
         ON CONFLICT (id) DO UPDATE SET plan = excluded.plan, status = excluded.status, \
         current_period_start = excluded.current_period_start, current_period_end = excluded.current_period_end, \
         cancel_at_period_end = excluded.cancel_at_period_end, canceled_at = excluded.canceled_at, updated_at = excluded.updated_at",
    )
    .bind(&sub.id)
    .bind(provider)
    .bind(&sub.customer_id)
    .bind(user_id)
    .bind(sub.plan.as_str())
    .bind(sub.status.as_str())
    .bind(sub.current_period_start * 1000)
    .bind(sub.current_period_end * 1000)
    .bind(i64::from(sub.cancel_at_period_end))
    .bind(sub.canceled_at.map(|s| s * 1000))
    .bind(team_id)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "INSERT INTO billing_customers (user_id, provider, customer_id, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id) DO UPDATE SET provider = excluded.provider, customer_id = excluded.customer_id",
    )
    .bind(user_id)
    .bind(provider)
    .bind(&sub.customer_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

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
    let owner: Option<String> =
        sqlx::query_scalar("SELECT user_id FROM subscriptions WHERE id = $1")
            .bind(&sub.id)
            .fetch_optional(billing.db.pool())
            .await?;
    if let Some(owner) = owner {
        let mut conn = billing.db.pool().acquire().await?;
        mirror(&mut conn, billing.payments.name(), &owner, sub, None, now).await?;
    }
    Ok(())
}

/// The member's current subscription: the newest that is still running, else the newest.
pub async fn current(conn: &mut AnyConnection, user_id: &str) -> sqlx::Result<Option<Membership>> {
    let row = sqlx::query(
        "SELECT id, customer_id FROM subscriptions WHERE user_id = $1 \
         ORDER BY CASE WHEN status IN ('active', 'trialing', 'past_due') THEN 0 ELSE 1 END, created_at DESC LIMIT 1",
    )
    .bind(user_id)
    .fetch_optional(conn)
    .await?;
    row.map(|r| {
        Ok(Membership {
            subscription_id: r.try_get("id")?,
            customer_id: r.try_get("customer_id")?,
        })
    })
    .transpose()
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
            current(&mut conn, user_id).await?,
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
    sqlx::query("UPDATE subscriptions SET cancel_reason = NULL WHERE id = $1")
        .bind(&sub.id)
        .execute(billing.db.pool())
        .await?;
    Ok(sub)
}

pub(crate) async fn customer_of(
    conn: &mut AnyConnection,
    user_id: &str,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT customer_id FROM billing_customers WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(conn)
        .await
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
        let existing: Option<String> =
            sqlx::query_scalar("SELECT id FROM teams WHERE subscription_id = $1")
                .bind(&sub.id)
                .fetch_optional(&mut *conn)
                .await?;
        match existing {
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
    mirror(
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

/// Locks the checkout's processing row; answers (result user id, existing-user flag).
async fn claim_checkout(
    db: &Db,
    conn: &mut AnyConnection,
    session_id: &str,
    now: i64,
) -> Result<(Option<String>, bool)> {
    sqlx::query("INSERT INTO billing_checkouts (session_id, created_at) VALUES ($1, $2) ON CONFLICT (session_id) DO NOTHING")
        .bind(session_id)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    let lock = db.kind().for_update();
    let row = sqlx::query(&format!(
        "SELECT result_user_id, existing_user FROM billing_checkouts WHERE session_id = $1{lock}"
    ))
    .bind(session_id)
    .fetch_one(&mut *conn)
    .await?;
    let existing: i64 = row.try_get("existing_user")?;
    Ok((row.try_get("result_user_id")?, existing == 1))
}

async fn mark_checkout(
    conn: &mut AnyConnection,
    session_id: &str,
    user_id: &str,
    existing: bool,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE billing_checkouts SET result_user_id = $1, existing_user = $2, processed_at = $3 WHERE session_id = $4")
        .bind(user_id)
        .bind(i64::from(existing))
        .bind(now)
        .bind(session_id)
        .execute(conn)
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
    let processed: Option<String> = sqlx::query_scalar(
        "SELECT result_user_id FROM billing_checkouts WHERE session_id = $1 AND result_user_id IS NOT NULL",
    )
    .bind(session_id)
    .fetch_optional(billing.db.pool())
    .await?;
    // Hashing costs tens of milliseconds: only when an account may be created.
    let generated = password::generate();
    let hash = match processed {
        Some(_) => String::new(),
        None => password::hash(&NewPassword::parse(&generated)?).await?,
    };

    let mut tx = billing.db.begin_write().await?;
    let (done_for, existing) = claim_checkout(billing.db, &mut tx, session_id, now).await?;
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
        mark_checkout(&mut tx, session_id, &user.id, true, now).await?;
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
    mark_checkout(&mut tx, session_id, &user.id, false, now).await?;
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
    let (done_for, _) = claim_checkout(billing.db, &mut tx, session_id, now).await?;
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
            mark_checkout(&mut tx, session_id, user_id, true, now).await?;
        }
    }
    tx.commit().await?;
    Ok(sub.status.as_str().to_owned())
}

/// Keeps the member's first reason for cancelling; a later cancellation of the same membership
/// does not overwrite it.
pub(crate) async fn keep_cancel_reason(db: &Db, subscription_id: &str, reason: &str) -> Result<()> {
    sqlx::query(
        "UPDATE subscriptions SET cancel_reason = COALESCE(cancel_reason, $1) WHERE id = $2",
    )
    .bind(reason)
    .bind(subscription_id)
    .execute(db.pool())
    .await?;
    Ok(())
}
