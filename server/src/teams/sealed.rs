//! An invite link's token kept so admins can see the link again, readable only with the server's
//! secret: AES-256-GCM under a key derived from `SWAZ_JWT_SECRET` (HKDF-SHA-256, its own label),
//! a random nonce per token, stored as base64url of nonce and ciphertext.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use ring::aead::{Aad, LessSafeKey, Nonce, UnboundKey, AES_256_GCM, NONCE_LEN};
use ring::hkdf::{Salt, HKDF_SHA256};
use ring::rand::{SecureRandom, SystemRandom};

const LABEL: &[u8] = b"swaz team invite link v1";

fn key(secret: &str) -> LessSafeKey {
    let prk = Salt::new(HKDF_SHA256, LABEL).extract(secret.as_bytes());
    let mut bytes = [0u8; 32];
    prk.expand(&[LABEL], &AES_256_GCM)
        .and_then(|okm| okm.fill(&mut bytes))
        .expect("32 bytes is a valid HKDF-SHA-256 output");
    LessSafeKey::new(UnboundKey::new(&AES_256_GCM, &bytes).expect("a 32-byte key"))
}

/// Seals `token` for storage.
pub(crate) fn seal(token: &str, secret: &str) -> String {
    let mut nonce = [0u8; NONCE_LEN];
    SystemRandom::new()
        .fill(&mut nonce)
        .expect("the system's random source works");
    let mut data = token.as_bytes().to_vec();
    key(secret)
        .seal_in_place_append_tag(Nonce::assume_unique_for_key(nonce), Aad::empty(), &mut data)
        .expect("sealing a short token cannot fail");
    let mut out = nonce.to_vec();
    out.extend_from_slice(&data);
    URL_SAFE_NO_PAD.encode(out)
}

/// The token `sealed` holds; `None` when it was sealed with another secret or is damaged.
pub(crate) fn open(sealed: &str, secret: &str) -> Option<String> {
    let raw = URL_SAFE_NO_PAD.decode(sealed).ok()?;
    if raw.len() <= NONCE_LEN {
        return None;
    }
    let (nonce, data) = raw.split_at(NONCE_LEN);
    let nonce = Nonce::try_assume_unique_for_key(nonce).ok()?;
    let mut data = data.to_vec();
    let plain = key(secret)
        .open_in_place(nonce, Aad::empty(), &mut data)
        .ok()?;
    String::from_utf8(plain.to_vec()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "test-secret-test-secret-test-secret-0123";

    #[test]
    fn a_sealed_token_opens_with_the_same_secret_only() {
        let sealed = seal("abc-token", SECRET);
        assert!(!sealed.contains("abc-token"));
        assert_ne!(sealed, seal("abc-token", SECRET), "a new nonce each time");
        assert_eq!(open(&sealed, SECRET).as_deref(), Some("abc-token"));
        assert_eq!(open(&sealed, "another-secret-another-secret-01234"), None);
        let mut damaged = sealed.clone();
        damaged.replace_range(20..21, if &sealed[20..21] == "A" { "B" } else { "A" });
        assert_eq!(open(&damaged, SECRET), None);
        assert_eq!(open("short", SECRET), None);
    }
}
