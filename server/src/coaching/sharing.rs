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
    /// Whether the coach's short notes (nudges) reach the athlete (on unless turned off).
    pub nudges: bool,
}

impl Default for Sharing {
    fn default() -> Self {
        Self {
            practice: true,
            checkins: false,
            nudges: true,
        }
    }
}

/// A change of the switches; `nudges` left out keeps its value.
#[derive(Clone, Copy, Debug, Deserialize, ToSchema)]
pub struct SharingChange {
    pub practice: bool,
    pub checkins: bool,
    #[serde(default)]
    pub nudges: Option<bool>,
}

/// The athlete's switches.
pub async fn of(conn: &mut AnyConnection, user_id: &str) -> sqlx::Result<Sharing> {
    let row: Option<(Option<i64>, Option<i64>, Option<i64>)> = sqlx::query_as(
        "SELECT practice_hidden_at, checkins_shared_at, nudges_off_at FROM coach_sharing \
         WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(conn)
    .await?;
    Ok(
        row.map_or_else(Sharing::default, |(hidden, shared, nudges_off)| Sharing {
            practice: hidden.is_none(),
            checkins: shared.is_some(),
            nudges: nudges_off.is_none(),
        }),
    )
}

/// Sets the athlete's switches (read them first: a flag keeps the time it was first set).
pub async fn set(
    conn: &mut AnyConnection,
    user_id: &str,
    change: SharingChange,
    now: i64,
) -> sqlx::Result<Sharing> {
    let before: Option<(Option<i64>, Option<i64>, Option<i64>)> = sqlx::query_as(
        "SELECT practice_hidden_at, checkins_shared_at, nudges_off_at FROM coach_sharing \
         WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(&mut *conn)
    .await?;
    let (hidden, shared, nudges_off) = before.unwrap_or_default();
    let nudges = change.nudges.unwrap_or(nudges_off.is_none());
    let flag = |on: bool, since: Option<i64>| on.then(|| since.unwrap_or(now));
    sqlx::query(
        "INSERT INTO coach_sharing \
           (user_id, practice_hidden_at, checkins_shared_at, nudges_off_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (user_id) DO UPDATE SET practice_hidden_at = $2, checkins_shared_at = $3, \
           nudges_off_at = $4, updated_at = $5",
    )
    .bind(user_id)
    .bind(flag(!change.practice, hidden))
    .bind(flag(change.checkins, shared))
    .bind(flag(!nudges, nudges_off))
    .bind(now)
    .execute(conn)
    .await?;
    Ok(Sharing {
        practice: change.practice,
        checkins: change.checkins,
        nudges,
    })
}
