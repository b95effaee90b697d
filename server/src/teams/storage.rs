//! The SQL of teams, portable between SQLite and PostgreSQL. Functions that change who is in a
//! team run inside a write transaction whose team row is locked first (see [`lock_team`]).

use sqlx::AnyConnection;

use super::domain::TeamRole;
use crate::db::{DbKind, FromColumns, Reads, Row};

/// A team as stored.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Team {
    pub id: String,
    pub name: String,
    pub seats: i64,
}

/// One member, with the name the team screen shows.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct MemberRow {
    pub id: String,
    pub user_id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    #[sqlx(try_from = "String")]
    pub role: TeamRole,
}

/// A team with the role of the member it was read for.
struct TeamAndRole {
    team: Team,
    role: TeamRole,
}

impl FromColumns for TeamAndRole {
    fn from_columns(row: &impl Row) -> sqlx::Result<Self> {
        Ok(Self {
            team: Team {
                id: row.col(0)?,
                name: row.col(1)?,
                seats: row.col(2)?,
            },
            role: TeamRole::from(row.col::<String>(3)?),
        })
    }
}

/// Creates a team paid by `subscription_id` with `admin_user_id` as its admin.
pub async fn create(
    conn: &mut AnyConnection,
    name: &str,
    seats: i64,
    subscription_id: &str,
    admin_user_id: &str,
    now: i64,
) -> sqlx::Result<String> {
    let id = uuid::Uuid::new_v4().to_string();
    sqlx::query("INSERT INTO teams (id, name, seats, subscription_id, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(&id)
        .bind(name)
        .bind(seats)
        .bind(subscription_id)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    add_member(conn, &id, admin_user_id, TeamRole::Admin, now).await?;
    Ok(id)
}

/// The team the user `$1` belongs to: its name and their role (the newest membership, as
/// [`team_of`]); no row outside a team.
pub(crate) const MEMBERSHIP: &str =
    "SELECT t.name, m.role FROM team_members m JOIN teams t ON t.id = m.team_id \
     WHERE m.user_id = $1 ORDER BY m.created_at DESC LIMIT 1";

/// The team `user_id` belongs to and their role in it (the newest, as [`MEMBERSHIP`]).
pub(crate) async fn team_of<'c>(
    reads: impl Into<Reads<'c>>,
    user_id: &str,
) -> sqlx::Result<Option<(Team, TeamRole)>> {
    let row: Option<TeamAndRole> = reads
        .into()
        .first(
            "SELECT t.id, t.name, t.seats, m.role FROM team_members m \
             JOIN teams t ON t.id = m.team_id \
             WHERE m.user_id = $1 ORDER BY m.created_at DESC LIMIT 1",
            &[user_id.into()],
        )
        .await?;
    Ok(row.map(|r| (r.team, r.role)))
}

/// Reads the team and, on PostgreSQL, locks its row until the transaction ends, so seat counts
/// and the last-admin rule hold under concurrent requests. SQLite's `BEGIN IMMEDIATE` already
/// serialises every writer.
pub(crate) async fn lock_team(
    conn: &mut AnyConnection,
    kind: DbKind,
    team_id: &str,
) -> sqlx::Result<Option<Team>> {
    read_team(conn, team_id, kind.for_update()).await
}

/// Reads a team without locking it.
pub async fn team(conn: &mut AnyConnection, team_id: &str) -> sqlx::Result<Option<Team>> {
    read_team(conn, team_id, "").await
}

async fn read_team(
    conn: &mut AnyConnection,
    team_id: &str,
    lock: &str,
) -> sqlx::Result<Option<Team>> {
    let sql = format!("SELECT id, name, seats FROM teams WHERE id = $1{lock}");
    sqlx::query_as(&sql)
        .bind(team_id)
        .fetch_optional(conn)
        .await
}

/// Locks a user's row (PostgreSQL) so one person cannot join two teams at once.
pub(crate) async fn lock_user(
    conn: &mut AnyConnection,
    kind: DbKind,
    user_id: &str,
) -> sqlx::Result<()> {
    let sql = format!("SELECT id FROM users WHERE id = $1{}", kind.for_update());
    sqlx::query(&sql).bind(user_id).fetch_optional(conn).await?;
    Ok(())
}

