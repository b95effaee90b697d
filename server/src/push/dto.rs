//! Push subscriptions as the product API answers them and the data export carries them.

use serde::Serialize;
use utoipa::ToSchema;

use super::storage::StoredSubscription;
use crate::db::ms_to_rfc3339;

/// A device the member subscribed.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Subscription {
    pub id: String,
    pub label: Option<String>,
    /// The push service's host, e.g. `fcm.googleapis.com`.
    pub service: String,
    pub created_at: String,
    /// When a message last reached it; `null` before the first.
    pub last_used_at: Option<String>,
}

impl From<StoredSubscription> for Subscription {
    fn from(s: StoredSubscription) -> Self {
        Self {
            id: s.id,
            label: s.label,
            service: url::Url::parse(&s.endpoint)
                .ok()
                .and_then(|u| u.host_str().map(str::to_owned))
                .unwrap_or_default(),
            created_at: ms_to_rfc3339(s.created_at),
            last_used_at: s.last_used_at.map(ms_to_rfc3339),
        }
    }
}
