//! Changing a running membership's plan: monthly ↔ yearly and Individual ↔ Team, effective at
//! once for the prorated amount the member was shown first. Team seats follow the plan; a team
//! plan becomes an Individual one only while the paying admin is the team's last member.

use super::plans::{self, PlanId};
use super::provider::{PlanChangePreview, SubscriptionInfo, SubscriptionStatus};
use super::service::{self, Billing};
use super::storage;
use crate::auth::users;
use crate::error::{AppError, Result};
use crate::teams;

/// A team member who does not pay asks whoever does (as for cancelling and resuming).
pub(crate) const CHANGE_IS_FOR_THE_PAYER: &str =
    "Only the team admin who pays for your team's plan can change it. Ask them to change it on their Membership page.";

/// The member's running subscription, fresh from the provider, if `plan` may replace its plan.
async fn changeable(
    billing: Billing<'_>,
    user_id: &str,
    plan: PlanId,
    now: i64,
) -> Result<SubscriptionInfo> {
    let (membership, team) = {
        let mut conn = billing.db.pool().acquire().await?;
        (
            storage::running(&mut conn, user_id, now).await?,
            teams::storage::team_of(&mut conn, user_id).await?,
        )
    };
    let Some(membership) = membership else {
        return Err(match team {
            Some(_) => AppError::forbidden(CHANGE_IS_FOR_THE_PAYER),
            None => AppError::not_found(
                "You have no membership to change. Choose a plan to become a member.",
            ),
        });
    };
    let sub = billing
        .payments
        .subscription(&membership.subscription_id)
        .await?
        .ok_or_else(|| AppError::not_found("You have no membership yet."))?;
    service::refresh_mirror(billing, &sub, now).await?;
    if sub.status == SubscriptionStatus::Canceled {
        return Err(AppError::conflict(
            "Your membership has ended. Choose a plan to become a member again.",
        ));
    }
    if sub.cancel_at_period_end {
        return Err(AppError::conflict(
            "Your membership is set to end. Resume it on your Membership page first, then change your plan.",
        ));
    }
    if sub.plan == plan {
        return Err(AppError::conflict("This is already your plan."));
    }
    if sub.plan.is_team() {
        check_team_fits(billing, &sub, plan).await?;
    }
    Ok(sub)
}

/// A team plan's team must fit the new plan: none but the admin for an Individual plan, no more
/// athletes than the seats of another team plan.
async fn check_team_fits(billing: Billing<'_>, sub: &SubscriptionInfo, plan: PlanId) -> Result<()> {
    let mut conn = billing.db.pool().acquire().await?;
    let Some(team_id) = teams::storage::paid_by(&mut conn, &sub.id).await? else {
        return Ok(());
    };
    let people = teams::storage::count_members(&mut conn, &team_id).await?;
    if !plan.is_team() && people > 1 {
        return Err(AppError::conflict(
            "Your team still has other members. Remove them from your team first, or keep a Team plan.",
        ));
    }
    let seats = plans::plan(billing.plans, plan).seats;
    if plan.is_team() && people - 1 > seats {
        return Err(AppError::conflict(format!(
            "Your team has more athletes than the {seats} seats of that plan. Remove some first, or keep your plan."
        )));
    }
    Ok(())
}

/// What changing to `plan` would cost now.
pub(crate) async fn preview(
    billing: Billing<'_>,
    user_id: &str,
    plan: PlanId,
    now: i64,
) -> Result<(SubscriptionInfo, PlanChangePreview)> {
    let sub = changeable(billing, user_id, plan, now).await?;
    let preview = billing
        .payments
        .preview_plan_change(&sub.id, plan, now.div_euclid(1000))
        .await?;
    Ok((sub, preview))
}

/// Changes the member's plan to `plan` at once, charged as the preview made at `preview_at`
/// showed (a preview older than an hour is made again), and brings the team along.
pub(crate) async fn change(
    billing: Billing<'_>,
    user_id: &str,
    plan: PlanId,
    preview_at: Option<i64>,
    now: i64,
) -> Result<SubscriptionInfo> {
    let old = changeable(billing, user_id, plan, now).await?;
    let now_secs = now.div_euclid(1000);
    let at = preview_at
        .filter(|at| (now_secs - 3600..=now_secs).contains(at))
        .unwrap_or(now_secs);
    let sub = billing.payments.change_plan(&old.id, plan, at).await?;

    let mut tx = billing.db.begin_write().await?;
    let team_id = teams::storage::paid_by(&mut tx, &sub.id).await?;
    match (team_id, plan.is_team()) {
        (Some(team_id), true) => {
            let seats = plans::plan(billing.plans, plan).seats;
            teams::storage::set_seats(&mut tx, &team_id, seats).await?;
            service::refresh_in(billing, &mut tx, &sub, now).await?;
        }
        (Some(team_id), false) => {
            teams::storage::dissolve(&mut tx, &team_id).await?;
            service::refresh_in(billing, &mut tx, &sub, now).await?;
        }
        (None, _) => {
            // An Individual plan that becomes a Team plan makes the team, as a team checkout does.
            let first = users::by_id(&mut tx, user_id)
                .await?
                .map(|u| u.first_name)
                .unwrap_or_default();
            service::attach(billing, &mut tx, user_id, &first, &sub, now).await?;
        }
    }
    tx.commit().await?;
    tracing::info!(
        user = user_id,
        from = old.plan.as_str(),
        to = plan.as_str(),
        "plan changed"
    );
    Ok(sub)
}
