//! The athlete's sharing switches, stored in `coach_sharing` (no row: the defaults).

use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::ToSchema;

/// What the athlete's team coaches may see.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Sharing {
    /// Days practised, streak, today's checklist and the last practice time (on unless turned
    /// off).
    pub practice: bool,
    /// The morning check-in's five numbers, never its note (off unless turned on).
    pub checkins: bool,
}

impl Default for Sharing {
    fn default() -> Self {
        Self {
            practice: true,
            checkins: false,
        }
    }
}

/// The athlete's switches.
pub async fn of(conn: &mut AnyConnection, user_id: &str) -> sqlx::Result<Sharing> {
    let row: Option<(Option<i64>, Option<i64>)> = sqlx::query_as(
        "SELECT practice_hidden_at, checkins_shared_at FROM coach_sharing WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(conn)
    .await?;
    Ok(
        row.map_or_else(Sharing::default, |(hidden, shared)| Sharing {
            practice: hidden.is_none(),
            checkins: shared.is_some(),
        }),
    )
}

/// Sets the athlete's switches.
pub async fn set(
    conn: &mut AnyConnection,
    user_id: &str,
    sharing: Sharing,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO coach_sharing (user_id, practice_hidden_at, checkins_shared_at, updated_at) \
         VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id) DO UPDATE SET \
           practice_hidden_at = CASE WHEN $2 IS NULL THEN NULL \
             ELSE COALESCE(coach_sharing.practice_hidden_at, $2) END, \
           checkins_shared_at = CASE WHEN $3 IS NULL THEN NULL \
             ELSE COALESCE(coach_sharing.checkins_shared_at, $3) END, \
           updated_at = $4",
    )
    .bind(user_id)
    .bind((!sharing.practice).then_some(now))
    .bind(sharing.checkins.then_some(now))
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}
