//! Practice events as the product API answers them and the data export carries them.

use serde::Serialize;
use utoipa::ToSchema;

use super::storage::Event;
use crate::db::ms_to_rfc3339;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PracticeEvent {
    pub id: String,
    /// `vision_listened`, `breathing_done`, `daily_action_saved`, `weekly_map_saved`,
    /// `checkin_saved` or `marked_done` (the "Done" of a notification).
    pub kind: String,
    pub created_at: String,
}

impl From<Event> for PracticeEvent {
    fn from(e: Event) -> Self {
        Self {
            id: e.id,
            kind: e.kind.as_str().to_owned(),
            created_at: ms_to_rfc3339(e.created_at),
        }
    }
}
