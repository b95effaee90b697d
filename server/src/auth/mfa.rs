//! Second factors: authenticator-app (TOTP) factors, their challenges, and stepping a session up
//! to aal2. Knows no HTTP; the `/factors` handlers map [`MfaError`] to GoTrue's answers.

use serde_json::{json, Value};
use sqlx::AnyConnection;

use super::sessions::{self, NewSession};
use super::totp;
use crate::db::{ms_to_rfc3339, Db, WriteTx};
use crate::error::Result;

/// GoTrue's `MFA_MAX_ENROLLED_FACTORS`.
pub(crate) const MAX_FACTORS: i64 = 10;
/// How long a challenge may be answered (GoTrue's `MFA_CHALLENGE_EXPIRY_DURATION`).
pub(crate) const CHALLENGE_LIFETIME_MS: i64 = 300 * 1000;
/// Unverified factors older than this are cleared when a new one is enrolled.
const STALE_UNVERIFIED_MS: i64 = 24 * 3600 * 1000;

/// A factor is usable once a first code has been verified (GoTrue's two statuses).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FactorStatus {
    Unverified,
    Verified,
}

impl FactorStatus {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::Unverified => "unverified",
            Self::Verified => "verified",
        }
    }
}

impl TryFrom<String> for FactorStatus {
    type Error = String;

    fn try_from(stored: String) -> Result<Self, String> {
        match stored.as_str() {
            "unverified" => Ok(Self::Unverified),
            "verified" => Ok(Self::Verified),
            _ => Err(format!("factor status {stored:?} is unknown")),
        }
    }
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Factor {
    pub id: String,
    pub user_id: String,
    pub friendly_name: String,
    pub factor_type: String,
    #[sqlx(try_from = "String")]
    pub status: FactorStatus,
    pub secret: String,
    pub last_used_step: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str =
    "id, user_id, friendly_name, factor_type, status, secret, last_used_step, created_at, updated_at";

impl Factor {
    pub(crate) fn is_verified(&self) -> bool {
        self.status == FactorStatus::Verified
    }

    /// A factor as it appears on GoTrue's user object.
    pub(crate) fn to_gotrue_json(&self) -> Value {
        json!({
            "id": self.id,
            "friendly_name": self.friendly_name,
            "factor_type": self.factor_type,
            "status": self.status.as_str(),
            "created_at": ms_to_rfc3339(self.created_at),
            "updated_at": ms_to_rfc3339(self.updated_at),
        })
    }
}

/// Every factor of `user_id`, oldest first.
pub(crate) async fn factors_of(
    conn: &mut AnyConnection,
    user_id: &str,
) -> sqlx::Result<Vec<Factor>> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM mfa_factors WHERE user_id = $1 ORDER BY created_at, id"
    ))
    .bind(user_id)
    .fetch_all(conn)
    .await
}

async fn factor_of(
    conn: &mut AnyConnection,
    user_id: &str,
    factor_id: &str,
) -> sqlx::Result<Option<Factor>> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM mfa_factors WHERE id = $1 AND user_id = $2"
    ))
    .bind(factor_id)
    .bind(user_id)
    .fetch_optional(conn)
    .await
}

#[derive(Debug, PartialEq, Eq)]
pub enum MfaError {
    FactorNotFound,
    ChallengeNotFound,
    ChallengeExpired(String),
    NameConflict(String),
    TooManyFactors,
    /// The session is aal1 while the user has a verified factor.
    InsufficientAal(&'static str),
    InvalidCode,
    /// A code already used in this 30-second step.
    CodeReused,
}

/// The caller of a factor operation.
pub struct Caller<'a> {
    pub user_id: &'a str,
    pub email: &'a str,
    pub session_id: &'a str,
    pub aal: &'a str,
}

pub(crate) struct Enrolled {
    pub factor: Factor,
    pub uri: String,
    pub qr_code: String,
}

/// Adds an unverified TOTP factor and answers its secret as a URI and QR code.
pub(crate) async fn enroll(
    db: &Db,
    caller: &Caller<'_>,
    friendly_name: &str,
    issuer: &str,
    now: i64,
) -> Result<std::result::Result<Enrolled, MfaError>> {
    let mut tx = db.begin_write().await?;
    sqlx::query(
        "DELETE FROM mfa_factors WHERE user_id = $1 AND status = 'unverified' AND created_at < $2",
    )
    .bind(caller.user_id)
    .bind(now - STALE_UNVERIFIED_MS)
    .execute(&mut *tx)
    .await?;
    let existing = factors_of(&mut tx, caller.user_id).await?;
    let verified = existing.iter().filter(|f| f.is_verified()).count() as i64;
    if verified > 0 && caller.aal != "aal2" {
        return Ok(Err(MfaError::InsufficientAal(
            "AAL2 required to enroll a new factor",
        )));
    }
    if verified >= MAX_FACTORS {
        return Ok(Err(MfaError::TooManyFactors));
    }
    if !friendly_name.is_empty() && existing.iter().any(|f| f.friendly_name == friendly_name) {
        return Ok(Err(MfaError::NameConflict(friendly_name.to_owned())));
    }
    let secret = totp::new_secret();
    let factor: Factor = sqlx::query_as(&format!(
        "INSERT INTO mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at) \
         VALUES ($1, $2, $3, 'totp', 'unverified', $4, $5, $5) RETURNING {COLUMNS}"
    ))
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(caller.user_id)
    .bind(friendly_name)
    .bind(&secret)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    let uri = totp::uri(&secret, issuer, caller.email);
    let qr_code = totp::qr_code_svg(&uri)?;
    Ok(Ok(Enrolled {
        factor,
        uri,
        qr_code,
    }))
}

