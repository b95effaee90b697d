//! Message encryption for Web Push (RFC 8291 on RFC 8188's `aes128gcm` content coding): what
//! a push service receives is readable only by the device holding the subscription's key.

use ring::aead::{self, Aad, LessSafeKey, Nonce, UnboundKey, AES_128_GCM};
use ring::agreement::{self, EphemeralPrivateKey, UnparsedPublicKey, ECDH_P256};
use ring::hkdf::{self, KeyType, Salt, HKDF_SHA256};
use ring::rand::{SecureRandom, SystemRandom};

/// The record size: a whole message is one record (push services take at most 4096 bytes).
const RECORD_SIZE: u32 = 4096;
/// Header: salt (16), record size (4), key id length (1), the server's public key (65).
const HEADER_LEN: usize = 16 + 4 + 1 + 65;
/// The largest message: one record holds the text, its delimiter and the 16-byte tag.
pub const MAX_PLAINTEXT: usize = RECORD_SIZE as usize - HEADER_LEN - 1 - 16;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum Error {
    #[error("the device's key is not a P-256 public key")]
    BadKey,
    #[error("the message is longer than {MAX_PLAINTEXT} bytes")]
    TooLong,
    #[error("the message cannot be read with this key")]
    Unreadable,
}

/// An output length for ring's HKDF.
struct Len(usize);

impl KeyType for Len {
    fn len(&self) -> usize {
        self.0
    }
}

fn expand<const N: usize>(prk: &hkdf::Prk, info: &[&[u8]]) -> [u8; N] {
    let mut out = [0u8; N];
    prk.expand(info, Len(N))
        .and_then(|okm| okm.fill(&mut out))
        .expect("HKDF-SHA-256 gives up to 8160 bytes");
    out
}

/// The content key and nonce of a message (RFC 8291 §3.3–3.4, RFC 8188 §2.2–2.3).
fn key_and_nonce(
    ecdh_secret: &[u8],
    auth: &[u8],
    ua_public: &[u8],
    as_public: &[u8],
    salt: &[u8],
) -> ([u8; 16], [u8; 12]) {
    let prk_key = Salt::new(HKDF_SHA256, auth).extract(ecdh_secret);
    let ikm: [u8; 32] = expand(&prk_key, &[b"WebPush: info\0", ua_public, as_public]);
    let prk = Salt::new(HKDF_SHA256, salt).extract(&ikm);
    (
        expand(&prk, &[b"Content-Encoding: aes128gcm\0"]),
        expand(&prk, &[b"Content-Encoding: nonce\0"]),
    )
}

/// Encrypts `plaintext` for the device whose subscription gave `ua_public` (p256dh, 65 bytes)
/// and `auth` (16 bytes): the body of the push request, with `Content-Encoding: aes128gcm`.
pub fn encrypt(ua_public: &[u8], auth: &[u8], plaintext: &[u8]) -> Result<Vec<u8>, Error> {
    if plaintext.len() > MAX_PLAINTEXT {
        return Err(Error::TooLong);
    }
    let rng = SystemRandom::new();
    let as_private = EphemeralPrivateKey::generate(&ECDH_P256, &rng).map_err(|_| Error::BadKey)?;
    let as_public = as_private.compute_public_key().map_err(|_| Error::BadKey)?;
    let mut salt = [0u8; 16];
    rng.fill(&mut salt).map_err(|_| Error::BadKey)?;
    let (cek, nonce) = agreement::agree_ephemeral(
        as_private,
        &UnparsedPublicKey::new(&ECDH_P256, ua_public),
        |secret| key_and_nonce(secret, auth, ua_public, as_public.as_ref(), &salt),
    )
    .map_err(|_| Error::BadKey)?;
    let key = LessSafeKey::new(UnboundKey::new(&AES_128_GCM, &cek).map_err(|_| Error::BadKey)?);
    // One record, the last: the text and the delimiter 2, no padding.
    let mut record = Vec::with_capacity(plaintext.len() + 1 + aead::MAX_TAG_LEN);
    record.extend_from_slice(plaintext);
    record.push(2);
    key.seal_in_place_append_tag(
        Nonce::assume_unique_for_key(nonce),
        Aad::empty(),
        &mut record,
    )
    .map_err(|_| Error::TooLong)?;
    let mut body = Vec::with_capacity(HEADER_LEN + record.len());
    body.extend_from_slice(&salt);
    body.extend_from_slice(&RECORD_SIZE.to_be_bytes());
    body.push(65);
    body.extend_from_slice(as_public.as_ref());
    body.extend_from_slice(&record);
    Ok(body)
}

