//! `PaidUser`: a signed-in member with an active membership (403 otherwise, DESIGN §3).

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use super::entitlements;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::AppError;

pub struct PaidUser(pub CurrentUser);

pub(crate) const NOT_PAID: &str =
    "Saving needs an active SWAZ membership. Renew your membership to keep going; your saved work stays yours to read.";

impl FromRequestParts<AppState> for PaidUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let user = CurrentUser::from_request_parts(parts, state).await?;
        let mut reads = state.db.reads().await?;
        if entitlements::is_paid(&mut reads, &user.id, state.clock.now_ms()).await? {
            Ok(Self(user))
        } else {
            Err(AppError::forbidden(NOT_PAID))
        }
    }
}
