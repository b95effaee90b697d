//! Sign-in sessions and their rotating refresh tokens.
//!
//! Each refresh token is used once: using it revokes it and issues a child. Presenting a revoked
//! token again is treated as theft and revokes the whole session, except within a short reuse
//! interval after its rotation (two tabs refreshing at the same moment), when a sibling token is
//! issued instead.

use sqlx::AnyConnection;

use crate::db::WriteTx;

use super::tokens::{hash_token, random_token, AmrEntry, Keys};

/// How a session was authenticated: its assurance level and the methods used, oldest first.
#[derive(Clone, Debug)]
pub struct Assurance {
    pub aal: String,
    pub amr: Vec<AmrEntry>,
}

/// A session's `aal, amr` columns; `amr` is stored as JSON, and unreadable JSON reads as no
/// methods.
#[derive(sqlx::FromRow)]
struct AssuranceRow {
    aal: String,
    amr: String,
}

impl From<AssuranceRow> for Assurance {
    fn from(row: AssuranceRow) -> Self {
        Self {
            aal: row.aal,
            amr: serde_json::from_str(&row.amr).unwrap_or_default(),
        }
    }
}

/// A refresh token joined with its session, as [`rotate`] reads it.
#[derive(sqlx::FromRow)]
struct RefreshRow {
    session_id: String,
    user_id: String,
    revoked_at: Option<i64>,
    session_revoked_at: Option<i64>,
    #[sqlx(flatten)]
    assurance: AssuranceRow,
}

pub struct NewSession {
    pub session_id: String,
    pub refresh_token: String,
    pub assurance: Assurance,
}

/// Starts a session signed in with `method` (GoTrue's amr: `password`, `otp`, …).
pub async fn create(
    conn: &mut AnyConnection,
    user_id: &str,
    client: (&str, &str),
    method: &str,
    now: i64,
) -> sqlx::Result<NewSession> {
    let (user_agent, ip) = client;
    let session_id = uuid::Uuid::new_v4().to_string();
    let assurance = Assurance {
        aal: "aal1".to_owned(),
        amr: vec![AmrEntry {
            method: method.to_owned(),
            timestamp: now / 1000,
        }],
    };
    sqlx::query(
        "INSERT INTO auth_sessions (id, user_id, created_at, refreshed_at, user_agent, ip, aal, amr) \
         VALUES ($1, $2, $3, $3, $4, $5, $6, $7)",
    )
    .bind(&session_id)
    .bind(user_id)
    .bind(now)
    .bind(truncate(user_agent, 255))
    .bind(truncate(ip, 64))
    .bind(&assurance.aal)
    .bind(serde_json::to_string(&assurance.amr).unwrap_or_else(|_| "[]".into()))
    .execute(&mut *conn)
    .await?;
    let refresh_token = issue(conn, &session_id, user_id, None, now).await?;
    Ok(NewSession {
        session_id,
        refresh_token,
        assurance,
    })
}

/// Raises a session to aal2 after a second factor, and starts a new refresh-token chain for it
/// (the client replaces its tokens with the ones answered).
pub(crate) async fn step_up(
    conn: &mut AnyConnection,
    session_id: &str,
    user_id: &str,
    factor_id: &str,
    method: &str,
    now: i64,
) -> sqlx::Result<NewSession> {
    let mut assurance: Assurance =
        sqlx::query_as::<_, AssuranceRow>("SELECT aal, amr FROM auth_sessions WHERE id = $1")
            .bind(session_id)
            .fetch_one(&mut *conn)
            .await?
            .into();
    assurance.aal = "aal2".to_owned();
    assurance.amr.retain(|entry| entry.method != method);
    assurance.amr.push(AmrEntry {
        method: method.to_owned(),
        timestamp: now / 1000,
    });
    sqlx::query("UPDATE auth_sessions SET aal = $1, amr = $2, factor_id = $3, refreshed_at = $4 WHERE id = $5")
        .bind(&assurance.aal)
        .bind(serde_json::to_string(&assurance.amr).unwrap_or_else(|_| "[]".into()))
        .bind(factor_id)
        .bind(now)
        .bind(session_id)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "UPDATE refresh_tokens SET revoked_at = $1 WHERE session_id = $2 AND revoked_at IS NULL",
    )
    .bind(now)
    .bind(session_id)
    .execute(&mut *conn)
    .await?;
    let refresh_token = issue(conn, session_id, user_id, None, now).await?;
    Ok(NewSession {
        session_id: session_id.to_owned(),
        refresh_token,
        assurance,
    })
}

