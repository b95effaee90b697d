//! The admin side of `/auth/v1`: who may call it (a `service_role` or `supabase_admin` key signed
//! with the JWT secret) and the key the operator prints with `swaz service-key`.

use axum::http::StatusCode;
use jsonwebtoken::{encode, Algorithm, EncodingKey, Header};
use serde::{Deserialize, Serialize};

use super::error::AuthError;
use crate::db::Db;

/// The roles GoTrue lets through to its admin endpoints (`GOTRUE_JWT_ADMIN_ROLES`).
pub(crate) const ADMIN_ROLES: [&str; 2] = ["service_role", "supabase_admin"];

#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct AdminKeyClaims {
    pub role: String,
    pub iss: String,
    pub iat: i64,
    pub exp: i64,
}

/// What an admin endpoint reads of a key, as GoTrue does: the role, and the expiry only when the
/// key has one (GoTrue checks the signature and the role; `iss` and `exp` are optional).
#[derive(Debug, Deserialize)]
pub(crate) struct PresentedAdminKey {
    #[serde(default)]
    pub role: String,
    #[serde(default)]
    pub exp: Option<i64>,
}

/// A service-role key valid for `days` days from `now_secs`.
pub fn service_key(secret: &str, now_secs: i64, days: i64) -> anyhow::Result<String> {
    let claims = AdminKeyClaims {
        role: "service_role".to_owned(),
        iss: "swaz".to_owned(),
        iat: now_secs,
        exp: now_secs + days * 24 * 3600,
    };
    Ok(encode(
        &Header::new(Algorithm::HS256),
        &claims,
        &EncodingKey::from_secret(secret.as_bytes()),
    )?)
}

/// Parses a ban duration as GoTrue takes it: a Go duration (`24h`, `1h30m`, `90s`) or `none`.
/// Answers milliseconds, `Some(0)` for `none`, `None` when unreadable.
pub(crate) fn parse_ban_duration(raw: &str) -> Option<i64> {
    let raw = raw.trim();
    if raw == "none" {
        return Some(0);
    }
    let (mut total, mut rest) = (0f64, raw);
    if rest.is_empty() {
        return None;
    }
    while !rest.is_empty() {
        let number_len = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let value: f64 = rest[..number_len].parse().ok()?;
        rest = &rest[number_len..];
        let unit_len = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let per_ms = match &rest[..unit_len] {
            "ns" => 1e-6,
            "us" | "µs" => 1e-3,
            "ms" => 1.0,
            "s" => 1e3,
            "m" => 60e3,
            "h" => 3600e3,
            _ => return None,
        };
        total += value * per_ms;
        rest = &rest[unit_len..];
    }
    (0.0..1e15).contains(&total).then_some(total as i64)
}

#[cfg(test)]
mod tests {
    use super::parse_ban_duration;

    #[test]
    fn ban_durations_read_as_go_writes_them() {
        assert_eq!(parse_ban_duration("none"), Some(0));
        assert_eq!(parse_ban_duration("24h"), Some(86_400_000));
        assert_eq!(parse_ban_duration("1h30m"), Some(5_400_000));
        assert_eq!(parse_ban_duration("1.5s"), Some(1_500));
        assert_eq!(parse_ban_duration("10 days"), None);
        assert_eq!(parse_ban_duration(""), None);
        assert_eq!(parse_ban_duration("h"), None);
    }
}

/// What `PUT /admin/users/{id}` asks to change, every part already validated.
#[derive(Default)]
pub(crate) struct AdminChanges {
    pub email: Option<crate::domain::Email>,
    pub email_confirm: Option<bool>,
    pub password_hash: Option<String>,
    /// Keys to set (`null` removes one), merged into the stored metadata.
    pub user_metadata: Option<serde_json::Map<String, serde_json::Value>>,
    pub app_metadata: Option<serde_json::Map<String, serde_json::Value>>,
    /// Ban length in ms; `Some(0)` lifts a ban.
    pub ban_ms: Option<i64>,
}

fn merged(
    stored: &serde_json::Value,
    changes: &serde_json::Map<String, serde_json::Value>,
) -> serde_json::Value {
    let mut map = stored.as_object().cloned().unwrap_or_default();
    for (k, v) in changes {
        if v.is_null() {
            map.remove(k);
        } else {
            map.insert(k.clone(), v.clone());
        }
    }
    serde_json::Value::Object(map)
}

/// Applies the operator's changes in one transaction; `None` when there is no such user. A ban
/// signs the user out everywhere; an address taken by someone else is a conflict.
pub(crate) async fn update_user(
    db: &Db,
    id: &str,
    changes: AdminChanges,
    now: i64,
) -> crate::error::Result<Option<super::users::User>> {
    use super::users::{self, Field};
    use super::{otp, sessions};
    let mut tx = db.begin_write().await?;
    let Some(user) = users::by_id(&mut tx, id).await? else {
        return Ok(None);
    };
    if let Some(email) = &changes.email {
        if email.as_str() != user.email {
            let confirmed = changes.email_confirm.unwrap_or(false);
            match users::set_email(&mut tx, id, email, confirmed, now).await {
                Err(e) if crate::error::is_unique_violation(&e) => {
                    return Err(crate::error::AppError::conflict(
                        "A user with this email address has already been registered",
                    ))
                }
                other => other?,
            }
        }
    }
    if changes.email_confirm == Some(true) {
        users::mark_confirmed(&mut tx, id, now).await?;
    }
    if let Some(hash) = &changes.password_hash {
        users::set_password(&mut tx, id, hash, now).await?;
        otp::void_outstanding(&mut tx, id, otp::Purpose::Recovery, now).await?;
    }
    if let Some(data) = &changes.user_metadata {
        users::set(
            &mut tx,
            id,
            Field::UserMetadata(&merged(&user.user_metadata, data)),
            now,
        )
        .await?;
        let name = |k: &str, old: &str| {
            data.get(k)
                .and_then(serde_json::Value::as_str)
                .unwrap_or(old)
                .to_owned()
        };
        let (first, last) = (
            name("first_name", &user.first_name),
            name("last_name", &user.last_name),
        );
        if first != user.first_name || last != user.last_name {
            users::update_names(&mut tx, id, &first, &last, now).await?;
        }
    }
    if let Some(data) = &changes.app_metadata {
        users::set(
            &mut tx,
            id,
            Field::AppMetadata(&merged(&user.app_metadata, data)),
            now,
        )
        .await?;
    }
    match changes.ban_ms {
        Some(0) => users::set(&mut tx, id, Field::BannedUntil(None), now).await?,
        Some(ms) => {
            users::set(&mut tx, id, Field::BannedUntil(Some(now + ms)), now).await?;
            sessions::revoke_all_except(&mut tx, id, None, now).await?;
        }
        None => {}
    }
    let user = users::by_id(&mut tx, id).await?;
    tx.commit().await?;
    Ok(user)
}

/// A user id in an admin path, with GoTrue's answer when it is not a UUID.
pub fn user_id(raw: &str) -> Result<&str, AuthError> {
    uuid::Uuid::parse_str(raw).map_err(|_| {
        AuthError::new(
            StatusCode::NOT_FOUND,
            "validation_failed",
            "user_id must be an UUID",
        )
    })?;
    Ok(raw)
}