/// True while the subscription paying for the team is active (the rule of `is_paid`).
pub(crate) async fn is_subscribed(
    conn: &mut AnyConnection,
    team_id: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT 1 FROM teams t JOIN subscriptions s ON s.id = t.subscription_id \
         WHERE t.id = $1 AND s.status IN ('active', 'trialing') \
           AND (s.cancel_at_period_end = 0 OR s.current_period_end > $2) LIMIT 1",
    )
    .bind(team_id)
    .bind(now)
    .fetch_optional(conn)
    .await?;
    Ok(found.is_some())
}

/// The members of a team, oldest first.
pub async fn members(conn: &mut AnyConnection, team_id: &str) -> sqlx::Result<Vec<MemberRow>> {
    // Rows from before members had their own id answer the user's id instead.
    sqlx::query_as(
        "SELECT COALESCE(m.id, m.user_id) AS id, m.user_id, m.role, u.first_name, u.last_name, u.email \
         FROM team_members m JOIN users u ON u.id = m.user_id \
         WHERE m.team_id = $1 ORDER BY m.created_at, m.user_id",
    )
    .bind(team_id)
    .fetch_all(conn)
    .await
}

pub(crate) async fn count_members(conn: &mut AnyConnection, team_id: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM team_members WHERE team_id = $1")
        .bind(team_id)
        .fetch_one(conn)
        .await
}

/// Members of the team other than `user_id`.
pub(crate) async fn count_others(
    conn: &mut AnyConnection,
    team_id: &str,
    user_id: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM team_members WHERE team_id = $1 AND user_id <> $2")
        .bind(team_id)
        .bind(user_id)
        .fetch_one(conn)
        .await
}

pub(crate) async fn count_admins(conn: &mut AnyConnection, team_id: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM team_members WHERE team_id = $1 AND role = $2")
        .bind(team_id)
        .bind(TeamRole::Admin.as_str())
        .fetch_one(conn)
        .await
}

