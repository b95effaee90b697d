//! `/_api/v1/push/key` and `/_api/v1/push/subscriptions`: the key browsers subscribe with, and
//! the member's devices; `actions` the buttons on notifications.

pub mod actions;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use base64::engine::general_purpose::{URL_SAFE, URL_SAFE_NO_PAD};
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::routes;

use super::dto::Subscription;
use super::keys;
use super::storage::{self, StoredSubscription, MAX_PER_MEMBER};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::api_router::ApiRouter;
use crate::http::json::ApiJson;

pub fn routes() -> ApiRouter<AppState> {
    ApiRouter::new()
        .routes(routes!(get_key))
        .routes(routes!(subscribe, list_subscriptions))
        .routes(routes!(unsubscribe))
        .merge(actions::routes())
}

/// The server's public VAPID key.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PushKey {
    /// The uncompressed P-256 point, base64url: `applicationServerKey` for
    /// `pushManager.subscribe`.
    pub public_key: String,
}

/// The key a signed-in member's browser subscribes with.
#[utoipa::path(get, path = "/push/key", tag = "push",
    responses((status = 200, body = PushKey), (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn get_key(
    State(state): State<AppState>,
    _me: CurrentUser,
) -> Result<Json<PushKey>> {
    let mut conn = state.db.pool().acquire().await?;
    let keys = keys::load_or_create(&mut conn, state.clock.now_ms()).await?;
    Ok(Json(PushKey {
        public_key: keys.public_key,
    }))
}

/// The keys of a subscription, as `PushSubscription.toJSON()` gives them.
#[derive(Deserialize, ToSchema)]
pub(crate) struct SubscriptionKeys {
    /// The device's P-256 public key, base64url.
    #[schema(required = true)]
    pub p256dh: Option<String>,
    /// The 16-byte authentication secret, base64url.
    #[schema(required = true)]
    pub auth: Option<String>,
}

/// A device's subscription: `PushSubscription.toJSON()` and an optional name.
#[derive(Deserialize, ToSchema)]
pub(crate) struct NewSubscription {
    /// The push service's URL for this device.
    #[schema(required = true)]
    pub endpoint: Option<String>,
    #[schema(required = true)]
    pub keys: Option<SubscriptionKeys>,
    /// What the member calls the device ("iPhone"), at most 80 characters.
    pub label: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct Subscriptions {
    pub subscriptions: Vec<Subscription>,
}

/// A push service's endpoint: https; in development also http on this machine (a local push
/// service), never in production, where it would let a member make the server post to its own
/// host's other services.
fn endpoint(raw: Option<&str>, local_http: bool) -> Result<String> {
    let bad = || {
        AppError::bad_request(
            "endpoint must be the https address the browser's push subscription gives.",
        )
    };
    let raw = raw
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .ok_or_else(bad)?;
    if raw.len() > 2000 {
        return Err(bad());
    }
    let url = url::Url::parse(raw).map_err(|_| bad())?;
    let local = local_http && matches!(url.host_str(), Some("127.0.0.1" | "localhost" | "[::1]"));
    match url.scheme() {
        "https" => Ok(raw.to_owned()),
        "http" if local => Ok(raw.to_owned()),
        _ => Err(bad()),
    }
}

/// A base64url key of `len` bytes (padding tolerated), named `name` in the message.
fn key(raw: Option<&str>, name: &str, len: usize) -> Result<String> {
    let bad = || {
        AppError::bad_request(format!(
            "keys.{name} must be the {len}-byte key the browser's push subscription gives, base64url-encoded."
        ))
    };
    let raw = raw.map(str::trim).ok_or_else(bad)?;
    let bytes = URL_SAFE_NO_PAD
        .decode(raw.trim_end_matches('='))
        .or_else(|_| URL_SAFE.decode(raw))
        .map_err(|_| bad())?;
    if bytes.len() != len || (name == "p256dh" && bytes[0] != 4) {
        return Err(bad());
    }
    Ok(URL_SAFE_NO_PAD.encode(bytes))
}

/// Subscribes one of the member's devices to push messages (the same endpoint again replaces
/// the earlier subscription).
#[utoipa::path(post, path = "/push/subscriptions", tag = "push", request_body = NewSubscription,
    responses((status = 201, body = Subscription), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody),
              (status = 409, description = "Already 20 devices", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn subscribe(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<NewSubscription>,
) -> Result<(StatusCode, Json<Subscription>)> {
    let endpoint = endpoint(body.endpoint.as_deref(), state.config.is_development())?;
    let keys = body.keys.ok_or_else(|| {
        AppError::bad_request(
            "keys is required: the p256dh and auth the browser's push subscription gives.",
        )
    })?;
    let p256dh = key(keys.p256dh.as_deref(), "p256dh", 65)?;
    let auth = key(keys.auth.as_deref(), "auth", 16)?;
    let label = match body.label.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(l) if l.chars().count() > 80 || l.chars().any(char::is_control) => {
            return Err(AppError::bad_request(
                "label names the device in at most 80 characters, on one line.",
            ))
        }
        Some(l) => Some(l.to_owned()),
    };
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await?;
    if storage::count_others(&mut tx, &me.id, &endpoint).await? >= MAX_PER_MEMBER {
        return Err(AppError::conflict(format!(
            "You have {MAX_PER_MEMBER} devices subscribed: remove one in Notifications first."
        )));
    }
    let sub = StoredSubscription {
        id: uuid::Uuid::new_v4().to_string(),
        user_id: me.id.clone(),
        endpoint,
        p256dh,
        auth,
        label,
        created_at: now,
        last_used_at: None,
    };
    storage::subscribe(&mut tx, &sub).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(sub.into())))
}

/// The member's subscribed devices, newest first.
#[utoipa::path(get, path = "/push/subscriptions", tag = "push",
    responses((status = 200, body = Subscriptions), (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn list_subscriptions(
    State(state): State<AppState>,
    me: CurrentUser,
) -> Result<Json<Subscriptions>> {
    let mut conn = state.db.pool().acquire().await?;
    let subscriptions = storage::of_member(&mut conn, &me.id)
        .await?
        .into_iter()
        .map(Into::into)
        .collect();
    Ok(Json(Subscriptions { subscriptions }))
}

/// Stops push messages to one of the member's devices.
#[utoipa::path(delete, path = "/push/subscriptions/{id}", tag = "push",
    params(("id" = String, Path, description = "The subscription's id")),
    responses((status = 204, description = "Removed"), (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn unsubscribe(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
) -> Result<StatusCode> {
    let mut tx = state.db.begin_write().await?;
    if !storage::unsubscribe(&mut tx, &me.id, &id).await? {
        return Err(AppError::not_found("You have no such device subscribed."));
    }
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A queued push message as `/_dev/pushbox` shows it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PushboxMessage {
    endpoint: String,
    /// The JSON the device's service worker reads.
    payload: serde_json::Value,
    outcome: String,
    created_at: String,
    sent_at: Option<String>,
}

#[derive(Deserialize)]
pub(crate) struct PushboxQuery {
    email: Option<String>,
}

/// `GET /_dev/pushbox?email=…`: the push messages queued for a member's devices, newest first,
/// for people and tests in development (like `/_dev/mailbox`).
pub(crate) async fn list_pushbox(
    State(state): State<AppState>,
    axum::extract::Query(query): axum::extract::Query<PushboxQuery>,
) -> Result<Json<Vec<PushboxMessage>>> {
    if !state.config.is_development() {
        return Err(AppError::not_found("Not found"));
    }
    let email = query.email.unwrap_or_default();
    let queued = super::outbox::of_address(&state.db, &email, 200).await?;
    Ok(Json(
        queued
            .into_iter()
            .map(|q| PushboxMessage {
                endpoint: q.endpoint,
                payload: serde_json::from_str(&q.payload).unwrap_or_default(),
                outcome: q.outcome,
                created_at: crate::db::ms_to_rfc3339(q.created_at),
                sent_at: q.sent_at.map(crate::db::ms_to_rfc3339),
            })
            .collect(),
    ))
}