/// Decrypts a one-record push message as the device holding `ua_private` (whose public key is
/// `ua_public`) and `auth` would: the other half of [`encrypt`], for a local push service in
/// tests.
pub fn decrypt(
    ua_private: EphemeralPrivateKey,
    ua_public: &[u8],
    auth: &[u8],
    body: &[u8],
) -> Result<Vec<u8>, Error> {
    let as_public = sender_key(body)?;
    agreement::agree_ephemeral(
        ua_private,
        &UnparsedPublicKey::new(&ECDH_P256, as_public),
        |secret| decrypt_with_secret(secret, ua_public, auth, body),
    )
    .map_err(|_| Error::Unreadable)?
}

/// The sender's one-time public key in a message's header.
pub fn sender_key(body: &[u8]) -> Result<&[u8], Error> {
    if body.len() < HEADER_LEN + 16 || body[20] != 65 {
        return Err(Error::Unreadable);
    }
    Ok(&body[21..86])
}

/// [`decrypt`] for a device that keeps its key: `secret` is the ECDH secret of the device's
/// private key and [`sender_key`].
pub fn decrypt_with_secret(
    secret: &[u8],
    ua_public: &[u8],
    auth: &[u8],
    body: &[u8],
) -> Result<Vec<u8>, Error> {
    let as_public = sender_key(body)?;
    let (salt, record) = (&body[..16], &body[86..]);
    let (cek, nonce) = key_and_nonce(secret, auth, ua_public, as_public, salt);
    let key = LessSafeKey::new(UnboundKey::new(&AES_128_GCM, &cek).map_err(|_| Error::Unreadable)?);
    let mut record = record.to_vec();
    let plain = key
        .open_in_place(
            Nonce::assume_unique_for_key(nonce),
            Aad::empty(),
            &mut record,
        )
        .map_err(|_| Error::Unreadable)?;
    // Padding is zeros after the delimiter; the last record's delimiter is 2.
    let end = plain
        .iter()
        .rposition(|b| *b != 0)
        .ok_or(Error::Unreadable)?;
    if plain[end] != 2 {
        return Err(Error::Unreadable);
    }
    Ok(plain[..end].to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn device() -> (EphemeralPrivateKey, Vec<u8>, [u8; 16]) {
        let rng = SystemRandom::new();
        let private = EphemeralPrivateKey::generate(&ECDH_P256, &rng).unwrap();
        let public = private.compute_public_key().unwrap().as_ref().to_vec();
        let mut auth = [0u8; 16];
        rng.fill(&mut auth).unwrap();
        (private, public, auth)
    }

    #[test]
    fn the_device_reads_what_was_encrypted_for_it() {
        let (private, public, auth) = device();
        let text = br#"{"title":"Time for your SWAZ practice"}"#;
        let body = encrypt(&public, &auth, text).unwrap();
        assert_eq!(&body[16..20], &4096u32.to_be_bytes(), "the record size");
        assert_eq!(body[20], 65, "the key id is the server's public key");
        assert_eq!(body.len(), HEADER_LEN + text.len() + 1 + 16);
        assert_eq!(decrypt(private, &public, &auth, &body).unwrap(), text);
    }

    #[test]
    fn another_device_or_a_changed_byte_cannot_read_it() {
        let (_, public, auth) = device();
        let body = encrypt(&public, &auth, b"hello").unwrap();
        let (stranger, stranger_public, _) = device();
        assert_eq!(
            decrypt(stranger, &stranger_public, &auth, &body),
            Err(Error::Unreadable)
        );
        let (private, public, auth) = device();
        let mut body = encrypt(&public, &auth, b"hello").unwrap();
        let last = body.len() - 1;
        body[last] ^= 1;
        assert_eq!(
            decrypt(private, &public, &auth, &body),
            Err(Error::Unreadable)
        );
    }

    #[test]
    fn a_message_too_long_for_one_record_or_a_bad_key_is_refused() {
        let (_, public, auth) = device();
        assert_eq!(
            encrypt(&public, &auth, &vec![b'a'; MAX_PLAINTEXT + 1]),
            Err(Error::TooLong)
        );
        assert!(encrypt(&public, &auth, &vec![b'a'; MAX_PLAINTEXT]).is_ok());
        assert_eq!(encrypt(&[4u8; 65], &auth, b"hi"), Err(Error::BadKey));
    }
}
