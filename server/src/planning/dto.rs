//! Planning's wire types: daily actions, weekly maps and their objectives as the product API
//! answers them, the dashboard shows them and the data export carries them.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::logs::Logged;
use super::storage::{DailyAction, WeeklyMap};
use crate::db::ms_to_rfc3339;
use crate::http::json::WireBody;

/// A saved daily action: review `r1`–`r3`, plan `q1`–`q6`.
#[derive(Serialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct DailyActionEntry {
    pub id: String,
    /// Today's wins.
    pub r1: String,
    /// What I learned today.
    pub r2: String,
    /// How present I was today, 1 to 10.
    pub r3: i64,
    #[serde(flatten)]
    pub objectives: DailyObjectives,
    pub created_at: String,
    /// The athlete said the plan works on their team's focus.
    pub toward_focus: bool,
}

/// The plan of a daily action: vision objectives 1–3, Mind, Body, Soul (SPEC §3).
#[derive(Serialize, ToSchema, Clone)]
pub struct DailyObjectives {
    pub q1: String,
    pub q2: String,
    pub q3: String,
    pub q4: String,
    pub q5: String,
    pub q6: String,
}

/// A saved weekly map: review `q1`–`q5` (blank on a first map), plan `q6`–`q11`.
#[derive(Serialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct WeeklyMapEntry {
    pub id: String,
    /// The athlete's first map, saved without a review.
    pub first: bool,
    /// This week's biggest win.
    pub q1: Option<String>,
    /// This week's lesson.
    pub q2: Option<String>,
    /// What I will do differently.
    pub q3: Option<String>,
    /// How closely I lived my vision, 1 to 10.
    pub q4: Option<i64>,
    /// What I am grateful for.
    pub q5: Option<String>,
    #[serde(flatten)]
    pub objectives: WeeklyObjectives,
    pub created_at: String,
}

/// The plan of a weekly map: vision objectives 1–3, Mind, Body, Soul (SPEC §3).
#[derive(Serialize, ToSchema, Clone)]
pub struct WeeklyObjectives {
    pub q6: String,
    pub q7: String,
    pub q8: String,
    pub q9: String,
    pub q10: String,
    pub q11: String,
}

/// A daily action's plan, `q1`..`q6`.
impl From<[String; 6]> for DailyObjectives {
    fn from([q1, q2, q3, q4, q5, q6]: [String; 6]) -> Self {
        Self {
            q1,
            q2,
            q3,
            q4,
            q5,
            q6,
        }
    }
}

/// A weekly map's plan, `q6`..`q11`.
impl From<[String; 6]> for WeeklyObjectives {
    fn from([q6, q7, q8, q9, q10, q11]: [String; 6]) -> Self {
        Self {
            q6,
            q7,
            q8,
            q9,
            q10,
            q11,
        }
    }
}

impl From<DailyAction> for DailyActionEntry {
    fn from(d: DailyAction) -> Self {
        Self {
            id: d.id,
            r1: d.r1,
            r2: d.r2,
            r3: d.r3,
            objectives: d.plan.into(),
            created_at: ms_to_rfc3339(d.created_at),
            toward_focus: d.toward_focus,
        }
    }
}

impl From<WeeklyMap> for WeeklyMapEntry {
    fn from(w: WeeklyMap) -> Self {
        Self {
            id: w.id,
            first: w.first,
            q1: w.q1,
            q2: w.q2,
            q3: w.q3,
            q4: w.q4,
            q5: w.q5,
            objectives: w.plan.into(),
            created_at: ms_to_rfc3339(w.created_at),
        }
    }
}

/// The latest objectives for the welcome screens (SPEC §7).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RecentObjectives {
    /// From the newest daily action; `null` before the first.
    pub daily_objectives: Option<DailyObjectives>,
    /// From the newest weekly map; `null` before the first.
    pub weekly_map: Option<WeeklyObjectives>,
}

/// What a body that is not an object is told, for both kinds of entry.
const SEND_AN_OBJECT: &str = "Send the answers as a JSON object, for example {\"q1\": \"…\"}.";

