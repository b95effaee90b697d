//! Check-ins as the product API answers them and the data export carries them, and the body
//! that saves one.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::storage::StoredCheckin;
use crate::db::ms_to_rfc3339;
use crate::http::json::WireBody;

/// One morning check-in.
#[derive(Serialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct Checkin {
    pub id: String,
    /// The athlete's local day it is for, `YYYY-MM-DD`.
    pub date: String,
    /// 1 (poor) to 5 (great).
    pub sleep: i64,
    /// 1 (drained) to 5 (full of energy).
    pub energy: i64,
    /// 1 (low) to 5 (great).
    pub mood: i64,
    /// 1 (calm) to 5 (very stressed).
    pub stress: i64,
    /// 1 (shaky) to 5 (confident).
    pub confidence: i64,
    /// Plain text, shown as written; `null` when none.
    pub note: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

impl From<StoredCheckin> for Checkin {
    fn from(c: StoredCheckin) -> Self {
        Self {
            id: c.id,
            date: c.day,
            sleep: c.sleep,
            energy: c.energy,
            mood: c.mood,
            stress: c.stress,
            confidence: c.confidence,
            note: c.note,
            created_at: ms_to_rfc3339(c.created_at),
            updated_at: ms_to_rfc3339(c.updated_at),
        }
    }
}

// Values are read loosely and checked by `CheckinInput::try_from`, which names the measure in its
// message; the schema says what they must be.
/// What the athlete sends to check in: five ratings from 1 to 5 and an optional note.
#[derive(Deserialize, ToSchema)]
pub struct CheckinBody {
    /// 1 to 5.
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 5)]
    pub sleep: Option<Value>,
    /// 1 to 5.
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 5)]
    pub energy: Option<Value>,
    /// 1 to 5.
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 5)]
    pub mood: Option<Value>,
    /// 1 to 5.
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 5)]
    pub stress: Option<Value>,
    /// 1 to 5.
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 5)]
    pub confidence: Option<Value>,
    /// Up to 500 characters; trimmed, blank means none.
    #[schema(value_type = Option<String>, max_length = 500)]
    pub note: Option<Value>,
}

impl WireBody for CheckinBody {
    const NOT_AN_OBJECT: &'static str =
        "Send the check-in as a JSON object, for example {\"sleep\": 4, \"energy\": 3, \"mood\": 4, \"stress\": 2, \"confidence\": 4}.";
}
