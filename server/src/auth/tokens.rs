//! Access tokens (HS256 JWTs with GoTrue's claims) and opaque random tokens stored hashed.

use base64::Engine;
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

pub const AUDIENCE: &str = "authenticated";

/// The only role this service issues; `anon` or `service_role` tokens are not accepted.
pub const ROLE: &str = "authenticated";

/// How far a token's `iat` or `nbf` may lie ahead of our clock (another instance's clock skew).
pub const ALLOWED_SKEW_SECS: i64 = 30;

#[derive(Debug, Serialize, Deserialize, Clone)]
pub struct AmrEntry {
    pub method: String,
    pub timestamp: i64,
}

/// The claims GoTrue puts in an access token; `@supabase/auth-js` and the API read these.
#[derive(Debug, Serialize, Deserialize, Clone)]
pub struct Claims {
    pub iss: String,
    pub sub: String,
    pub aud: String,
    pub exp: i64,
    pub iat: i64,
    /// Not before: absent in the tokens we issue, honoured when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nbf: Option<i64>,
    pub email: String,
    pub phone: String,
    pub app_metadata: serde_json::Value,
    pub user_metadata: serde_json::Value,
    pub role: String,
    pub aal: String,
    pub amr: Vec<AmrEntry>,
    pub session_id: String,
    pub is_anonymous: bool,
}

pub fn sign(claims: &Claims, secret: &str) -> anyhow::Result<String> {
    Ok(encode(
        &Header::new(Algorithm::HS256),
        claims,
        &EncodingKey::from_secret(secret.as_bytes()),
    )?)
}

/// Decodes and checks signature, audience, issuer, role and times; times against `now_secs`, the
/// app clock's time, rather than the system's.
pub fn verify(
    token: &str,
    secret: &str,
    issuer: &str,
    now_secs: i64,
) -> Result<Claims, jsonwebtoken::errors::Error> {
    use jsonwebtoken::errors::ErrorKind;
    let mut validation = Validation::new(Algorithm::HS256);
    validation.set_audience(&[AUDIENCE]);
    validation.set_issuer(&[issuer]);
    validation.validate_exp = false;
    validation.validate_nbf = false;
    validation.set_required_spec_claims(&["exp", "aud", "iss"]);
    let claims = decode::<Claims>(
        token,
        &DecodingKey::from_secret(secret.as_bytes()),
        &validation,
    )?
    .claims;
    if claims.exp <= now_secs {
        return Err(ErrorKind::ExpiredSignature.into());
    }
    if claims
        .nbf
        .is_some_and(|nbf| nbf > now_secs + ALLOWED_SKEW_SECS)
    {
        return Err(ErrorKind::ImmatureSignature.into());
    }
    if claims.iat > now_secs + ALLOWED_SKEW_SECS {
        return Err(ErrorKind::ImmatureSignature.into());
    }
    if claims.role != ROLE {
        return Err(ErrorKind::InvalidToken.into());
    }
    Ok(claims)
}

/// The `iss` of the tokens this service issues.
pub fn issuer(public_url: &str) -> String {
    format!("{public_url}/auth/v1")
}

/// A URL-safe random token with `bytes` bytes of entropy.
pub fn random_token(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    rand::thread_rng().fill_bytes(&mut buf);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(buf)
}

/// How a secret token is stored: its SHA-256, so a leaked table grants nothing.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ISS: &str = "http://localhost/auth/v1";

    fn claims(exp: i64) -> Claims {
        Claims {
            iss: ISS.into(),
            sub: "u1".into(),
            aud: AUDIENCE.into(),
            exp,
            iat: 0,
            nbf: None,
            email: "a@b.co".into(),
            phone: String::new(),
            app_metadata: serde_json::json!({}),
            user_metadata: serde_json::json!({}),
            role: "authenticated".into(),
            aal: "aal1".into(),
            amr: vec![],
            session_id: "s1".into(),
            is_anonymous: false,
        }
    }

    #[test]
    fn a_signed_token_verifies_only_with_its_secret_and_before_expiry() {
        let now = 1_900_000_000;
        let token = sign(&claims(now + 60), "secret-one-secret-one-secret-one!").unwrap();
        assert_eq!(
            verify(&token, "secret-one-secret-one-secret-one!", ISS, now)
                .unwrap()
                .sub,
            "u1"
        );
        assert!(verify(&token, "secret-two-secret-two-secret-two!", ISS, now).is_err());
        assert!(verify(&token, "secret-one-secret-one-secret-one!", ISS, now + 60).is_err());
        assert!(verify(
            &token,
            "secret-one-secret-one-secret-one!",
            "https://x/auth/v1",
            now
        )
        .is_err());
    }

    #[test]
    fn random_tokens_differ_and_hash_to_hex() {
        assert_ne!(random_token(24), random_token(24));
        assert_eq!(hash_token("x").len(), 64);
    }
}
