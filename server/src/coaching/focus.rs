//! The week's focus a coach sets for the team (`/team/focus`), shown on every athlete's
//! dashboard.

use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::db::Reads;
use crate::error::AppError;

/// The focus text: trimmed, 3 to 280 characters, one paragraph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FocusText(String);

impl FocusText {
    pub(crate) const MIN_LEN: usize = 3;
    pub(crate) const MAX_LEN: usize = 280;

    pub fn parse(raw: &str) -> Result<Self, AppError> {
        let value = raw.trim();
        let len = value.chars().count();
        if !(Self::MIN_LEN..=Self::MAX_LEN).contains(&len) {
            return Err(AppError::bad_request(format!(
                "Write the team's focus in {} to {} characters (text).",
                Self::MIN_LEN,
                Self::MAX_LEN
            )));
        }
        if value.chars().any(char::is_control) {
            return Err(AppError::bad_request(
                "Write the team's focus on one line, without control characters.",
            ));
        }
        Ok(Self(value.to_owned()))
    }
}

/// `PUT /team/focus`.
#[derive(Deserialize, ToSchema)]
pub(crate) struct FocusInput {
    pub text: String,
}

/// The team's focus; `text` is `null` until a coach sets one.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TeamFocus {
    pub text: Option<String>,
    /// RFC 3339, when the coach set it.
    pub set_at: Option<String>,
}

pub(crate) async fn set(
    conn: &mut AnyConnection,
    team_id: &str,
    text: &FocusText,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE teams SET focus_text = $1, focus_set_at = $2 WHERE id = $3")
        .bind(&text.0)
        .bind(now)
        .bind(team_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The focus of the team `user_id` belongs to; `None` outside a team.
pub async fn of_member(conn: &mut AnyConnection, user_id: &str) -> sqlx::Result<Option<TeamFocus>> {
    let row: Option<(Option<String>, Option<i64>)> = sqlx::query_as(
        "SELECT t.focus_text, t.focus_set_at FROM teams t \
         JOIN team_members m ON m.team_id = t.id WHERE m.user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|(text, at)| TeamFocus {
        text,
        set_at: at.map(crate::db::ms_to_rfc3339),
    }))
}

/// A team's focus with the instant it was set (ms).
pub(crate) struct StoredFocus {
    pub focus: TeamFocus,
    pub set_at_ms: Option<i64>,
}

/// The focus of the team `team_id` (no text while none is set).
pub(crate) async fn of_team<'c>(
    conn: impl Into<Reads<'c>>,
    team_id: &str,
) -> sqlx::Result<StoredFocus> {
    let row: Option<(Option<String>, Option<i64>)> = conn
        .into()
        .first(
            "SELECT focus_text, focus_set_at FROM teams WHERE id = $1",
            &[team_id.into()],
        )
        .await?;
    let (text, at) = row.unwrap_or_default();
    Ok(StoredFocus {
        focus: TeamFocus {
            text,
            set_at: at.map(crate::db::ms_to_rfc3339),
        },
        set_at_ms: at,
    })
}