pub(crate) async fn add_member(
    conn: &mut AnyConnection,
    team_id: &str,
    user_id: &str,
    role: TeamRole,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO team_members (id, team_id, user_id, role, created_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(team_id)
    .bind(user_id)
    .bind(role.as_str())
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Takes `user_id` out of the team; answers whether they were in it.
pub(crate) async fn remove_member(
    conn: &mut AnyConnection,
    team_id: &str,
    user_id: &str,
) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM team_members WHERE team_id = $1 AND user_id = $2")
        .bind(team_id)
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

pub(crate) async fn role_in(
    conn: &mut AnyConnection,
    team_id: &str,
    user_id: &str,
) -> sqlx::Result<Option<TeamRole>> {
    let role: Option<String> =
        sqlx::query_scalar("SELECT role FROM team_members WHERE team_id = $1 AND user_id = $2")
            .bind(team_id)
            .bind(user_id)
            .fetch_optional(conn)
            .await?;
    Ok(role.as_deref().map(TeamRole::from_stored))
}

pub(crate) async fn set_role(
    conn: &mut AnyConnection,
    team_id: &str,
    user_id: &str,
    role: TeamRole,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE team_members SET role = $1 WHERE team_id = $2 AND user_id = $3")
        .bind(role.as_str())
        .bind(team_id)
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn rename(conn: &mut AnyConnection, team_id: &str, name: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE teams SET name = $1 WHERE id = $2")
        .bind(name)
        .bind(team_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Stores the team's invite link (its token's hash), replacing any earlier one.
pub(crate) async fn put_invite(
    conn: &mut AnyConnection,
    team_id: &str,
    (token_hash, token_sealed): (&str, &str),
    created_by: &str,
    now: i64,
    expires_at: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO team_invites (team_id, token_hash, created_by, created_at, expires_at, token_sealed) \
         VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (team_id) DO UPDATE SET token_hash = excluded.token_hash, \
         created_by = excluded.created_by, created_at = excluded.created_at, \
         expires_at = excluded.expires_at, token_sealed = excluded.token_sealed",
    )
    .bind(team_id)
    .bind(token_hash)
    .bind(created_by)
    .bind(now)
    .bind(expires_at)
    .bind(token_sealed)
    .execute(conn)
    .await?;
    Ok(())
}

/// The team's live invite as kept: (sealed token, expiry); `None` when there is none or its
/// token was not kept.
pub(crate) async fn current_invite(
    conn: &mut AnyConnection,
    team_id: &str,
    now: i64,
) -> sqlx::Result<Option<(String, i64)>> {
    sqlx::query_as(
        "SELECT token_sealed, expires_at FROM team_invites \
         WHERE team_id = $1 AND expires_at > $2 AND token_sealed IS NOT NULL",
    )
    .bind(team_id)
    .bind(now)
    .fetch_optional(conn)
    .await
}

/// Revokes the team's invite link; answers whether there was one.
pub(crate) async fn delete_invite(conn: &mut AnyConnection, team_id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM team_invites WHERE team_id = $1")
        .bind(team_id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// The live invite with this token hash: (team id, who made the link).
pub(crate) async fn live_invite(
    conn: &mut AnyConnection,
    token_hash: &str,
    now: i64,
) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as(
        "SELECT team_id, created_by FROM team_invites WHERE token_hash = $1 AND expires_at > $2",
    )
    .bind(token_hash)
    .bind(now)
    .fetch_optional(conn)
    .await
}

/// The team a subscription pays for, if it made one.
pub(crate) async fn paid_by(
    conn: &mut AnyConnection,
    subscription_id: &str,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT id FROM teams WHERE subscription_id = $1")
        .bind(subscription_id)
        .fetch_optional(conn)
        .await
}

/// A team paid for by a plan that will renew, and who else is in it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub(crate) struct PaidTeam {
    pub id: String,
    pub name: String,
    /// Members other than the payer: athletes and co-admins.
    pub others: i64,
    /// The end of the plan's current period, in milliseconds.
    pub period_end: i64,
}

/// The team with the most other members that a renewing plan of `user_id` pays for (running and
/// not set to end at period end), whether or not they are in it themselves.
pub(crate) async fn paid_for_by(
    conn: &mut AnyConnection,
    user_id: &str,
) -> sqlx::Result<Option<PaidTeam>> {
    sqlx::query_as(
        "SELECT t.id, t.name, s.current_period_end AS period_end, \
           (SELECT COUNT(*) FROM team_members o WHERE o.team_id = t.id AND o.user_id <> $1) AS others \
         FROM subscriptions s JOIN teams t ON t.subscription_id = s.id \
         WHERE s.user_id = $1 AND s.status IN ('active', 'trialing', 'past_due') \
           AND s.cancel_at_period_end = 0 \
         ORDER BY others DESC LIMIT 1",
    )
    .bind(user_id)
    .fetch_optional(conn)
    .await
}

/// The team whose only admin is `user_id` while others are in it and a plan someone else pays
/// for keeps renewing: without `user_id` it would go on with nobody to run it.
pub(crate) async fn left_without_admin(
    conn: &mut AnyConnection,
    user_id: &str,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar(
        "SELECT t.name FROM team_members m JOIN teams t ON t.id = m.team_id \
           JOIN subscriptions s ON s.id = t.subscription_id \
         WHERE m.user_id = $1 AND m.role = $2 \
           AND s.status IN ('active', 'trialing', 'past_due') AND s.cancel_at_period_end = 0 \
           AND (s.user_id IS NULL OR s.user_id <> $1) \
           AND EXISTS (SELECT 1 FROM team_members o WHERE o.team_id = t.id AND o.user_id <> $1) \
           AND NOT EXISTS (SELECT 1 FROM team_members o \
             WHERE o.team_id = t.id AND o.user_id <> $1 AND o.role = $2) \
         LIMIT 1",
    )
    .bind(user_id)
    .bind(TeamRole::Admin.as_str())
    .fetch_optional(conn)
    .await
}

/// Gives the team the seats of the plan that now pays for it.
pub(crate) async fn set_seats(
    conn: &mut AnyConnection,
    team_id: &str,
    seats: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE teams SET seats = $1 WHERE id = $2")
        .bind(seats)
        .bind(team_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Ends a team whose plan became an Individual one: its members and invite link go with it.
/// The caller has checked that nobody but the paying admin is left.
pub(crate) async fn dissolve(conn: &mut AnyConnection, team_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE subscriptions SET team_id = NULL WHERE team_id = $1")
        .bind(team_id)
        .execute(&mut *conn)
        .await?;
    for table in ["team_invites", "team_members"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE team_id = $1"))
            .bind(team_id)
            .execute(&mut *conn)
            .await?;
    }
    sqlx::query("DELETE FROM teams WHERE id = $1")
        .bind(team_id)
        .execute(conn)
        .await?;
    Ok(())
}
