//! The athlete's own data: everything as one export, and everything removed (queued mail
//! included).

use serde::Serialize;
use utoipa::ToSchema;

use super::profile::{self, Profile};
use crate::auth::users;
use crate::billing;
use crate::billing::dto::{past, PastInvoice};
use crate::billing::provider::PaymentProvider;
use crate::checkins::dto::Checkin;
use crate::db::{ms_to_rfc3339, Db};
use crate::error::{AppError, Result};
use crate::planning::dto::{DailyActionEntry, WeeklyMapEntry};
use crate::practice::dto::PracticeEvent;
use crate::reminders::dto::NotificationSettings;
use crate::teams::{self, service::Departure};
use crate::vision::dto::{AthleticVision, VisionVersion};

/// More rows than any athlete has; exports are not paged.
const ALL: i64 = 1_000_000;

/// The vision being written: the nine answers as far as they are saved.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisionDraft {
    /// `q1`..`q9` in order; `null` where not answered yet.
    pub answers: Vec<Option<String>>,
    pub updated_at: String,
}

/// Everything SWAZ keeps about the athlete.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountExport {
    pub exported_at: String,
    /// Names, e-mail, time zone, paid role and team membership.
    pub profile: Profile,
    pub vision: Option<VisionDraft>,
    /// Every complete vision, newest first.
    pub vision_history: Vec<VisionVersion>,
    /// The vision in the athlete's own voice; `null` without one.
    pub vision_recording: Option<crate::vision::recording::RecordingExport>,
    pub daily_actions: Vec<DailyActionEntry>,
    pub weekly_maps: Vec<WeeklyMapEntry>,
    pub practice_events: Vec<PracticeEvent>,
    /// Every rest day the athlete chose, oldest first, with why.
    pub rest_days: Vec<crate::streak::dto::RestDayEntry>,
    /// The athlete hid the streak from their dashboard.
    pub streak_hidden: bool,
    /// Morning check-ins, newest first.
    pub checkins: Vec<Checkin>,
    pub notification_settings: NotificationSettings,
    /// The devices subscribed to push messages, newest first.
    pub push_devices: Vec<crate::push::dto::Subscription>,
    /// Paid invoices from the payment provider, newest first.
    pub invoices: Vec<PastInvoice>,
}

/// Everything SWAZ keeps about `user_id`, invoices from the payment provider included.
pub async fn export(
    db: &Db,
    payments: &dyn PaymentProvider,
    user_id: &str,
    now: i64,
) -> Result<AccountExport> {
    let profile = profile::read(db, user_id, now)
        .await?
        .ok_or_else(|| AppError::not_found("Your account no longer exists."))?;
    let mut conn = db.pool().acquire().await?;
    let vision = crate::vision::storage::current(&mut conn, user_id)
        .await?
        .map(|v| VisionDraft {
            answers: v.answers.to_vec(),
            updated_at: ms_to_rfc3339(v.updated_at),
        });
    let vision_history = crate::vision::storage::versions(&mut conn, user_id, ALL)
        .await?
        .into_iter()
        .map(|v| VisionVersion {
            version: v.version,
            created_at: ms_to_rfc3339(v.created_at),
            updated_at: ms_to_rfc3339(v.updated_at),
            vision: AthleticVision::from_answers(v.answers, v.updated_at),
        })
        .collect();
    let daily_actions = crate::planning::storage::daily_actions(&mut conn, user_id, None, ALL)
        .await?
        .into_iter()
        .map(Into::into)
        .collect();
    let weekly_maps = crate::planning::storage::weekly_maps(&mut conn, user_id, None, ALL)
        .await?
        .into_iter()
        .map(Into::into)
        .collect();
    let practice_events = crate::practice::storage::between(&mut conn, user_id, 0, i64::MAX, ALL)
        .await?
        .into_iter()
        .map(Into::into)
        .collect();
    let rest_days = crate::streak::storage::of_member(&mut conn, user_id)
        .await?
        .iter()
        .map(Into::into)
        .collect();
    let streak_hidden = crate::streak::storage::hidden(&mut conn, user_id).await?;
    let checkins = crate::checkins::storage::since(&mut conn, user_id, "", ALL)
        .await?
        .into_iter()
        .map(Into::into)
        .collect();
    let settings = crate::reminders::storage::get_or_default(&mut conn, user_id).await?;
    let vision_recording = crate::vision::recording::export(&mut conn, user_id).await?;
    let push_devices = crate::push::storage::of_member(&mut conn, user_id)
        .await?
        .into_iter()
        .map(Into::into)
        .collect();
    drop(conn);
    let invoices = crate::billing::service::paid_invoices(db, payments, user_id)
        .await?
        .into_iter()
        .map(past)
        .collect();
    Ok(AccountExport {
        exported_at: ms_to_rfc3339(now),
        profile,
        vision,
        vision_history,
        vision_recording,
        daily_actions,
        weekly_maps,
        practice_events,
        rest_days,
        streak_hidden,
        checkins,
        notification_settings: NotificationSettings::new(settings, now),
        push_devices,
        invoices,
    })
}

