//! A coach's short notes to athletes (`POST /team/nudge`): as a notification and/or by e-mail
//! (as the athlete chose), at most one per athlete per local day, never to an athlete who turned
//! them off.

use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::ToSchema;

use super::sharing;
use crate::auth::users::User;
use crate::dashboard::days;
use crate::domain::TimeZone;
use crate::error::AppError;

/// A nudge's text: trimmed, 1 to 280 characters, no control characters but line breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NudgeMessage(String);

impl NudgeMessage {
    pub(crate) const MAX_LEN: usize = 280;

    pub fn parse(raw: &str) -> Result<Self, AppError> {
        let value = raw.trim();
        if value.is_empty() {
            return Err(AppError::bad_request(
                "Write a short note for your athletes (message).",
            ));
        }
        if value.chars().count() > Self::MAX_LEN {
            return Err(AppError::bad_request(format!(
                "Keep the note to {} characters or fewer.",
                Self::MAX_LEN
            )));
        }
        if value.chars().any(|c| c.is_control() && c != '\n') {
            return Err(AppError::bad_request(
                "The note can hold text and line breaks only.",
            ));
        }
        Ok(Self(value.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// `POST /team/nudge`.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct NudgeRequest {
    /// The athletes to nudge; `null` for every athlete who shares their practice and has not
    /// practised today.
    pub user_ids: Option<Vec<String>>,
    pub message: String,
}

/// An athlete a nudge went to, or did not.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Nudged {
    pub user_id: String,
    pub first_name: String,
    pub last_name: String,
    /// Why it was not sent (`null` when sent).
    pub reason: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct NudgeOutcome {
    pub sent: Vec<Nudged>,
    pub skipped: Vec<Nudged>,
}

/// Why `athlete` gets no nudge today, or `None` after recording the one they get.
pub(crate) async fn record(
    conn: &mut AnyConnection,
    team_id: &str,
    coach_id: &str,
    athlete: &User,
    message: &NudgeMessage,
    now: i64,
) -> sqlx::Result<Option<&'static str>> {
    if !sharing::of(conn, &athlete.id).await?.nudges {
        return Ok(Some("They turned coach notes off."));
    }
    let tz = TimeZone::stored_or_utc(athlete.time_zone.as_deref()).tz();
    let day = days::local_day_ms(now, tz).to_string();
    let inserted = sqlx::query(
        "INSERT INTO coach_nudges (id, team_id, coach_id, athlete_id, day, message, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (athlete_id, day) DO NOTHING",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(team_id)
    .bind(coach_id)
    .bind(&athlete.id)
    .bind(day)
    .bind(message.as_str())
    .bind(now)
    .execute(conn)
    .await?
    .rows_affected();
    Ok((inserted == 0).then_some("They already had a note today."))
}

/// The notification a nudge shows on the athlete's devices: "Done" records practice, "Snooze
/// 1 h" brings the daily reminder an hour later.
pub(crate) fn notification(
    athlete: &User,
    coach_name: &str,
    message: &NudgeMessage,
    secret: &str,
    now: i64,
) -> crate::push::outbox::Notification {
    use crate::reminders::notifications::{done_button, snooze_button};
    use crate::reminders::schedule::Kind;
    let tz = TimeZone::stored_or_utc(athlete.time_zone.as_deref()).tz();
    let occasion = format!("nudge:{}", days::local_day_ms(now, tz));
    let secs = now / 1000;
    crate::push::outbox::Notification {
        title: format!("A note from {coach_name}"),
        body: message.as_str().to_owned(),
        url: "/user-dashboard".to_owned(),
        tag: occasion.clone(),
        buttons: vec![
            done_button(&athlete.id, Kind::Daily, &occasion, secret, secs),
            snooze_button(&athlete.id, Kind::Daily, &occasion, secret, secs),
        ],
        urgency: crate::push::send::Urgency::High,
        ttl: std::time::Duration::from_secs(12 * 3600),
    }
}
