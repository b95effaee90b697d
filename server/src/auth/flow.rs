//! PKCE flows (RFC 7636): a client that starts a sign-up, recovery or magic link with a code
//! challenge gets, once the e-mailed link is used, a one-time code that only the holder of the
//! matching verifier can exchange for a session.

use base64::Engine;
use sha2::{Digest, Sha256};
use sqlx::AnyConnection;
use subtle::ConstantTimeEq;

use super::tokens::hash_token;

/// How long an issued code may wait for its exchange (GoTrue's flow state expiry).
pub(crate) const CODE_LIFETIME_MS: i64 = 5 * 60 * 1000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    S256,
    Plain,
}

impl Method {
    fn as_str(self) -> &'static str {
        match self {
            Self::S256 => "s256",
            Self::Plain => "plain",
        }
    }
}

/// A validated challenge from a request body.
pub struct Challenge {
    pub challenge: String,
    pub method: Method,
}

#[derive(Debug, PartialEq, Eq)]
pub(crate) enum ChallengeError {
    /// Only one of the two fields was sent.
    Incomplete,
    UnsupportedMethod,
    BadChallenge,
}

/// Reads `code_challenge` and `code_challenge_method`: `None` when neither is sent (the
/// implicit flow).
pub(crate) fn parse_challenge(
    challenge: Option<&str>,
    method: Option<&str>,
) -> Result<Option<Challenge>, ChallengeError> {
    let challenge = challenge.map(str::trim).filter(|c| !c.is_empty());
    let method = method.map(str::trim).filter(|m| !m.is_empty());
    let (challenge, method) = match (challenge, method) {
        (None, None) => return Ok(None),
        (Some(c), Some(m)) => (c, m),
        _ => return Err(ChallengeError::Incomplete),
    };
    let method = match method.to_ascii_lowercase().as_str() {
        "s256" => Method::S256,
        "plain" => Method::Plain,
        _ => return Err(ChallengeError::UnsupportedMethod),
    };
    // RFC 7636 §4.2: 43 to 128 characters of [A-Za-z0-9-._~].
    let valid = (43..=128).contains(&challenge.len())
        && challenge
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~".contains(&b));
    if !valid {
        return Err(ChallengeError::BadChallenge);
    }
    Ok(Some(Challenge {
        challenge: challenge.to_owned(),
        method,
    }))
}

/// Starts a flow for `user_id`; its id goes on the e-mailed token.
pub async fn start(
    conn: &mut AnyConnection,
    user_id: &str,
    challenge: &Challenge,
    authentication_method: &str,
    now: i64,
) -> sqlx::Result<String> {
    let id = uuid::Uuid::new_v4().to_string();
    sqlx::query(
        "INSERT INTO flow_states (id, user_id, code_challenge, code_challenge_method, \
         authentication_method, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&id)
    .bind(user_id)
    .bind(&challenge.challenge)
    .bind(challenge.method.as_str())
    .bind(authentication_method)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(id)
}

/// Issues the one-time code of a flow whose link was just used.
pub(crate) async fn issue_code(
    conn: &mut AnyConnection,
    flow_id: &str,
    now: i64,
) -> sqlx::Result<Option<String>> {
    let code = uuid::Uuid::new_v4().to_string();
    let updated = sqlx::query(
        "UPDATE flow_states SET auth_code_hash = $1, auth_code_issued_at = $2 \
         WHERE id = $3 AND used_at IS NULL",
    )
    .bind(hash_token(&code))
    .bind(now)
    .bind(flow_id)
    .execute(conn)
    .await?
    .rows_affected();
    Ok((updated == 1).then_some(code))
}

#[derive(Debug, PartialEq, Eq)]
pub enum ExchangeError {
    NotFound,
    Expired,
    BadVerifier,
}

pub struct Exchanged {
    pub user_id: String,
    pub authentication_method: String,
}

/// A flow waiting for its code's exchange, as [`exchange`] reads it.
#[derive(sqlx::FromRow)]
struct FlowRow {
    id: String,
    user_id: String,
    code_challenge: String,
    code_challenge_method: String,
    authentication_method: String,
    auth_code_issued_at: Option<i64>,
}

/// Uses the code once when `verifier` matches the flow's challenge.
pub async fn exchange(
    conn: &mut AnyConnection,
    auth_code: &str,
    verifier: &str,
    now: i64,
) -> sqlx::Result<Result<Exchanged, ExchangeError>> {
    let row = sqlx::query_as::<_, FlowRow>(
        "SELECT id, user_id, code_challenge, code_challenge_method, authentication_method, \
         auth_code_issued_at FROM flow_states WHERE auth_code_hash = $1 AND used_at IS NULL",
    )
    .bind(hash_token(auth_code.trim()))
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else {
        return Ok(Err(ExchangeError::NotFound));
    };
    if row
        .auth_code_issued_at
        .is_none_or(|at| now - at > CODE_LIFETIME_MS)
    {
        return Ok(Err(ExchangeError::Expired));
    }
    let computed = match row.code_challenge_method.as_str() {
        "plain" => verifier.to_owned(),
        _ => base64::engine::general_purpose::URL_SAFE_NO_PAD
            .encode(Sha256::digest(verifier.as_bytes())),
    };
    if !bool::from(computed.as_bytes().ct_eq(row.code_challenge.as_bytes())) {
        return Ok(Err(ExchangeError::BadVerifier));
    }
    let won = sqlx::query("UPDATE flow_states SET used_at = $1 WHERE id = $2 AND used_at IS NULL")
        .bind(now)
        .bind(&row.id)
        .execute(&mut *conn)
        .await?
        .rows_affected()
        == 1;
    if !won {
        return Ok(Err(ExchangeError::NotFound));
    }
    Ok(Ok(Exchanged {
        user_id: row.user_id,
        authentication_method: row.authentication_method,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::tokens::random_token;

    fn new_verifier() -> (String, String) {
        let verifier = random_token(48);
        let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .encode(Sha256::digest(verifier.as_bytes()));
        (verifier, challenge)
    }

    #[test]
    fn a_challenge_needs_both_fields_a_known_method_and_rfc_characters() {
        let (_, challenge) = new_verifier();
        assert!(parse_challenge(None, None).unwrap().is_none());
        let parsed = parse_challenge(Some(&challenge), Some("S256"))
            .unwrap()
            .unwrap();
        assert_eq!(parsed.method, Method::S256);
        assert_eq!(
            parse_challenge(Some(&challenge), None).err(),
            Some(ChallengeError::Incomplete)
        );
        assert_eq!(
            parse_challenge(Some(&challenge), Some("md5")).err(),
            Some(ChallengeError::UnsupportedMethod)
        );
        assert_eq!(
            parse_challenge(Some("short"), Some("plain")).err(),
            Some(ChallengeError::BadChallenge)
        );
    }
}
