//! `/_api/v1/team/…`: the team screen, invite links, joining, leaving, removal, renaming and
//! promotion to co-admin.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::routes;

use super::domain::{RemovalReason, TeamName};
use super::extract::{action, TeamAdmin};
use super::service::{self, InviteLink, InvitePreview, TeamMembers};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::api_router::ApiRouter;
use crate::http::json::ApiJson;

/// This capability's product-API routes, joined under `/_api/v1` by `app::router`.
pub fn routes() -> ApiRouter<AppState> {
    ApiRouter::new()
        .routes(routes!(get_members))
        .routes(routes!(
            get_invite_link,
            create_invite_link,
            revoke_invite_link
        ))
        .routes(routes!(get_invite))
        .routes(routes!(accept_invite))
        .routes(routes!(leave_team))
        .routes(routes!(remove_member))
        .routes(routes!(rename_team))
        .routes(routes!(promote_member))
        .routes(routes!(accept_promotion))
        .routes(routes!(decline_promotion))
}

/// Which member an admin acts on.
#[derive(Deserialize, ToSchema)]
pub(crate) struct MemberRef {
    /// The member's user id (`userId` of a member card).
    #[serde(default, alias = "userId")]
    #[schema(required = true)]
    pub user_id: String,
}

/// Removing a member: who, and why (e-mailed to them).
#[derive(Deserialize, ToSchema)]
pub(crate) struct RemoveMember {
    #[serde(default, alias = "userId")]
    #[schema(required = true)]
    pub user_id: String,
    /// Required, at most 500 characters.
    #[serde(default)]
    pub reason: String,
}

/// The team's new name: trimmed, 3 to 60 characters.
#[derive(Deserialize, ToSchema)]
pub(crate) struct TeamNameInput {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
}

/// What the team's roster mails need: the outbox, the site's address and the time.
fn roster(state: &AppState) -> service::Roster<'_> {
    service::Roster {
        outbox: &state.outbox,
        site: &state.config.public_url,
        now: state.clock.now_ms(),
    }
}

fn member_id(raw: &str, what: &str) -> Result<String> {
    let id = raw.trim();
    if id.is_empty() {
        return Err(AppError::bad_request(format!(
            "Choose the member to {what} (user_id)."
        )));
    }
    Ok(id.to_owned())
}

