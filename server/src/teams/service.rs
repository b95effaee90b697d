//! The rules of teams: who may do what, seats, invite links, leaving and removal. Every change
//! runs in one write transaction that locks the team row first and re-reads what it checks.

use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use super::domain::{RemovalReason, TeamName, TeamRole};
use super::sealed;
use super::storage::{self, MemberRow, Team};
use crate::auth::{tokens, users};
use crate::db::{ms_to_rfc3339, Db, WriteTx};
use crate::domain::TimeZone;
use crate::error::{AppError, Result};
use crate::mail::templates::{self, RosterChange};
use crate::mail::Outbox;

/// How long an invite link works, by the app's clock.
pub(crate) const INVITE_TTL_MS: i64 = 14 * 24 * 60 * 60 * 1000;

pub const NOT_IN_TEAM: &str = "You are not part of a team.";
pub(crate) const SUBSCRIPTION_REQUIRED: &str = "Subscription required to invite members";
/// One answer for an unknown, expired or revoked link, so links cannot be probed.
pub const DEAD_LINK: &str =
    "This invite link is not valid any more. Ask your team admin for a new link.";
/// The team's coach: one place on top of the plan's athlete seats.
const COACH_PLACES: i64 = 1;
const TEAM_GONE: &str = "This team no longer exists.";

/// The team screen: the team, its seats and its members (`GetTeamMembers`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamMembers {
    pub team_name: String,
    /// Athlete seats in use: every member but one coach (the plan is for its athletes).
    pub seats_used: i64,
    /// Athlete seats of the team plan; the coach comes on top.
    pub seats: i64,
    /// True while the team's subscription is active; inviting needs it.
    pub subscribed: bool,
    /// The caller's own role.
    pub my_role: TeamRole,
    pub members: Vec<TeamMember>,
}

/// One member card (SPEC §3 'Team member').
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamMember {
    pub id: String,
    pub user_id: String,
    pub first_name: String,
    pub last_name: String,
    pub role: TeamRole,
}

impl From<MemberRow> for TeamMember {
    fn from(m: MemberRow) -> Self {
        Self {
            id: m.id,
            user_id: m.user_id,
            first_name: m.first_name,
            last_name: m.last_name,
            role: m.role,
        }
    }
}

/// The team's invite link: shown to its admins until it is replaced, revoked or expires.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InviteLink {
    /// `{origin}/teams/invite/{token}`.
    pub link: String,
    /// RFC 3339; 14 days after the link was made.
    pub expires_at: String,
}

/// What the invite page shows before joining.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InvitePreview {
    pub team_name: String,
    /// The inviting admin's first and last name (may be blank).
    pub admin_name: String,
    /// Athlete seats still free.
    pub seats_left: i64,
}

/// The team `user_id` is in and their role, or 404.
pub(crate) async fn my_team(db: &Db, user_id: &str) -> Result<(Team, TeamRole)> {
    let mut conn = db.pool().acquire().await?;
    storage::team_of(&mut conn, user_id)
        .await?
        .ok_or_else(|| AppError::not_found(NOT_IN_TEAM))
}

/// Seats used by a team of `people`: the plan's seats are for athletes ("Up to 25 athletes" on
/// the pricing page), and the coach who runs the team holds none of them.
fn athletes(people: impl TryInto<i64>) -> i64 {
    (people.try_into().unwrap_or(i64::MAX) - COACH_PLACES).max(0)
}

/// The team screen of `user_id`'s team.
pub(crate) async fn view(db: &Db, now: i64, user_id: &str) -> Result<TeamMembers> {
    let mut conn = db.pool().acquire().await?;
    let (team, role) = storage::team_of(&mut conn, user_id)
        .await?
        .ok_or_else(|| AppError::not_found(NOT_IN_TEAM))?;
    let members = storage::members(&mut conn, &team.id).await?;
    let subscribed = storage::is_subscribed(&mut conn, &team.id, now).await?;
    Ok(TeamMembers {
        team_name: team.name,
        seats_used: athletes(members.len()),
        seats: team.seats,
        subscribed,
        my_role: role,
        members: members.into_iter().map(TeamMember::from).collect(),
    })
}