pub struct Challenge {
    pub id: String,
    pub expires_at_secs: i64,
}

/// Opens a challenge on one of the caller's factors.
pub async fn challenge(
    db: &Db,
    user_id: &str,
    factor_id: &str,
    ip: &str,
    now: i64,
) -> Result<std::result::Result<Challenge, MfaError>> {
    let mut tx = db.begin_write().await?;
    if factor_of(&mut tx, user_id, factor_id).await?.is_none() {
        return Ok(Err(MfaError::FactorNotFound));
    }
    let id = uuid::Uuid::new_v4().to_string();
    sqlx::query(
        "INSERT INTO mfa_challenges (id, factor_id, ip, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(&id)
    .bind(factor_id)
    .bind(ip.chars().take(64).collect::<String>())
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Ok(Challenge {
        id,
        expires_at_secs: (now + CHALLENGE_LIFETIME_MS) / 1000,
    }))
}

pub struct Verified {
    pub session: NewSession,
    pub factor: Factor,
}

/// Answers a challenge with a code: the factor becomes verified and the session aal2.
pub async fn verify(
    db: &Db,
    caller: &Caller<'_>,
    factor_id: &str,
    challenge_id: &str,
    code: &str,
    now: i64,
) -> Result<std::result::Result<Verified, MfaError>> {
    let mut tx = db.begin_write().await?;
    let Some(factor) = factor_of(&mut tx, caller.user_id, factor_id).await? else {
        return Ok(Err(MfaError::FactorNotFound));
    };
    let challenge: Option<(i64, Option<i64>)> = sqlx::query_as(
        "SELECT created_at, verified_at FROM mfa_challenges WHERE id = $1 AND factor_id = $2",
    )
    .bind(challenge_id)
    .bind(factor_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((created_at, verified_at)) = challenge else {
        return Ok(Err(MfaError::ChallengeNotFound));
    };
    if verified_at.is_some() || now - created_at > CHALLENGE_LIFETIME_MS {
        return Ok(Err(MfaError::ChallengeExpired(challenge_id.to_owned())));
    }
    let Some(step) = totp::matching_step(&factor.secret, code, now / 1000) else {
        return Ok(Err(MfaError::InvalidCode));
    };
    if factor.last_used_step.is_some_and(|used| step <= used) {
        return Ok(Err(MfaError::CodeReused));
    }
    sqlx::query("UPDATE mfa_challenges SET verified_at = $1 WHERE id = $2")
        .bind(now)
        .bind(challenge_id)
        .execute(&mut *tx)
        .await?;
    let factor: Factor = sqlx::query_as(&format!(
        "UPDATE mfa_factors SET status = 'verified', last_used_step = $1, updated_at = $2 \
         WHERE id = $3 RETURNING {COLUMNS}"
    ))
    .bind(step)
    .bind(now)
    .bind(factor_id)
    .fetch_one(&mut *tx)
    .await?;
    let session = sessions::step_up(
        &mut tx,
        caller.session_id,
        caller.user_id,
        factor_id,
        "totp",
        now,
    )
    .await?;
    sessions::revoke_aal1_except(&mut tx, caller.user_id, caller.session_id, now).await?;
    tx.sessions_changed(caller.user_id).await?;
    tx.commit().await?;
    Ok(Ok(Verified { session, factor }))
}

/// Removes one of the caller's factors; a verified one only from an aal2 session.
pub async fn unenroll(
    db: &Db,
    caller: &Caller<'_>,
    factor_id: &str,
) -> Result<std::result::Result<(), MfaError>> {
    let mut tx = db.begin_write().await?;
    let Some(factor) = factor_of(&mut tx, caller.user_id, factor_id).await? else {
        return Ok(Err(MfaError::FactorNotFound));
    };
    if factor.is_verified() && caller.aal != "aal2" {
        return Ok(Err(MfaError::InsufficientAal(
            "AAL2 required to unenroll verified factor",
        )));
    }
    delete_factor(&mut tx, caller.user_id, &factor.id).await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// Deletes one of `user_id`'s factors and its challenges (the operator's reset for a lost phone,
/// too).
pub(crate) async fn delete_factor(
    tx: &mut WriteTx,
    user_id: &str,
    factor_id: &str,
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM mfa_challenges WHERE factor_id = $1")
        .bind(factor_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("DELETE FROM mfa_factors WHERE id = $1")
        .bind(factor_id)
        .execute(&mut **tx)
        .await?;
    tx.sessions_changed(user_id).await
}