/// The caller's team: name, seats, subscription and members (`GetTeamMembers`).
#[utoipa::path(get, path = "/team/members", tag = "team",
    responses((status = 200, body = TeamMembers), (status = 401, body = ErrorBody),
              (status = 404, description = "Not part of a team", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn get_members(
    State(state): State<AppState>,
    me: CurrentUser,
) -> Result<Json<TeamMembers>> {
    Ok(Json(
        service::view(&state.db, state.clock.now_ms(), &me.id).await?,
    ))
}

/// A new invite link for the team (admin, active subscription); it replaces the previous one
/// and expires in 14 days.
#[utoipa::path(post, path = "/team/invitelink", tag = "team",
    responses((status = 200, body = InviteLink), (status = 401, body = ErrorBody),
              (status = 403, description = "Not an admin, or the team subscription is not active", body = ErrorBody),
              (status = 404, description = "Not part of a team", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn create_invite_link(
    State(state): State<AppState>,
    admin: TeamAdmin<action::Invite>,
) -> Result<Json<InviteLink>> {
    Ok(Json(
        service::create_invite(
            &state.db,
            state.clock.now_ms(),
            (&state.config.public_url, state.config.jwt_secret.expose()),
            &admin.team.id,
            &admin.user.id,
        )
        .await?,
    ))
}

/// The team's current invite link (admins), to copy and share again until it is replaced,
/// revoked or expires.
#[utoipa::path(get, path = "/team/invitelink", tag = "team",
    responses((status = 200, body = InviteLink), (status = 401, body = ErrorBody),
              (status = 403, description = "Not an admin", body = ErrorBody),
              (status = 404, description = "No live invite link (or not part of a team)", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn get_invite_link(
    State(state): State<AppState>,
    admin: TeamAdmin<action::Invite>,
) -> Result<Json<InviteLink>> {
    service::current_invite(
        &state.db,
        state.clock.now_ms(),
        (&state.config.public_url, state.config.jwt_secret.expose()),
        &admin.team.id,
    )
    .await?
    .map(Json)
    .ok_or_else(|| {
        AppError::not_found("The team has no invite link now: make one to invite athletes.")
    })
}

/// Revokes the team's invite link; it stops working at once.
#[utoipa::path(delete, path = "/team/invitelink", tag = "team",
    responses((status = 204, description = "Revoked (or there was none)"), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, description = "Not part of a team", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn revoke_invite_link(
    State(state): State<AppState>,
    admin: TeamAdmin<action::RevokeInvite>,
) -> Result<StatusCode> {
    service::revoke_invite(&state.db, &admin.team.id, &admin.user.id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Who invites to which team, and how many seats are left (no sign-in needed).
#[utoipa::path(get, path = "/team/invite/{hash}", tag = "team",
    params(("hash" = String, Path, description = "The last part of the invite link")),
    responses((status = 200, body = InvitePreview),
              (status = 404, description = "Unknown, expired or revoked link (one answer for all)", body = ErrorBody)))]
pub(crate) async fn get_invite(
    State(state): State<AppState>,
    Path(hash): Path<String>,
) -> Result<Json<InvitePreview>> {
    Ok(Json(
        service::preview_invite(&state.db, state.clock.now_ms(), &hash).await?,
    ))
}

/// Joins the caller to the link's team.
#[utoipa::path(post, path = "/team/invite/{hash}/accept", tag = "team",
    params(("hash" = String, Path, description = "The last part of the invite link")),
    responses((status = 200, description = "Joined; the caller's new team", body = TeamMembers),
              (status = 401, body = ErrorBody),
              (status = 404, description = "Unknown, expired or revoked link", body = ErrorBody),
              (status = 409, description = "Already in a team, the team is full, or its subscription is not active", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn accept_invite(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(hash): Path<String>,
) -> Result<Json<TeamMembers>> {
    Ok(Json(
        service::accept_invite(&state.db, &roster(&state), &me.id, &hash).await?,
    ))
}

/// The caller leaves their team (`userId` must be their own id); premium access through the
/// team ends at once. The team's last admin cannot leave, nor can the member whose team plan
/// pays for the others until they set it to end at period end.
#[utoipa::path(post, path = "/team/leave/{userId}", tag = "team",
    params(("userId" = String, Path, description = "The caller's own user id")),
    responses((status = 204, description = "Left the team"), (status = 401, body = ErrorBody),
              (status = 403, description = "Someone else's id", body = ErrorBody),
              (status = 404, description = "Not part of a team", body = ErrorBody),
              (status = 409, description = "The team's only admin, or the member whose team plan pays for the others and is not set to end", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn leave_team(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(user_id): Path<String>,
) -> Result<StatusCode> {
    if user_id.trim() != me.id {
        return Err(AppError::forbidden(
            "You can only take yourself out of a team; a team admin removes other members.",
        ));
    }
    service::leave(&state.db, &roster(&state), &me.id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The admin removes a member with a reason, which is e-mailed to them.
#[utoipa::path(post, path = "/team/remove", tag = "team", request_body = RemoveMember,
    responses((status = 200, description = "Removed; the team as it is now", body = TeamMembers),
              (status = 400, description = "No member, no reason, too long a reason, or oneself", body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, description = "Not part of a team, or the person is not in it", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn remove_member(
    State(state): State<AppState>,
    admin: TeamAdmin<action::Remove>,
    ApiJson(body): ApiJson<RemoveMember>,
) -> Result<Json<TeamMembers>> {
    let member = member_id(&body.user_id, "remove")?;
    let reason = RemovalReason::parse(&body.reason)?;
    Ok(Json(
        service::remove(
            &state.db,
            &roster(&state),
            &admin.team.id,
            &admin.user.id,
            &member,
            &reason,
        )
        .await?,
    ))
}

/// The admin renames the team.
#[utoipa::path(put, path = "/team/name", tag = "team", request_body = TeamNameInput,
    responses((status = 200, body = TeamMembers), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, description = "Not part of a team", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn rename_team(
    State(state): State<AppState>,
    admin: TeamAdmin<action::Rename>,
    ApiJson(body): ApiJson<TeamNameInput>,
) -> Result<Json<TeamMembers>> {
    let name = TeamName::parse(&body.name)?;
    Ok(Json(
        service::rename(
            &state.db,
            state.clock.now_ms(),
            &admin.team.id,
            &admin.user.id,
            &name,
        )
        .await?,
    ))
}

/// The admin asks a member to become co-admin (`member` → `pending_admin`).
#[utoipa::path(post, path = "/team/promote", tag = "team", request_body = MemberRef,
    responses((status = 200, body = TeamMembers), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, description = "Not part of a team, or the person is not in it", body = ErrorBody),
              (status = 409, description = "Already an admin or already asked", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn promote_member(
    State(state): State<AppState>,
    admin: TeamAdmin<action::Promote>,
    ApiJson(body): ApiJson<MemberRef>,
) -> Result<Json<TeamMembers>> {
    let member = member_id(&body.user_id, "promote")?;
    Ok(Json(
        service::promote(
            &state.db,
            state.clock.now_ms(),
            &admin.team.id,
            &admin.user.id,
            &member,
        )
        .await?,
    ))
}

/// The caller accepts becoming co-admin (`pending_admin` → `admin`).
#[utoipa::path(post, path = "/team/promotion/accept", tag = "team",
    responses((status = 200, body = TeamMembers), (status = 401, body = ErrorBody),
              (status = 404, description = "Not part of a team", body = ErrorBody),
              (status = 409, description = "No promotion waiting", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn accept_promotion(
    State(state): State<AppState>,
    me: CurrentUser,
) -> Result<Json<TeamMembers>> {
    Ok(Json(
        service::answer_promotion(&state.db, state.clock.now_ms(), &me.id, true).await?,
    ))
}

/// The caller declines becoming co-admin (`pending_admin` → `member`).
#[utoipa::path(post, path = "/team/promotion/decline", tag = "team",
    responses((status = 200, body = TeamMembers), (status = 401, body = ErrorBody),
              (status = 404, description = "Not part of a team", body = ErrorBody),
              (status = 409, description = "No promotion waiting", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn decline_promotion(
    State(state): State<AppState>,
    me: CurrentUser,
) -> Result<Json<TeamMembers>> {
    Ok(Json(
        service::answer_promotion(&state.db, state.clock.now_ms(), &me.id, false).await?,
    ))
}
