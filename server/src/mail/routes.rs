//! `GET /_dev/mailbox`: the locally delivered messages, for people and tests in development.

use axum::extract::{Query, State};
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::app::AppState;
use crate::db::ms_to_rfc3339;
use crate::error::{AppError, Result};

#[derive(Deserialize)]
pub(crate) struct MailboxQuery {
    to: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct MailboxMessage {
    to: String,
    subject: String,
    text: String,
    html: String,
    reply_to: Option<String>,
    list_unsubscribe: Option<String>,
    created_at: String,
}

pub(crate) async fn list_mailbox(
    State(state): State<AppState>,
    Query(query): Query<MailboxQuery>,
) -> Result<Json<Vec<MailboxMessage>>> {
    if !state.config.is_development() {
        return Err(AppError::not_found("Not found"));
    }
    let stored = super::outbox::mailbox(&state.db, query.to.as_deref(), 200).await?;
    Ok(Json(
        stored
            .into_iter()
            .map(|m| MailboxMessage {
                to: m.to,
                subject: m.subject,
                text: m.text,
                html: m.html,
                reply_to: m.reply_to,
                list_unsubscribe: m.list_unsubscribe,
                created_at: ms_to_rfc3339(m.created_at),
            })
            .collect(),
    ))
}