/// Opens a write transaction with the team row locked; answers the team.
async fn begin_on_team(db: &Db, team_id: &str) -> Result<(WriteTx, Team)> {
    let mut tx = db.begin_write().await?;
    let team = storage::lock_team(&mut tx, db.kind(), team_id)
        .await?
        .ok_or_else(|| AppError::not_found(TEAM_GONE))?;
    Ok((tx, team))
}

/// Checks, inside the transaction, that `user_id` is still an admin of the team.
async fn require_admin(tx: &mut WriteTx, team_id: &str, user_id: &str, what: &str) -> Result<()> {
    match storage::role_in(tx, team_id, user_id).await? {
        Some(TeamRole::Admin) => Ok(()),
        Some(_) => Err(AppError::forbidden(format!(
            "Only a team admin can {what}."
        ))),
        None => Err(AppError::not_found(NOT_IN_TEAM)),
    }
}

/// Makes a new invite link for the admin's team, replacing the previous one.
pub(crate) async fn create_invite(
    db: &Db,
    now: i64,
    (public_url, secret): (&str, &str),
    team_id: &str,
    admin_id: &str,
) -> Result<InviteLink> {
    let (mut tx, team) = begin_on_team(db, team_id).await?;
    require_admin(&mut tx, &team.id, admin_id, "invite members").await?;
    if !storage::is_subscribed(&mut tx, &team.id, now).await? {
        return Err(AppError::forbidden(SUBSCRIPTION_REQUIRED));
    }
    let token = tokens::random_token(32);
    let expires_at = now + INVITE_TTL_MS;
    storage::put_invite(
        &mut tx,
        &team.id,
        (&tokens::hash_token(&token), &sealed::seal(&token, secret)),
        admin_id,
        now,
        expires_at,
    )
    .await?;
    tx.commit().await?;
    Ok(InviteLink {
        link: format!("{}/teams/invite/{token}", public_url),
        expires_at: ms_to_rfc3339(expires_at),
    })
}

/// The team's live invite link, for its admins; `None` when there is none (or it was made before
/// links were kept, or with another secret).
pub(crate) async fn current_invite(
    db: &Db,
    now: i64,
    (public_url, secret): (&str, &str),
    team_id: &str,
) -> Result<Option<InviteLink>> {
    let mut conn = db.pool().acquire().await?;
    let Some((sealed_token, expires_at)) = storage::current_invite(&mut conn, team_id, now).await?
    else {
        return Ok(None);
    };
    Ok(sealed::open(&sealed_token, secret).map(|token| InviteLink {
        link: format!("{public_url}/teams/invite/{token}"),
        expires_at: ms_to_rfc3339(expires_at),
    }))
}

/// Revokes the team's invite link (harmless when there is none).
pub(crate) async fn revoke_invite(db: &Db, team_id: &str, admin_id: &str) -> Result<()> {
    let (mut tx, team) = begin_on_team(db, team_id).await?;
    require_admin(&mut tx, &team.id, admin_id, "revoke the invite link").await?;
    storage::delete_invite(&mut tx, &team.id).await?;
    tx.commit().await?;
    Ok(())
}

/// A link's token, as far as it can be one; anything else is simply unknown.
fn token_hash(token: &str) -> Option<String> {
    let token = token.trim();
    (!token.is_empty() && token.len() <= 128).then(|| tokens::hash_token(token))
}

