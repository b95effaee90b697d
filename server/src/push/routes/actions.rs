//! `POST /_api/v1/push/actions/{done,snooze}`: a notification's buttons, pressed from the lock
//! screen. No sign-in: the signed single-purpose token the notification carries is the authority
//! (see `reminders::links`); pressing one twice does nothing more than once.

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::api_router::ApiRouter;
use crate::http::json::ApiJson;
use crate::reminders::links::{self, Action, Link, Refused};
use crate::reminders::one_click;

pub fn routes() -> ApiRouter<AppState> {
    ApiRouter::new()
        .routes(routes!(done))
        .routes(routes!(snooze))
}

/// A button's token, as the notification carried it.
#[derive(Deserialize, ToSchema)]
pub(crate) struct ActionBody {
    #[schema(required = true)]
    pub token: Option<String>,
}

/// What the service worker may show after the button did its work.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ActionDone {
    pub message: String,
    /// The practice was already marked done from this notification (a Snooze after Done).
    pub already_done: bool,
}

fn verified(state: &AppState, body: &ActionBody, action: Action) -> Result<Link> {
    let token = body.token.as_deref().unwrap_or("").trim();
    if token.is_empty() {
        return Err(AppError::bad_request(
            "token is required: the one the notification carried.",
        ));
    }
    let secret = state.config.jwt_secret.expose();
    links::verify(token, secret, action, state.clock.now().timestamp()).map_err(|why| match why {
        Refused::Expired => AppError::bad_request(
            "This notification is too old for its buttons: open SWAZ instead.",
        ),
        Refused::Invalid => {
            AppError::bad_request("This button does not work any more: open SWAZ instead.")
        }
    })
}

fn account_gone() -> AppError {
    AppError::bad_request("The account this notification was for no longer exists.")
}

/// "Done": records the practice the notification reminded of.
#[utoipa::path(post, path = "/push/actions/done", tag = "push", request_body = ActionBody,
    responses((status = 200, body = ActionDone),
              (status = 400, description = "A token that is not valid, expired or of another button", body = ErrorBody)))]
pub(crate) async fn done(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<ActionBody>,
) -> Result<Json<ActionDone>> {
    let link = verified(&state, &body, Action::Done)?;
    if !one_click::done(&state.db, &link, state.clock.now_ms()).await? {
        return Err(account_gone());
    }
    Ok(Json(ActionDone {
        message: "Practice marked done for today. Well done.".to_owned(),
        already_done: false,
    }))
}

/// "Snooze 1 h": the same reminder again in an hour (the first snooze's time when pressed again);
/// nothing more once "Done" was pressed on the same notification.
#[utoipa::path(post, path = "/push/actions/snooze", tag = "push", request_body = ActionBody,
    responses((status = 200, body = ActionDone),
              (status = 400, description = "A token that is not valid, expired or of another button", body = ErrorBody)))]
pub(crate) async fn snooze(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<ActionBody>,
) -> Result<Json<ActionDone>> {
    let link = verified(&state, &body, Action::Snooze)?;
    if one_click::marked_done(&state.db, &link).await? {
        return Ok(Json(ActionDone {
            message: "You marked this done already: no reminder will follow. Well done.".to_owned(),
            already_done: true,
        }));
    }
    let now = state.clock.now();
    let Some((due, settings)) = one_click::snooze(&state.db, &link, now).await? else {
        return Err(account_gone());
    };
    let at = chrono::DateTime::from_timestamp_millis(due)
        .unwrap_or(now)
        .with_timezone(&settings.time_zone.tz())
        .format("%H:%M");
    Ok(Json(ActionDone {
        message: format!("We'll remind you again at {at}."),
        already_done: false,
    }))
}
