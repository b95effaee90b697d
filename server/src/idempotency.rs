//! Saves that are safe to repeat (issue 29): a save sent with an `Idempotency-Key` header is done
//! once per member and key; the same key within 24 hours answers the first save's result and
//! stores nothing new, so a double tap, a retry after a lost answer or an offline queue sending
//! again never makes two entries. The key is claimed in the save's own transaction, so two
//! requests racing with one key (on any instances) make one entry.

use crate::db::{Db, Transaction, Writes};
use crate::error::{AppError, Result};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde::Serialize;
use serde_json::Value;

/// The header.
pub const HEADER: &str = "idempotency-key";

/// How long a key answers with its first result.
pub const KEPT_MS: i64 = 24 * 3600 * 1000;

/// The request's `Idempotency-Key`, when it sent one.
pub struct IdempotencyKey(pub Option<String>);

fn bad_key() -> AppError {
    AppError::bad_request(
        "Idempotency-Key must be 1 to 255 visible characters, such as a UUID the app made for this draft.",
    )
}

impl<S: Send + Sync> FromRequestParts<S> for IdempotencyKey {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self> {
        let Some(raw) = parts.headers.get(HEADER) else {
            return Ok(Self(None));
        };
        let key = raw.to_str().map_err(|_| bad_key())?.trim();
        if key.is_empty() || key.len() > 255 || !key.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(bad_key());
        }
        Ok(Self(Some(key.to_owned())))
    }
}

/// What a key says about a save.
enum Claim {
    /// First use (or first after 24 hours): save, then remember the answer.
    Fresh,
    /// Used before: its answer.
    Answered(Value),
}

async fn claim(
    writes: &mut Writes<'_>,
    user_id: &str,
    key: &str,
    route: &str,
    now: i64,
) -> Result<Claim> {
    let inserted = writes
        .execute(
            "INSERT INTO idempotency_keys (user_id, idem_key, route, created_at) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, idem_key) DO NOTHING",
            &[user_id.into(), key.into(), route.into(), now.into()],
        )
        .await?;
    if inserted == 1 {
        return Ok(Claim::Fresh);
    }
    let (used_for, response, at): (String, Option<String>, i64) = writes
        .one(
            "SELECT route, response, created_at FROM idempotency_keys \
             WHERE user_id = $1 AND idem_key = $2",
            &[user_id.into(), key.into()],
        )
        .await?;
    if at <= now - KEPT_MS {
        writes
            .execute(
                "UPDATE idempotency_keys SET route = $1, response = NULL, created_at = $2 \
                 WHERE user_id = $3 AND idem_key = $4",
                &[route.into(), now.into(), user_id.into(), key.into()],
            )
            .await?;
        return Ok(Claim::Fresh);
    }
    if used_for != route {
        return Err(AppError::conflict(
            "This Idempotency-Key was already used for another kind of save: make a new key for each draft.",
        ));
    }
    match response.and_then(|r| serde_json::from_str(&r).ok()) {
        Some(answer) => Ok(Claim::Answered(answer)),
        None => Err(AppError::conflict(
            "This save is still in progress: wait a moment and look at your entries.",
        )),
    }
}

/// Runs `save` in the write transaction `tx`, once per `key` (when given) within 24 hours;
/// answers its result as JSON, or the first result when the key was used before.
pub async fn once<T: Serialize, Tx: Transaction>(
    mut tx: Tx,
    user_id: &str,
    key: &IdempotencyKey,
    route: &str,
    now: i64,
    save: impl AsyncFnOnce(&mut Tx) -> Result<T>,
) -> Result<Value> {
    if let Some(key) = &key.0 {
        if let Claim::Answered(answer) = claim(&mut tx.writes(), user_id, key, route, now).await? {
            tx.rollback().await?;
            return Ok(answer);
        }
    }
    let saved = save(&mut tx).await?;
    let answer = serde_json::to_value(&saved).map_err(|e| AppError::Internal(e.into()))?;
    if let Some(key) = &key.0 {
        tx.writes()
            .execute(
                "UPDATE idempotency_keys SET response = $1 WHERE user_id = $2 AND idem_key = $3",
                &[
                    (&answer.to_string()).into(),
                    user_id.into(),
                    key.as_str().into(),
                ],
            )
            .await?;
    }
    tx.commit().await?;
    Ok(answer)
}

/// Forgets keys older than 24 hours (housekeeping).
pub(crate) async fn prune(db: &Db, now: i64) -> sqlx::Result<u64> {
    Ok(
        sqlx::query("DELETE FROM idempotency_keys WHERE created_at <= $1")
            .bind(now - KEPT_MS)
            .execute(db.pool())
            .await?
            .rows_affected(),
    )
}