/// Who invites to which team, for the invite page (no sign-in needed).
pub(crate) async fn preview_invite(db: &Db, now: i64, token: &str) -> Result<InvitePreview> {
    let hash = token_hash(token).ok_or_else(|| AppError::not_found(DEAD_LINK))?;
    let mut conn = db.pool().acquire().await?;
    let (team_id, created_by) = storage::live_invite(&mut conn, &hash, now)
        .await?
        .ok_or_else(|| AppError::not_found(DEAD_LINK))?;
    let members = storage::members(&mut conn, &team_id).await?;
    let team = storage::team(&mut conn, &team_id)
        .await?
        .ok_or_else(|| AppError::not_found(DEAD_LINK))?;
    // The admin who made the link, else the team's first admin.
    let admin = members
        .iter()
        .find(|m| m.user_id == created_by && m.role == TeamRole::Admin)
        .or_else(|| members.iter().find(|m| m.role == TeamRole::Admin));
    let admin_name = admin
        .map(|m| {
            format!("{} {}", m.first_name.trim(), m.last_name.trim())
                .trim()
                .to_owned()
        })
        .unwrap_or_default();
    Ok(InvitePreview {
        team_name: team.name,
        admin_name,
        seats_left: (team.seats - athletes(members.len())).max(0),
    })
}

/// Joins `user_id` to the team of a live invite link, if a seat is free.
pub(crate) async fn accept_invite(
    db: &Db,
    roster: &Roster<'_>,
    user_id: &str,
    token: &str,
) -> Result<TeamMembers> {
    let now = roster.now;
    let hash = token_hash(token).ok_or_else(|| AppError::not_found(DEAD_LINK))?;
    let mut tx = db.begin_write().await?;
    let (team_id, _) = storage::live_invite(&mut tx, &hash, now)
        .await?
        .ok_or_else(|| AppError::not_found(DEAD_LINK))?;
    // Team first, then the person: every join takes the locks in this order.
    let team = storage::lock_team(&mut tx, db.kind(), &team_id)
        .await?
        .ok_or_else(|| AppError::not_found(DEAD_LINK))?;
    storage::lock_user(&mut tx, db.kind(), user_id).await?;
    if storage::role_in(&mut tx, &team.id, user_id)
        .await?
        .is_some()
    {
        return Err(AppError::conflict(format!(
            "You are already a member of {}.",
            team.name
        )));
    }
    if let Some((current, _)) = storage::team_of(&mut tx, user_id).await? {
        return Err(AppError::conflict(format!(
            "You are already part of the team {}. Leave it first to join another team.",
            current.name
        )));
    }
    if !storage::is_subscribed(&mut tx, &team.id, now).await? {
        return Err(AppError::conflict(
            "This team's subscription is not active, so it cannot take new members. Ask your team admin to renew the team plan.",
        ));
    }
    if athletes(storage::count_members(&mut tx, &team.id).await?) >= team.seats {
        return Err(AppError::conflict(
            "This team has no free seats left. Ask your team admin to free a seat or to add seats to the team plan.",
        ));
    }
    storage::add_member(&mut tx, &team.id, user_id, TeamRole::Member, now).await?;
    roster
        .tell_admins(&mut tx, &team, user_id, None, RosterChange::Joined)
        .await?;
    tx.commit().await?;
    view(db, now, user_id).await
}

/// Mails a team's admins when an athlete joins, leaves or is removed.
pub(crate) struct Roster<'a> {
    pub outbox: &'a Outbox,
    /// The site's address, for the button to the team page.
    pub site: &'a str,
    pub now: i64,
}

impl Roster<'_> {
    /// Tells every admin of `team` but `acting_admin` what happened to `athlete_id`.
    async fn tell_admins(
        &self,
        tx: &mut WriteTx,
        team: &Team,
        athlete_id: &str,
        acting_admin: Option<&str>,
        change: RosterChange<'_>,
    ) -> Result<()> {
        let Some(athlete) = users::by_id(&mut *tx, athlete_id).await? else {
            return Ok(());
        };
        let name = format!("{} {}", athlete.first_name.trim(), athlete.last_name.trim());
        let name = match name.trim() {
            "" => athlete.email.clone(),
            name => name.to_owned(),
        };
        let team_page = format!("{}/account/team-config", self.site);
        for admin in storage::members(tx, &team.id).await? {
            if admin.role != TeamRole::Admin
                || admin.user_id == athlete_id
                || Some(admin.user_id.as_str()) == acting_admin
            {
                continue;
            }
            let message = templates::roster_change(
                &admin.email,
                &admin.first_name,
                &team.name,
                &name,
                change,
                &team_page,
            );
            self.outbox.enqueue(tx, &message, self.now).await?;
        }
        Ok(())
    }
}

