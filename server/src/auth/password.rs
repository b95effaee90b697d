//! Password hashing with argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane), off the async
//! runtime because each hash costs tens of milliseconds of CPU.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use std::sync::OnceLock;

use crate::error::AppError;

pub const MIN_PASSWORD_LEN: usize = 8;
pub const MAX_PASSWORD_LEN: usize = 256;

fn hasher() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// A password that passed the length rules; the only way to get one is [`NewPassword::parse`].
pub struct NewPassword(String);

impl NewPassword {
    /// Checks the product's default rules (at least [`MIN_PASSWORD_LEN`] characters).
    pub fn parse(raw: &str) -> Result<Self, AppError> {
        Self::parse_min(raw, MIN_PASSWORD_LEN)
    }

    /// Checks the rules with the operator's minimum length (`SWAZ_PASSWORD_MIN_LENGTH`).
    pub fn parse_min(raw: &str, min_len: usize) -> Result<Self, AppError> {
        let len = raw.chars().count();
        if raw.trim().is_empty() {
            return Err(AppError::bad_request("Please enter a password."));
        }
        if len < min_len {
            return Err(AppError::bad_request(format!(
                "Password should be at least {min_len} characters."
            )));
        }
        if len > MAX_PASSWORD_LEN {
            return Err(AppError::bad_request(format!(
                "Password should be at most {MAX_PASSWORD_LEN} characters."
            )));
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

pub async fn hash(password: &NewPassword) -> anyhow::Result<String> {
    let plain = password.0.clone();
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut rand::rngs::OsRng);
        hasher()
            .hash_password(plain.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))
    })
    .await?
}

/// Checks `plain` against a stored hash. With no stored hash (unknown user) it still spends the
/// same work on a dummy hash, so response time does not reveal whether an account exists.
pub async fn verify(plain: &str, stored: Option<&str>) -> bool {
    let plain = plain.to_owned();
    let stored = stored.map(str::to_owned);
    tokio::task::spawn_blocking(move || {
        let target = stored.unwrap_or_else(|| dummy_hash().to_owned());
        let Ok(parsed) = PasswordHash::new(&target) else {
            return false;
        };
        let ok = hasher().verify_password(plain.as_bytes(), &parsed).is_ok();
        ok && !target.is_empty()
    })
    .await
    .unwrap_or(false)
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let salt = SaltString::generate(&mut rand::rngs::OsRng);
        hasher()
            .hash_password(b"not-a-real-password-for-timing", &salt)
            .expect("hashing the dummy password")
            .to_string()
    })
}

/// A random password for accounts created on someone's behalf (20 characters, no look-alikes).
pub fn generate() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    let mut rng = rand::thread_rng();
    (0..20)
        .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hashed_password_verifies_and_a_wrong_one_does_not() {
        let pw = NewPassword::parse("correct horse battery").unwrap();
        let stored = hash(&pw).await.unwrap();
        assert!(stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(verify("correct horse battery", Some(&stored)).await);
        assert!(!verify("correct horse battery!", Some(&stored)).await);
        assert!(!verify("correct horse battery", None).await);
    }

    #[test]
    fn short_and_blank_passwords_are_refused_with_a_reason() {
        let err = NewPassword::parse("short").err().unwrap();
        assert_eq!(err.to_string(), "Password should be at least 8 characters.");
        assert!(NewPassword::parse("        ").is_err());
        assert_eq!(generate().len(), 20);
    }
}
