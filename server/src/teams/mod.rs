//! Teams: made by a team checkout with the buyer as admin. Invites, seats and the team screens
//! build on these storage functions.

use sqlx::{AnyConnection, Row};

use crate::db::now_ms;

pub const ADMIN: &str = "admin";

/// Creates a team paid by `subscription_id` with `admin_user_id` as its admin.
pub async fn create(
    conn: &mut AnyConnection,
    name: &str,
    seats: i64,
    subscription_id: &str,
    admin_user_id: &str,
) -> sqlx::Result<String> {
    let id = uuid::Uuid::new_v4().to_string();
    let now = now_ms();
    sqlx::query("INSERT INTO teams (id, name, seats, subscription_id, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(&id)
        .bind(name)
        .bind(seats)
        .bind(subscription_id)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "INSERT INTO team_members (team_id, user_id, role, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(&id)
    .bind(admin_user_id)
    .bind(ADMIN)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(id)
}

/// The team `user_id` belongs to: (team name, role).
pub async fn membership(
    conn: &mut AnyConnection,
    user_id: &str,
) -> sqlx::Result<Option<(String, String)>> {
    let row = sqlx::query(
        "SELECT t.name, m.role FROM team_members m JOIN teams t ON t.id = m.team_id \
         WHERE m.user_id = $1 ORDER BY m.created_at DESC LIMIT 1",
    )
    .bind(user_id)
    .fetch_optional(conn)
    .await?;
    row.map(|r| Ok((r.try_get("name")?, r.try_get("role")?)))
        .transpose()
}
