//! PAID is derived, never stored as a flag (DESIGN §3): a complimentary grant an operator gave
//! (`swaz user create --paid`), an active solo subscription, or membership of a team whose
//! subscription is active. A subscription cancelled at period end stays PAID until that end. A
//! team's subscription outlives the account of the member who pays with it until its period ends
//! (its row keeps no user), so the team's other members stay PAID until then.

use sqlx::AnyConnection;

use crate::db::Reads;

pub(crate) const COMP_SOLO: &str = "comp_solo";

pub async fn grant(
    conn: &mut AnyConnection,
    user_id: &str,
    kind: &str,
    note: &str,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO membership_grants (id, user_id, kind, note, created_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(user_id)
    .bind(kind)
    .bind(note)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// A row when the user `$1` holds any membership at `$2` (ms): a grant, their own running
/// subscription, or a seat on a team whose subscription runs.
pub(crate) const PAID: &str =
    "SELECT 1 FROM membership_grants WHERE user_id = $1 AND revoked_at IS NULL \
     UNION ALL \
     SELECT 1 FROM subscriptions s WHERE s.user_id = $1 AND s.status IN ('active', 'trialing') \
       AND (s.cancel_at_period_end = 0 OR s.current_period_end > $2) \
     UNION ALL \
     SELECT 1 FROM team_members m JOIN teams t ON t.id = m.team_id JOIN subscriptions s ON s.id = t.subscription_id \
       WHERE m.user_id = $1 AND s.status IN ('active', 'trialing') \
       AND (s.cancel_at_period_end = 0 OR s.current_period_end > $2) \
     LIMIT 1";

/// True when the user currently holds any membership.
pub(crate) async fn is_paid<'c>(
    conn: impl Into<Reads<'c>>,
    user_id: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let found: Option<(i64,)> = conn
        .into()
        .first(PAID, &[user_id.into(), now.into()])
        .await?;
    Ok(found.is_some())
}
