//! `GET/PUT /_api/v1/swazprofile`.

use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::links::Mailer;
use crate::auth::names;
use crate::auth::users::User;
use crate::billing::entitlements;
use crate::db::Db;
use crate::error::Result;

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

/// The profile answer for `user` (paid role and team included).
pub async fn load(db: &Db, user: User, now: i64) -> Result<Profile> {
    let mut reads = db.reads().await?;
    let paid = entitlements::is_paid(&mut reads, &user.id, now).await?;
    let team =
        crate::teams::membership(&mut reads, &user.id)
            .await?
            .map(|(team_name, team_role)| TeamSummary {
                team_name,
                team_role,
            });
    Ok(Profile {
        id: user.id,
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        pending_email: user.email_change,
        roles: if paid {
            vec!["PAID".to_owned()]
        } else {
            vec![]
        },
        team,
        time_zone: user.time_zone,
    })
}

/// Saves the names; a different e-mail becomes a pending change confirmed from the new address.
pub async fn update(
    db: &Db,
    mailer: Mailer<'_>,
    user_id: &str,
    input: &names::NamesAndEmail,
    now: i64,
) -> Result<User> {
    let mut tx = db.begin_write().await?;
    let updated = names::apply(&mut tx, mailer, user_id, input, now).await?;
    tx.commit().await?;
    Ok(updated)
}
