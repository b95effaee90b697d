//! Password verifications per second with SWAZ's argon2id parameters (server/src/auth/password.rs:
//! 19 MiB, 2 passes, 1 lane), on every core for `seconds` (first argument, default 5).

use std::time::{Duration, Instant};

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

fn hasher() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

fn main() {
    let seconds: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let salt = SaltString::encode_b64(b"bench-salt-16byt").expect("salt");
    let stored = hasher()
        .hash_password(b"Practice-daily-9", &salt)
        .expect("hash")
        .to_string();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let until = Instant::now() + Duration::from_secs(seconds);
    let threads: Vec<_> = (0..cores)
        .map(|_| {
            let stored = stored.clone();
            std::thread::spawn(move || {
                let parsed = PasswordHash::new(&stored).expect("parse");
                let mut done = 0u64;
                while Instant::now() < until {
                    hasher()
                        .verify_password(b"Practice-daily-9", &parsed)
                        .expect("verify");
                    done += 1;
                }
                done
            })
        })
        .collect();
    let total: u64 = threads.into_iter().map(|t| t.join().expect("thread")).sum();
    println!("{:.1}", total as f64 / seconds as f64);
}