fn truncate(s: &str, max: usize) -> String {
    s.chars().take(max).collect()
}

async fn issue(
    conn: &mut AnyConnection,
    session_id: &str,
    user_id: &str,
    parent_hash: Option<&str>,
    now: i64,
) -> sqlx::Result<String> {
    let token = random_token(24);
    insert(conn, &token, session_id, user_id, parent_hash, now).await?;
    Ok(token)
}

async fn insert(
    conn: &mut AnyConnection,
    token: &str,
    session_id: &str,
    user_id: &str,
    parent_hash: Option<&str>,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO refresh_tokens (token_hash, session_id, user_id, parent_hash, created_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(hash_token(token))
    .bind(session_id)
    .bind(user_id)
    .bind(parent_hash)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

#[derive(Debug, PartialEq, Eq)]
pub(crate) enum RefreshError {
    /// No such token, or its session is gone.
    NotFound,
    /// A used token was presented again: the session has been revoked.
    AlreadyUsed,
}

pub(crate) struct Rotated {
    pub user_id: String,
    pub session_id: String,
    pub refresh_token: String,
    pub assurance: Assurance,
}

/// Exchanges `token` for a new refresh token. Run inside a write transaction.
pub(crate) async fn rotate(
    conn: &mut WriteTx,
    keys: &Keys,
    token: &str,
    reuse_interval_ms: i64,
    now: i64,
) -> sqlx::Result<Result<Rotated, RefreshError>> {
    let hash = hash_token(token);
    let row = sqlx::query_as::<_, RefreshRow>(
        "SELECT t.session_id, t.user_id, t.revoked_at, s.revoked_at AS session_revoked_at, s.aal, s.amr \
         FROM refresh_tokens t JOIN auth_sessions s ON s.id = t.session_id \
         WHERE t.token_hash = $1",
    )
    .bind(&hash)
    .fetch_optional(&mut **conn)
    .await?;
    let Some(row) = row else {
        return Ok(Err(RefreshError::NotFound));
    };
    let RefreshRow {
        session_id,
        user_id,
        revoked_at,
        session_revoked_at,
        assurance,
    } = row;
    let assurance = Assurance::from(assurance);
    if session_revoked_at.is_some() {
        return Ok(Err(RefreshError::NotFound));
    }
    let won = match revoked_at {
        Some(_) => false,
        None => {
            sqlx::query(
                "UPDATE refresh_tokens SET revoked_at = $1 WHERE token_hash = $2 AND revoked_at IS NULL",
            )
            .bind(now)
            .bind(&hash)
            .execute(&mut **conn)
            .await?
            .rows_affected()
                == 1
        }
    };
    if !won {
        // Someone used this token before. A concurrent refresh within the interval is benign.
        let revoked_at: Option<i64> =
            sqlx::query_scalar("SELECT revoked_at FROM refresh_tokens WHERE token_hash = $1")
                .bind(&hash)
                .fetch_one(&mut **conn)
                .await?;
        let recent = revoked_at.is_some_and(|at| now - at <= reuse_interval_ms);
        if !recent {
            revoke_session(conn, &session_id, now).await?;
            return Ok(Err(RefreshError::AlreadyUsed));
        }
    }
    sqlx::query("UPDATE auth_sessions SET refreshed_at = $1 WHERE id = $2")
        .bind(now)
        .bind(&session_id)
        .execute(&mut **conn)
        .await?;
    // The child is derived from its parent: a second use within the interval gets the same one.
    let refresh_token = keys.child_refresh_token(&hash);
    let child_hash = hash_token(&refresh_token);
    let issued: Option<i64> =
        sqlx::query_scalar("SELECT created_at FROM refresh_tokens WHERE token_hash = $1")
            .bind(&child_hash)
            .fetch_optional(&mut **conn)
            .await?;
    if issued.is_none() {
        insert(
            conn,
            &refresh_token,
            &session_id,
            &user_id,
            Some(&hash),
            now,
        )
        .await?;
    }
    Ok(Ok(Rotated {
        user_id,
        session_id,
        refresh_token,
        assurance,
    }))
}

pub(crate) async fn revoke_session(
    conn: &mut WriteTx,
    session_id: &str,
    now: i64,
) -> sqlx::Result<()> {
    let owner: Option<String> = sqlx::query_scalar(
        "UPDATE auth_sessions SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL RETURNING user_id",
    )
    .bind(now)
    .bind(session_id)
    .fetch_optional(&mut **conn)
    .await?;
    if let Some(owner) = owner {
        conn.sessions_changed(&owner).await?;
    }
    sqlx::query(
        "UPDATE refresh_tokens SET revoked_at = $1 WHERE session_id = $2 AND revoked_at IS NULL",
    )
    .bind(now)
    .bind(session_id)
    .execute(&mut **conn)
    .await?;
    Ok(())
}

/// Revokes every aal1 session of `user_id` but `keep`: once a second factor is verified, sessions
/// signed in with the password alone end (as GoTrue does).
pub(crate) async fn revoke_aal1_except(
    conn: &mut WriteTx,
    user_id: &str,
    keep: &str,
    now: i64,
) -> sqlx::Result<()> {
    let ids: Vec<String> = sqlx::query_scalar(
        "SELECT id FROM auth_sessions WHERE user_id = $1 AND revoked_at IS NULL AND aal = 'aal1' AND id <> $2",
    )
    .bind(user_id)
    .bind(keep)
    .fetch_all(&mut **conn)
    .await?;
    for id in &ids {
        revoke_session(conn, id, now).await?;
    }
    Ok(())
}

/// Revokes every session of `user_id` except `keep` (when given).
pub(crate) async fn revoke_all_except(
    conn: &mut WriteTx,
    user_id: &str,
    keep: Option<&str>,
    now: i64,
) -> sqlx::Result<()> {
    let ids: Vec<String> = sqlx::query_scalar(
        "SELECT id FROM auth_sessions WHERE user_id = $1 AND revoked_at IS NULL",
    )
    .bind(user_id)
    .fetch_all(&mut **conn)
    .await?;
    for id in ids.iter().filter(|id| Some(id.as_str()) != keep) {
        revoke_session(conn, id, now).await?;
    }
    Ok(())
}

/// A live session as the product API sees it.
pub struct Live {
    /// The user has a verified second factor, so an aal1 token is not enough.
    pub has_verified_factor: bool,
}

/// The session while it exists, is not revoked and belongs to `user_id`.
pub async fn live(
    conn: &mut AnyConnection,
    session_id: &str,
    user_id: &str,
) -> sqlx::Result<Option<Live>> {
    let factors: Option<i64> = sqlx::query_scalar(
        "SELECT (SELECT COUNT(*) FROM mfa_factors f WHERE f.user_id = s.user_id AND f.status = 'verified') \
         FROM auth_sessions s WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL",
    )
    .bind(session_id)
    .bind(user_id)
    .fetch_optional(conn)
    .await?;
    Ok(factors.map(|n| Live {
        has_verified_factor: n > 0,
    }))
}
