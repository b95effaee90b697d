//! `GET/PUT /_api/v1/swazprofile`.

use std::sync::LazyLock;

use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::links::Mailer;
use crate::auth::names;
use crate::billing::entitlements::PAID;
use crate::db::{Db, FromColumns, Row};
use crate::error::Result;
use crate::teams::storage::MEMBERSHIP;

/// The member's team, once teams exist.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamSummary {
    pub team_name: String,
    /// `admin`, `pending_admin` or `member`.
    pub team_role: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    /// A new e-mail waiting for its confirmation link (sent to that address) to be used.
    pub pending_email: Option<String>,
    /// Contains `PAID` while the member has a membership.
    pub roles: Vec<String>,
    pub team: Option<TeamSummary>,
    /// The IANA time zone the athlete's days are counted in; `null` until the app sends one.
    pub time_zone: Option<String>,
}

/// The statement: the member's own columns, whether they hold a membership at `$2` (ms), and
/// their team, in one round trip.
static SQL: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT u.id, u.first_name, u.last_name, u.email, u.email_change, u.time_zone, \
           CAST(CASE WHEN EXISTS ({PAID}) THEN 1 ELSE 0 END AS BIGINT), tm.name, tm.role \
         FROM users u LEFT JOIN ({MEMBERSHIP}) tm ON 1 = 1 \
         WHERE u.id = $1"
    )
});

impl FromColumns for Profile {
    fn from_columns(row: &impl Row) -> sqlx::Result<Self> {
        let team_name: Option<String> = row.col(7)?;
        let team_role: Option<String> = row.col(8)?;
        Ok(Self {
            id: row.col(0)?,
            first_name: row.col(1)?,
            last_name: row.col(2)?,
            email: row.col(3)?,
            pending_email: row.col(4)?,
            time_zone: row.col(5)?,
            roles: if row.col::<i64>(6)? == 1 {
                vec!["PAID".to_owned()]
            } else {
                vec![]
            },
            team: team_name
                .zip(team_role)
                .map(|(team_name, team_role)| TeamSummary {
                    team_name,
                    team_role,
                }),
        })
    }
}

/// The profile of `user_id` at `now` (ms), paid role and team included; `None` once the account
/// no longer exists.
pub async fn read(db: &Db, user_id: &str, now: i64) -> Result<Option<Profile>> {
    Ok(db
        .reads()
        .await?
        .first(&SQL, &[user_id.into(), now.into()])
        .await?)
}

/// Saves the names; a different e-mail becomes a pending change confirmed from the new address.
pub async fn update(
    db: &Db,
    mailer: Mailer<'_>,
    user_id: &str,
    input: &names::NamesAndEmail,
    now: i64,
) -> Result<()> {
    let mut tx = db.begin_write().await?;
    names::apply(&mut tx, mailer, user_id, input, now).await?;
    tx.commit().await?;
    Ok(())
}
