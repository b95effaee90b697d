//! Password hashing with argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane), off the async
//! runtime because each hash costs tens of milliseconds of CPU, and at most one per core at a
//! time: each needs 19 MiB while it runs, and 64 sign-ins at once on a thread each left the
//! process at 2 to 5 GB (bench/run). Queued hashes wait their turn; the CPU is the limit anyway.
//! Sign-in checks, the frequent case, reuse their hashing thread's working buffer.

use argon2::password_hash::{PasswordHash, PasswordHasher, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use std::sync::{mpsc, Arc, Mutex, OnceLock};

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

/// Work for a hashing thread, given that thread's working buffer.
type Job = Box<dyn FnOnce(&mut Vec<Block>) + Send>;

/// Runs `work` on one of the hashing threads (one per core, started on first use), in the order
/// asked. Each thread keeps one argon2 working buffer and, when a hash ends, takes the next
/// queued one itself: no trip through the async runtime between two hashes, which under a
/// sign-in load left the cores idle in turn (bench/PROFILE.md, finding 17). Work whose caller
/// stopped waiting before a thread took it is dropped unrun. `None` if the work panicked.
async fn on_hashing_thread<T: Send + 'static>(
    work: impl FnOnce(&mut Vec<Block>) -> T + Send + 'static,
) -> Option<T> {
    static QUEUE: OnceLock<mpsc::Sender<Job>> = OnceLock::new();
    let queue = QUEUE.get_or_init(|| {
        let (sender, receiver) = mpsc::channel::<Job>();
        let receiver = Arc::new(Mutex::new(receiver));
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        for n in 0..cores {
            let receiver = Arc::clone(&receiver);
            std::thread::Builder::new()
                .name(format!("swaz-argon2-{n}"))
                .spawn(move || hashing_thread(&receiver))
                .expect("starting a password hashing thread");
        }
        sender
    });
    let (answer, answered) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move |blocks| {
        if !answer.is_closed() {
            let _ = answer.send(work(blocks));
        }
    });
    queue.send(job).ok()?;
    answered.await.ok()
}

/// Takes queued work until the process ends; a panic in one piece of work ends only that piece.
fn hashing_thread(queue: &Mutex<mpsc::Receiver<Job>>) {
    let mut blocks = Vec::new();
    loop {
        let next = match queue.lock() {
            Ok(receiver) => receiver.recv(),
            Err(_) => return,
        };
        let Ok(job) = next else { return };
        let run = std::panic::AssertUnwindSafe(|| job(&mut blocks));
        if std::panic::catch_unwind(run).is_err() {
            blocks = Vec::new();
        }
    }
}

pub async fn hash(password: &NewPassword) -> anyhow::Result<String> {
    let plain = password.0.clone();
    on_hashing_thread(move |_| {
        let salt = SaltString::generate(&mut rand::rngs::OsRng);
        hasher()
            .hash_password(plain.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))
    })
    .await
    .ok_or_else(|| anyhow::anyhow!("hashing a password stopped before its end"))?
}

/// Checks `plain` against a stored hash. With no stored hash (unknown user) it still spends the
/// same work on a dummy hash, so response time does not reveal whether an account exists.
pub async fn verify(plain: &str, stored: Option<&str>) -> bool {
    let plain = plain.to_owned();
    let stored = stored.map(str::to_owned);
    on_hashing_thread(move |blocks| {
        let target = stored.unwrap_or_else(|| dummy_hash().to_owned());
        let Ok(parsed) = PasswordHash::new(&target) else {
            return false;
        };
        matches(plain.as_bytes(), &parsed, blocks) && !target.is_empty()
    })
    .await
    .unwrap_or(false)
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

    #[tokio::test]
    async fn more_checks_at_once_than_hashing_threads_each_get_their_own_answer() {
        let pw = NewPassword::parse("queued password").unwrap();
        let stored = hash(&pw).await.unwrap();
        let checks = (0..12).map(|n| {
            let stored = stored.clone();
            tokio::spawn(async move {
                let given = if n % 3 == 0 {
                    "queued passwore"
                } else {
                    "queued password"
                };
                (n, verify(given, Some(&stored)).await)
            })
        });
        for check in checks.collect::<Vec<_>>() {
            let (n, ok) = check.await.unwrap();
            assert_eq!(ok, n % 3 != 0, "check {n}");
        }
    }

    #[test]
    fn short_and_blank_passwords_are_refused_with_a_reason() {
        let err = NewPassword::parse("short").err().unwrap();
        assert_eq!(err.to_string(), "Password should be at least 8 characters.");
        assert!(NewPassword::parse("        ").is_err());
        assert_eq!(generate().len(), 20);
    }
}