// Answers are read loosely and checked by `DailyActionInput::try_from`, which names the
// question in its message; the schema says what they must be.
/// What the athlete sends to save a daily action; every answer is required.
#[derive(Deserialize, ToSchema)]
pub struct DailyActionBody {
    /// Today's wins.
    #[schema(value_type = String, required = true)]
    pub r1: Option<Value>,
    /// What I learned today.
    #[schema(value_type = String, required = true)]
    pub r2: Option<Value>,
    /// How present I was today, 1 to 10.
    #[schema(value_type = i64, required = true)]
    pub r3: Option<Value>,
    #[schema(value_type = String, required = true)]
    pub q1: Option<Value>,
    #[schema(value_type = String, required = true)]
    pub q2: Option<Value>,
    #[schema(value_type = String, required = true)]
    pub q3: Option<Value>,
    #[schema(value_type = String, required = true)]
    pub q4: Option<Value>,
    #[schema(value_type = String, required = true)]
    pub q5: Option<Value>,
    #[schema(value_type = String, required = true)]
    pub q6: Option<Value>,
    /// The plan works on the team's focus the coach set (optional, false when left out).
    #[serde(rename = "towardFocus")]
    #[schema(value_type = Option<bool>)]
    pub toward_focus: Option<Value>,
    /// When it was written (RFC 3339), for one saved offline and sent later: at most 7 days
    /// back, never in the future; it counts as practice on that day. Left out: now.
    #[schema(value_type = Option<String>)]
    pub at: Option<Value>,
}

impl WireBody for DailyActionBody {
    const NOT_AN_OBJECT: &'static str = SEND_AN_OBJECT;
}

/// What the athlete sends to save a weekly map. With `first: true` the review (`q1`–`q5`) may
/// be left out.
#[derive(Deserialize, ToSchema)]
pub struct WeeklyMapBody {
    #[schema(value_type = Option<bool>)]
    pub first: Option<Value>,
    #[schema(value_type = Option<String>)]
    pub q1: Option<Value>,
    #[schema(value_type = Option<String>)]
    pub q2: Option<Value>,
    #[schema(value_type = Option<String>)]
    pub q3: Option<Value>,
    /// 1 to 10.
    #[schema(value_type = Option<i64>)]
    pub q4: Option<Value>,
    #[schema(value_type = Option<String>)]
    pub q5: Option<Value>,
    #[schema(value_type = String, required = true)]
    pub q6: Option<Value>,
    #[schema(value_type = String, required = true)]
    pub q7: Option<Value>,
    #[schema(value_type = String, required = true)]
    pub q8: Option<Value>,
    #[schema(value_type = String, required = true)]
    pub q9: Option<Value>,
    #[schema(value_type = String, required = true)]
    pub q10: Option<Value>,
    #[schema(value_type = String, required = true)]
    pub q11: Option<Value>,
}

impl WireBody for WeeklyMapBody {
    const NOT_AN_OBJECT: &'static str = SEND_AN_OBJECT;
}

/// One entry of the daily logs: a daily action or a weekly map.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct LogEntry {
    pub id: String,
    /// `dailyAction` or `weeklyMap`.
    pub kind: String,
    pub created_at: String,
    pub daily_action: Option<DailyActionEntry>,
    pub weekly_map: Option<WeeklyMapEntry>,
    /// Whether the athlete shows this entry to their team's coaches (`PUT /dailylogs/{id}/sharing`).
    pub shared_with_coach: bool,
}

impl From<Logged> for LogEntry {
    fn from(entry: Logged) -> Self {
        match entry {
            Logged::Daily(d) => Self::daily(d),
            Logged::Weekly(w) => Self::weekly(w),
        }
    }
}

impl LogEntry {
    pub(crate) fn daily(d: DailyAction) -> Self {
        let shared_with_coach = d.shared_at.is_some();
        let entry = DailyActionEntry::from(d);
        Self {
            id: entry.id.clone(),
            kind: "dailyAction".into(),
            created_at: entry.created_at.clone(),
            daily_action: Some(entry),
            weekly_map: None,
            shared_with_coach,
        }
    }

    pub(crate) fn weekly(w: WeeklyMap) -> Self {
        let shared_with_coach = w.shared_at.is_some();
        let entry = WeeklyMapEntry::from(w);
        Self {
            id: entry.id.clone(),
            kind: "weeklyMap".into(),
            created_at: entry.created_at.clone(),
            daily_action: None,
            weekly_map: Some(entry),
            shared_with_coach,
        }
    }
}
