//! One-time tokens sent by e-mail (sign-up confirmation, password recovery).

use sqlx::AnyConnection;

use super::tokens::{hash_token, random_token};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Signup,
    Recovery,
    EmailChange,
}

impl Purpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Signup => "signup",
            Self::Recovery => "recovery",
            Self::EmailChange => "email_change",
        }
    }

    /// GoTrue's `type` values; `email` and `magiclink` confirm the address too.
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "signup" | "email" | "invite" => Some(Self::Signup),
            "recovery" => Some(Self::Recovery),
            "email_change" => Some(Self::EmailChange),
            _ => None,
        }
    }

    fn lifetime_ms(self) -> i64 {
        match self {
            Self::Signup | Self::EmailChange => 24 * 3600 * 1000,
            Self::Recovery => 3600 * 1000,
        }
    }
}

/// Creates a token and returns its plain value, to be put in the e-mailed link.
pub async fn create(
    conn: &mut AnyConnection,
    user_id: &str,
    purpose: Purpose,
    now: i64,
) -> sqlx::Result<String> {
    let token = random_token(24);
    sqlx::query(
        "INSERT INTO one_time_tokens (token_hash, user_id, kind, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(hash_token(&token))
    .bind(user_id)
    .bind(purpose.as_str())
    .bind(now)
    .bind(now + purpose.lifetime_ms())
    .execute(conn)
    .await?;
    Ok(token)
}

/// Uses the token once; answers the user id, or `None` when unknown, used, expired or of another
/// purpose.
pub async fn consume(
    conn: &mut AnyConnection,
    token: &str,
    purpose: Purpose,
    now: i64,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar(
        "UPDATE one_time_tokens SET used_at = $1 \
         WHERE token_hash = $2 AND kind = $3 AND used_at IS NULL AND expires_at > $1 \
         RETURNING user_id",
    )
    .bind(now)
    .bind(hash_token(token))
    .bind(purpose.as_str())
    .fetch_optional(conn)
    .await
}

/// Marks every unused `purpose` token of `user_id` as used: a password reset or change leaves no
/// other reset link working.
pub async fn void_outstanding(
    conn: &mut AnyConnection,
    user_id: &str,
    purpose: Purpose,
    now: i64,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE one_time_tokens SET used_at = $1 \
         WHERE user_id = $2 AND kind = $3 AND used_at IS NULL",
    )
    .bind(now)
    .bind(user_id)
    .bind(purpose.as_str())
    .execute(conn)
    .await?
    .rows_affected())
}
