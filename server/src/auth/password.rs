//! Password hashing with argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane), off the async
//! runtime because each hash costs tens of milliseconds of CPU, and at most one per core at a
//! time: each needs 19 MiB while it runs, and 64 sign-ins at once on a thread each left the
//! process at 2 to 5 GB (bench/run). Queued hashes wait their turn; the CPU is the limit anyway.
//! Sign-in checks, the frequent case, reuse one working buffer per slot instead of allocating.

use argon2::password_hash::{PasswordHash, PasswordHasher, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use std::sync::{Arc, Mutex, OnceLock};

use tokio::sync::Semaphore;

use crate::error::AppError;

pub(crate) const MIN_PASSWORD_LEN: usize = 8;
pub(crate) const MAX_PASSWORD_LEN: usize = 256;

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
    pub(crate) fn parse_min(raw: &str, min_len: usize) -> Result<Self, AppError> {
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

/// Runs `work` on the blocking pool once one of the per-core slots is free; the slot is held
/// until the work ends, even if the caller stopped waiting for it.
async fn one_per_core<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, tokio::task::JoinError> {
    static SLOTS: OnceLock<Arc<Semaphore>> = OnceLock::new();
    let slots = SLOTS.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Arc::new(Semaphore::new(cores))
    });
    let slot = slots
        .clone()
        .acquire_owned()
        .await
        .expect("the semaphore is never closed");
    tokio::task::spawn_blocking(move || {
        let answer = work();
        drop(slot);
        answer
    })
    .await
}

pub async fn hash(password: &NewPassword) -> anyhow::Result<String> {
    let plain = password.0.clone();
    one_per_core(move || {
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
    one_per_core(move || {
        let target = stored.unwrap_or_else(|| dummy_hash().to_owned());
        let Ok(parsed) = PasswordHash::new(&target) else {
            return false;
        };
        let ok = with_working_memory(|blocks| matches(plain.as_bytes(), &parsed, blocks));
        ok && !target.is_empty()
    })
    .await
    .unwrap_or(false)
}

/// Lends one of the reusable argon2 working buffers (at most one per slot ever exists).
fn with_working_memory<T>(work: impl FnOnce(&mut Vec<Block>) -> T) -> T {
    static SPARE: Mutex<Vec<Vec<Block>>> = Mutex::new(Vec::new());
    let taken = SPARE.lock().map(|mut spare| spare.pop()).unwrap_or(None);
    let mut blocks = taken.unwrap_or_default();
    let answer = work(&mut blocks);
    if let Ok(mut spare) = SPARE.lock() {
        spare.push(blocks);
    }
    answer
}

/// Whether `plain` hashes to `stored`, computed in `blocks` (grown when the stored parameters
/// need more than it holds); the comparison takes the same time wherever the outputs differ.
fn matches(plain: &[u8], stored: &PasswordHash<'_>, blocks: &mut Vec<Block>) -> bool {
    let (Some(salt), Some(expected)) = (&stored.salt, &stored.hash) else {
        return false;
    };
    let (Ok(algorithm), Ok(params)) = (
        Algorithm::try_from(stored.algorithm),
        Params::try_from(stored),
    ) else {
        return false;
    };
    let Ok(version) = stored.version.map_or(Ok(Version::V0x13), Version::try_from) else {
        return false;
    };
    let mut salt_bytes = [0u8; 64];
    let Ok(salt) = salt.decode_b64(&mut salt_bytes) else {
        return false;
    };
    if blocks.len() < params.block_count() {
        blocks.resize(params.block_count(), Block::default());
    }
    let mut computed = vec![0u8; expected.len()];
    let needed = params.block_count();
    Argon2::new(algorithm, version, params)
        .hash_password_into_with_memory(plain, salt, &mut computed, &mut blocks[..needed])
        .is_ok()
        && argon2::password_hash::Output::new(&computed).is_ok_and(|output| output == *expected)
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
pub(crate) fn generate() -> String {
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

    #[tokio::test]
    async fn hashes_made_with_other_parameters_still_verify_with_the_reused_buffers() {
        // Stored before a parameter change (or by another argon2 user): bigger and smaller
        // memory than today's, argon2i and argon2id, checked one after another on shared buffers.
        for (algorithm, memory_kib) in [
            (Algorithm::Argon2id, 32 * 1024),
            (Algorithm::Argon2i, 8 * 1024),
            (Algorithm::Argon2id, 19 * 1024),
        ] {
            let params = Params::new(memory_kib, 1, 1, None).unwrap();
            let salt = SaltString::generate(&mut rand::rngs::OsRng);
            let stored = Argon2::new(algorithm, Version::V0x13, params)
                .hash_password(b"older password", &salt)
                .unwrap()
                .to_string();
            assert!(verify("older password", Some(&stored)).await, "{stored}");
            assert!(!verify("older passwore", Some(&stored)).await, "{stored}");
        }
        assert!(!verify("anything", Some("$argon2id$not-a-hash")).await);
    }

    #[test]
    fn short_and_blank_passwords_are_refused_with_a_reason() {
        let err = NewPassword::parse("short").err().unwrap();
        assert_eq!(err.to_string(), "Password should be at least 8 characters.");
        assert!(NewPassword::parse("        ").is_err());
        assert_eq!(generate().len(), 20);
    }
}
