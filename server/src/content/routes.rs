//! `/_api/v1/contact/message`, `/_api/v1/inspiration…` and `/_api/v1/site`: the public site's
//! calls. None needs a token.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::routes;

use super::contact::{ContactMessage, ContactMessageBody};
use super::inspiration::{self, Athlete};
use super::storage;
use crate::app::AppState;
use crate::domain::Email;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::api_router::ApiRouter;
use crate::http::client::ClientMeta;
use crate::http::json::ApiBody;
use crate::mail::templates;

/// This capability's product-API routes, joined under `/_api/v1` by `app::router`.
pub fn routes() -> ApiRouter<AppState> {
    ApiRouter::new()
        .routes(routes!(send_contact_message))
        .routes(routes!(list_athletes))
        .routes(routes!(get_athlete))
        .routes(routes!(site_info))
}

#[derive(Serialize, ToSchema)]
pub(crate) struct ContactSent {
    /// The stored message's id.
    pub id: String,
}

/// Stores a contact message and e-mails it to the operator, with Reply-To the sender.
#[utoipa::path(post, path = "/contact/message", tag = "content", request_body = ContactMessageBody,
    responses((status = 201, body = ContactSent), (status = 400, body = ErrorBody),
              (status = 413, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub(crate) async fn send_contact_message(
    State(state): State<AppState>,
    client: ClientMeta,
    ApiBody(body): ApiBody<ContactMessageBody>,
) -> Result<(StatusCode, Json<ContactSent>)> {
    let message = ContactMessage::try_from(body)?;
    // Counted after validation, so fixing a typo does not use up a person's attempts.
    let key = format!("contact:ip:{}", client.ip);
    let (limit, window) = (
        state.config.contact_rate_limit,
        state.config.auth_rate_window_secs,
    );
    if let Err(limited) =
        crate::ratelimit::hit(&state.db, state.clock.now_ms(), &key, limit, window).await?
    {
        return Err(AppError::too_many_requests(
            "You have sent several messages in a short time. Please wait a few minutes and try again.",
            limited,
        ));
    }
    let operator = Email::try_parse(&state.config.contact_email)
        .map(|e| e.as_str().to_owned())
        .unwrap_or_else(|| state.config.contact_email.clone());
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await?;
    let id = storage::save_contact_message(&mut tx, &message, now).await?;
    let mail = templates::contact_message(
        &operator,
        &message.name,
        message.email.as_str(),
        &message.subject,
        &message.message,
    );
    state.outbox.enqueue(&mut tx, &mail, now).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(ContactSent { id })))
}

/// An inspiration athlete and their hypothetical Athletic Vision (SPEC §3 'Athlete vision record').
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AthleteVision {
    pub name: String,
    pub sport: String,
    /// An image shipped with the web app.
    pub pic_url: String,
    /// The vision, as HTML paragraphs.
    pub text: String,
}

impl From<&Athlete> for AthleteVision {
    fn from(a: &Athlete) -> Self {
        Self {
            name: a.name.to_owned(),
            sport: a.sport.to_owned(),
            pic_url: a.pic_url.to_owned(),
            text: a.text.to_owned(),
        }
    }
}

/// The four inspiration athletes.
#[utoipa::path(get, path = "/inspiration", tag = "content",
    responses((status = 200, body = Vec<AthleteVision>)))]
pub(crate) async fn list_athletes() -> Json<Vec<AthleteVision>> {
    Json(inspiration::ATHLETES.iter().map(Into::into).collect())
}

/// The first athlete whose name contains `athlete`, case-insensitively; hyphens count as spaces.
#[utoipa::path(get, path = "/inspiration/{athlete}", tag = "content",
    params(("athlete" = String, Path, description = "All or part of the athlete's name, e.g. `curry`")),
    responses((status = 200, body = AthleteVision), (status = 404, body = ErrorBody)))]
pub(crate) async fn get_athlete(Path(athlete): Path<String>) -> Result<Json<AthleteVision>> {
    inspiration::find(&athlete)
        .map(|a| Json(a.into()))
        .ok_or_else(|| {
            AppError::not_found("There is no inspiration athlete by that name. See /inspiration for the four athletes.")
        })
}

/// What the public pages need to know about this site's settings.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SiteInfo {
    /// The home page's testimonial video (an embed address), or null: show the poster instead.
    pub testimonial_video_url: Option<String>,
}

/// Settings of the public pages.
#[utoipa::path(get, path = "/site", tag = "content", responses((status = 200, body = SiteInfo)))]
pub(crate) async fn site_info(State(state): State<AppState>) -> Json<SiteInfo> {
    Json(SiteInfo {
        testimonial_video_url: state.config.testimonial_video_url.clone(),
    })
}