/// Refuses (409) to delete the account of a member whose renewing plan pays for a team others
/// are in (see [`teams::service::check_payer_may_go`]). The operator's deletion skips this: it
/// sets the plan to end at period end itself, and the others keep access until then.
pub(crate) async fn check_payer_may_go(db: &Db, user_id: &str) -> Result<()> {
    let mut conn = db.pool().acquire().await?;
    teams::service::check_payer_may_go(&mut conn, user_id, Departure::DeleteAccount).await
}

/// The team `user_id` is the only admin of while others are in it and a plan someone else pays
/// for keeps renewing: another member must become admin before the account goes. A team whose
/// plan is set to end, or is paid by `user_id` (deleting sets it to end), may go on without an
/// admin until its period ends.
pub(crate) async fn team_left_without_admin(db: &Db, user_id: &str) -> Result<Option<String>> {
    let mut conn = db.pool().acquire().await?;
    Ok(teams::storage::left_without_admin(&mut conn, user_id).await?)
}

/// Deletes an account and everything of it, queued mail included. Its renewing memberships are
/// set to end at period end with the payment provider first, so nothing more is charged; one that
/// pays for a team with others in it stays until then, so they keep access (see
/// [`billing::service::release_payer`]).
pub(crate) async fn erase(
    db: &Db,
    payments: &dyn PaymentProvider,
    user_id: &str,
    now: i64,
) -> Result<()> {
    let renewing = {
        let mut conn = db.pool().acquire().await?;
        billing::storage::renewing(&mut conn, user_id).await?
    };
    let mut ending = Vec::with_capacity(renewing.len());
    for subscription in renewing {
        ending.push(payments.cancel_at_period_end(&subscription).await?);
    }
    let mut tx = db.begin_write().await?;
    let user = users::by_id(&mut tx, user_id)
        .await?
        .ok_or_else(|| AppError::not_found("This account no longer exists."))?;
    for sub in &ending {
        billing::storage::refresh(&mut tx, sub, now).await?;
    }
    billing::service::release_payer(&mut tx, user_id, now).await?;
    let mut addresses = vec![user.email.clone()];
    addresses.extend(user.email_change.clone());
    for address in &addresses {
        sqlx::query("DELETE FROM mail_outbox WHERE to_addr = $1")
            .bind(address)
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query("DELETE FROM billing_checkouts WHERE result_user_id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    // Every other table refers to the user with ON DELETE CASCADE, but for `subscriptions`, whose
    // rows kept by `release_payer` lose their user (ON DELETE SET NULL).
    sqlx::query("DELETE FROM users WHERE id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    tx.sessions_changed(user_id).await?;
    tx.commit().await?;
    Ok(())
}