/// `user_id` leaves their team; the team's last admin cannot, nor can the member whose renewing
/// plan pays for it while others are in it (see [`check_payer_may_go`]).
pub(crate) async fn leave(db: &Db, roster: &Roster<'_>, user_id: &str) -> Result<()> {
    let (team, _) = my_team(db, user_id).await?;
    let (mut tx, team) = begin_on_team(db, &team.id).await?;
    let role = storage::role_in(&mut tx, &team.id, user_id)
        .await?
        .ok_or_else(|| AppError::not_found(NOT_IN_TEAM))?;
    if role == TeamRole::Admin && storage::count_admins(&mut tx, &team.id).await? <= 1 {
        return Err(AppError::conflict(
            "You are this team's only admin, so you cannot leave it. Make another member an admin first.",
        ));
    }
    check_payer_may_go(&mut tx, user_id, Departure::LeaveTeam).await?;
    if role != TeamRole::Admin {
        roster
            .tell_admins(&mut tx, &team, user_id, None, RosterChange::Left)
            .await?;
    }
    storage::remove_member(&mut tx, &team.id, user_id).await?;
    tx.commit().await?;
    Ok(())
}

/// What the member whose plan pays for a team asked to do; the refusal names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Departure {
    DeleteAccount,
    LeaveTeam,
}

/// Refuses (409) `user_id` while a plan of theirs that will renew pays for a team with anyone
/// else in it: leaving would leave the team's plan with a payer outside it, and deleting the
/// account would end the plan under its athletes mid-period. Once the plan is set to end at
/// period end (or nobody else is in the team), they may go, and the others keep access until the
/// period ends.
pub async fn check_payer_may_go(
    conn: &mut AnyConnection,
    user_id: &str,
    departure: Departure,
) -> Result<()> {
    let Some(team) = storage::paid_for_by(conn, user_id)
        .await?
        .filter(|team| team.others > 0)
    else {
        return Ok(());
    };
    let zone = users::by_id(&mut *conn, user_id)
        .await?
        .and_then(|user| user.time_zone);
    let until = long_date(team.period_end, TimeZone::stored_or_utc(zone.as_deref()));
    let athletes = match team.others {
        1 => "1 athlete".to_owned(),
        n => format!("{n} athletes"),
    };
    let what = match departure {
        Departure::DeleteAccount => "delete your account",
        Departure::LeaveTeam => "leave the team",
    };
    // Only an admin of the team can take members out of it.
    let remove = match storage::role_in(conn, &team.id, user_id).await? {
        Some(TeamRole::Admin) => ", or remove them from the team",
        _ => "",
    };
    Err(AppError::conflict(format!(
        "Your team plan pays for {athletes} in {name}, so you cannot {what} yet. Cancel the team plan on your Membership page first (they keep access until {until}){remove}.",
        name = team.name,
    )))
}

/// A day as people write it, "December 2, 2026", in `zone`.
fn long_date(ms: i64, zone: TimeZone) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|at| {
            at.with_timezone(&zone.tz())
                .format("%B %-d, %Y")
                .to_string()
        })
        .unwrap_or_default()
}

