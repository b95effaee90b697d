//! `TeamAdmin<A>`: a signed-in admin of a team (404 without a team, 403 for other members, with
//! a message naming the action `A`).

use std::marker::PhantomData;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use super::domain::TeamRole;
use super::service::NOT_IN_TEAM;
use super::storage::{self, Team};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::AppError;

/// What an admin is about to do, for the refusal's sentence.
pub(crate) trait AdminAction {
    /// Completes "Only a team admin can …".
    const WHAT: &'static str;
}

/// The caller, who is an admin of `team`.
pub(crate) struct TeamAdmin<A> {
    pub user: CurrentUser,
    pub team: Team,
    action: PhantomData<fn() -> A>,
}

impl<A: AdminAction> FromRequestParts<AppState> for TeamAdmin<A> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let user = CurrentUser::from_request_parts(parts, state).await?;
        match storage::team_of(state.db.reads().await?, &user.id).await? {
            Some((team, TeamRole::Admin)) => Ok(Self {
                user,
                team,
                action: PhantomData,
            }),
            Some(_) => Err(AppError::forbidden(format!(
                "Only a team admin can {}.",
                A::WHAT
            ))),
            None => Err(AppError::not_found(NOT_IN_TEAM)),
        }
    }
}

/// The admin actions.
pub mod action {
    use super::AdminAction;

    pub(crate) struct SeeBoard;
    impl AdminAction for SeeBoard {
        const WHAT: &'static str = "see the team's board";
    }

    pub(crate) struct Nudge;
    impl AdminAction for Nudge {
        const WHAT: &'static str = "send notes to the team's athletes";
    }

    pub(crate) struct SetFocus;
    impl AdminAction for SetFocus {
        const WHAT: &'static str = "set the team's focus";
    }

    pub(crate) struct Invite;
    impl AdminAction for Invite {
        const WHAT: &'static str = "invite members";
    }

    pub(crate) struct RevokeInvite;
    impl AdminAction for RevokeInvite {
        const WHAT: &'static str = "revoke the invite link";
    }

    pub(crate) struct Remove;
    impl AdminAction for Remove {
        const WHAT: &'static str = "remove members";
    }

    pub(crate) struct Rename;
    impl AdminAction for Rename {
        const WHAT: &'static str = "rename the team";
    }

    pub(crate) struct Promote;
    impl AdminAction for Promote {
        const WHAT: &'static str = "promote members";
    }
}
