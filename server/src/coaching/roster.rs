//! The athletes of a coach's team as the board reads them: who they are, their time zone and
//! what each one shares, in one query for the whole team.

use chrono_tz::Tz;

use super::sharing::Sharing;
use crate::db::{FromColumns, Reads, Row};
use crate::domain::TimeZone;
use crate::teams::domain::TeamRole;

/// One athlete of the team: every member but the admins.
#[derive(Clone, Debug)]
pub(crate) struct Athlete {
    pub user_id: String,
    pub first_name: String,
    pub last_name: String,
    /// The athlete's zone (UTC when they stored none): their days are counted in it.
    pub tz: Tz,
    pub sharing: Sharing,
    /// When they joined the team (ms): days before it are no silence to flag.
    pub joined_at: i64,
}

struct AthleteRow {
    user_id: String,
    first_name: String,
    last_name: String,
    role: String,
    time_zone: Option<String>,
    practice_hidden_at: Option<i64>,
    checkins_shared_at: Option<i64>,
    nudges_off_at: Option<i64>,
    joined_at: i64,
}

impl FromColumns for AthleteRow {
    fn from_columns(row: &impl Row) -> sqlx::Result<Self> {
        Ok(Self {
            user_id: row.col(0)?,
            first_name: row.col(1)?,
            last_name: row.col(2)?,
            role: row.col(3)?,
            time_zone: row.col(4)?,
            practice_hidden_at: row.col(5)?,
            checkins_shared_at: row.col(6)?,
            nudges_off_at: row.col(7)?,
            joined_at: row.col(8)?,
        })
    }
}

/// The team's athletes, in the order they joined.
pub(crate) async fn athletes<'c>(
    conn: impl Into<Reads<'c>>,
    team_id: &str,
) -> sqlx::Result<Vec<Athlete>> {
    let rows: Vec<AthleteRow> = conn
        .into()
        .all(
            "SELECT m.user_id, u.first_name, u.last_name, m.role, u.time_zone, \
               s.practice_hidden_at, s.checkins_shared_at, s.nudges_off_at, m.created_at \
             FROM team_members m JOIN users u ON u.id = m.user_id \
             LEFT JOIN coach_sharing s ON s.user_id = m.user_id \
             WHERE m.team_id = $1 ORDER BY m.created_at, m.user_id",
            &[team_id.into()],
        )
        .await?;
    Ok(rows
        .into_iter()
        .filter(|r| TeamRole::from(r.role.clone()) != TeamRole::Admin)
        .map(|r| Athlete {
            user_id: r.user_id,
            first_name: r.first_name,
            last_name: r.last_name,
            tz: TimeZone::stored_or_utc(r.time_zone.as_deref()).tz(),
            sharing: Sharing {
                practice: r.practice_hidden_at.is_none(),
                checkins: r.checkins_shared_at.is_some(),
                nudges: r.nudges_off_at.is_none(),
            },
            joined_at: r.joined_at,
        })
        .collect())
}