/// An admin removes another member; the member is e-mailed the reason (same transaction).
pub(crate) async fn remove(
    db: &Db,
    roster: &Roster<'_>,
    team_id: &str,
    admin_id: &str,
    member_user_id: &str,
    reason: &RemovalReason,
) -> Result<TeamMembers> {
    let (mut tx, team) = begin_on_team(db, team_id).await?;
    require_admin(&mut tx, &team.id, admin_id, "remove members").await?;
    if member_user_id == admin_id {
        return Err(AppError::bad_request(
            "You cannot remove yourself from your team.",
        ));
    }
    if !storage::remove_member(&mut tx, &team.id, member_user_id).await? {
        return Err(AppError::not_found(
            "That person is not a member of your team.",
        ));
    }
    roster
        .tell_admins(
            &mut tx,
            &team,
            member_user_id,
            Some(admin_id),
            RosterChange::Removed {
                reason: reason.as_str(),
            },
        )
        .await?;
    if let Some(user) = users::by_id(&mut tx, member_user_id).await? {
        roster
            .outbox
            .enqueue(
                &mut tx,
                &templates::removed_from_team(
                    &user.email,
                    &user.first_name,
                    &team.name,
                    reason.as_str(),
                ),
                roster.now,
            )
            .await?;
    }
    tx.commit().await?;
    view(db, roster.now, admin_id).await
}

/// The admin renames the team.
pub async fn rename(
    db: &Db,
    now: i64,
    team_id: &str,
    admin_id: &str,
    name: &TeamName,
) -> Result<TeamMembers> {
    let (mut tx, team) = begin_on_team(db, team_id).await?;
    require_admin(&mut tx, &team.id, admin_id, "rename the team").await?;
    storage::rename(&mut tx, &team.id, name.as_str()).await?;
    tx.commit().await?;
    view(db, now, admin_id).await
}

/// The admin asks a member to become co-admin: `member` → `pending_admin`.
pub async fn promote(
    db: &Db,
    now: i64,
    team_id: &str,
    admin_id: &str,
    member_user_id: &str,
) -> Result<TeamMembers> {
    let (mut tx, team) = begin_on_team(db, team_id).await?;
    require_admin(&mut tx, &team.id, admin_id, "promote members").await?;
    match storage::role_in(&mut tx, &team.id, member_user_id).await? {
        None => {
            return Err(AppError::not_found(
                "That person is not a member of your team.",
            ))
        }
        Some(TeamRole::Admin) => {
            return Err(AppError::conflict("This member is already a team admin."))
        }
        Some(TeamRole::PendingAdmin) => {
            return Err(AppError::conflict(
                "This member has already been asked to become an admin; they need to accept.",
            ))
        }
        Some(TeamRole::Member) => {}
    }
    storage::set_role(&mut tx, &team.id, member_user_id, TeamRole::PendingAdmin).await?;
    tx.commit().await?;
    view(db, now, admin_id).await
}

/// The `pending_admin` accepts (→ `admin`) or declines (→ `member`) the promotion.
pub(crate) async fn answer_promotion(
    db: &Db,
    now: i64,
    user_id: &str,
    accept: bool,
) -> Result<TeamMembers> {
    let (team, _) = my_team(db, user_id).await?;
    let (mut tx, team) = begin_on_team(db, &team.id).await?;
    match storage::role_in(&mut tx, &team.id, user_id).await? {
        None => return Err(AppError::not_found(NOT_IN_TEAM)),
        Some(TeamRole::PendingAdmin) => {}
        Some(_) => {
            return Err(AppError::conflict(
                "There is no admin promotion waiting for you.",
            ))
        }
    }
    let role = if accept {
        TeamRole::Admin
    } else {
        TeamRole::Member
    };
    storage::set_role(&mut tx, &team.id, user_id, role).await?;
    tx.commit().await?;
    view(db, now, user_id).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_date_is_the_day_in_the_members_time_zone() {
        // 2026-12-02T03:00:00Z: still December 1 in Los Angeles.
        let at = 1_796_180_400_000;
        assert_eq!(long_date(at, TimeZone::UTC), "December 2, 2026");
        let la = TimeZone::parse("America/Los_Angeles").unwrap();
        assert_eq!(long_date(at, la), "December 1, 2026");
    }
}
