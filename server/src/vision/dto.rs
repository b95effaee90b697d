//! The vision's wire types: what the product API answers and the data export carries.

use serde::Serialize;
use utoipa::ToSchema;

use super::answers::STEPS;
use crate::db::ms_to_rfc3339;

/// A saved vision: the nine answers, `q1`..`q9`, exactly as written.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AthleticVision {
    pub q1: String,
    pub q2: String,
    pub q3: String,
    pub q4: String,
    pub q5: String,
    pub q6: String,
    pub q7: String,
    pub q8: String,
    pub q9: String,
    pub updated_at: String,
}

impl AthleticVision {
    pub(crate) fn from_answers(a: [String; STEPS], updated_at: i64) -> Self {
        let [q1, q2, q3, q4, q5, q6, q7, q8, q9] = a;
        Self {
            q1,
            q2,
            q3,
            q4,
            q5,
            q6,
            q7,
            q8,
            q9,
            updated_at: ms_to_rfc3339(updated_at),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisionVersion {
    pub version: i64,
    pub created_at: String,
    pub updated_at: String,
    #[serde(flatten)]
    pub vision: AthleticVision,
}
