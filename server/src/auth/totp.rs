//! Time-based one-time passwords (RFC 6238) as authenticator apps compute them: HMAC-SHA1,
//! 30-second steps, 6 digits; the secret travels as unpadded base32 in an `otpauth://` URI and a
//! QR code.

use hmac::{Hmac, Mac};
use rand::RngCore;
use sha1::Sha1;

pub const PERIOD_SECS: i64 = 30;
pub(crate) const DIGITS: u32 = 6;
/// Steps either side of now a code is still accepted (a phone clock a little off).
const SKEW_STEPS: i64 = 1;

const BASE32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/// A new 160-bit secret, base32-encoded.
pub(crate) fn new_secret() -> String {
    let mut bytes = [0u8; 20];
    rand::thread_rng().fill_bytes(&mut bytes);
    base32_encode(&bytes)
}

pub(crate) fn base32_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(5) * 8);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for &b in bytes {
        buffer = (buffer << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(BASE32[((buffer >> bits) & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(BASE32[((buffer << (5 - bits)) & 31) as usize] as char);
    }
    out
}

pub fn base32_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 5 / 8);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for c in text.trim_end_matches('=').bytes() {
        let value = BASE32.iter().position(|&a| a == c.to_ascii_uppercase())? as u32;
        buffer = (buffer << 5) | value;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
        }
    }
    Some(out)
}

/// The code for time step `step` (Unix seconds / 30).
pub fn code_at(secret: &[u8], step: i64) -> String {
    let mut mac = Hmac::<Sha1>::new_from_slice(secret).expect("HMAC accepts any key length");
    mac.update(&step.to_be_bytes());
    let digest = mac.finalize().into_bytes();
    let offset = (digest[19] & 0x0f) as usize;
    let value = u32::from_be_bytes([
        digest[offset] & 0x7f,
        digest[offset + 1],
        digest[offset + 2],
        digest[offset + 3],
    ]);
    format!(
        "{:0width$}",
        value % 10u32.pow(DIGITS),
        width = DIGITS as usize
    )
}

/// The time step `code` matches around `now_secs`, if any.
pub(crate) fn matching_step(secret_b32: &str, code: &str, now_secs: i64) -> Option<i64> {
    let code = code.trim();
    if code.len() != DIGITS as usize || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let secret = base32_decode(secret_b32)?;
    let now_step = now_secs.div_euclid(PERIOD_SECS);
    (now_step - SKEW_STEPS..=now_step + SKEW_STEPS).find(|&step| {
        let expected = code_at(&secret, step);
        subtle::ConstantTimeEq::ct_eq(expected.as_bytes(), code.as_bytes()).into()
    })
}

/// The `otpauth://` URI an authenticator app scans.
pub fn uri(secret_b32: &str, issuer: &str, account: &str) -> String {
    format!(
        "otpauth://totp/{}:{}?secret={secret_b32}&issuer={}&algorithm=SHA1&digits={DIGITS}&period={PERIOD_SECS}",
        urlencoding::encode(issuer),
        urlencoding::encode(account),
        urlencoding::encode(issuer),
    )
}

/// The URI as a QR code in SVG markup (GoTrue's `totp.qr_code`; auth-js makes it a `data:` URI).
pub(crate) fn qr_code_svg(uri: &str) -> anyhow::Result<String> {
    let code = qrcode::QrCode::new(uri.as_bytes())?;
    let svg = code
        .render::<qrcode::render::svg::Color<'_>>()
        // Colour names rather than `#rgb`: auth-js puts the markup into a `data:` URI unencoded,
        // where a `#` would end it.
        .dark_color(qrcode::render::svg::Color("black"))
        .light_color(qrcode::render::svg::Color("white"))
        .min_dimensions(200, 200)
        .quiet_zone(true)
        .build();
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc_6238_sha1_vectors() {
        // RFC 6238 appendix B, truncated to six digits.
        let secret = b"12345678901234567890";
        assert_eq!(code_at(secret, 59 / 30), "287082");
        assert_eq!(code_at(secret, 1_111_111_109 / 30), "081804");
        assert_eq!(code_at(secret, 1_234_567_890 / 30), "005924");
        assert_eq!(code_at(secret, 20_000_000_000 / 30), "353130");
    }

    #[test]
    fn base32_round_trips_and_matches_rfc_4648() {
        assert_eq!(base32_encode(b"foobar"), "MZXW6YTBOI");
        assert_eq!(base32_decode("MZXW6YTBOI").unwrap(), b"foobar");
        let secret = new_secret();
        assert_eq!(secret.len(), 32);
        assert_eq!(base32_decode(&secret).unwrap().len(), 20);
        assert!(base32_decode("not base32!").is_none());
    }

    #[test]
    fn a_code_matches_one_step_either_side_and_no_further() {
        let secret = new_secret();
        let raw = base32_decode(&secret).unwrap();
        let now = 1_900_000_000;
        let step = now / PERIOD_SECS;
        for delta in -1..=1 {
            let code = code_at(&raw, step + delta);
            assert_eq!(matching_step(&secret, &code, now), Some(step + delta));
        }
        let stale = code_at(&raw, step - 3);
        assert_ne!(matching_step(&secret, &stale, now), Some(step - 3));
        assert_eq!(matching_step(&secret, "12345", now), None);
        assert_eq!(matching_step(&secret, "abcdef", now), None);
    }

    #[test]
    fn the_qr_code_is_svg_markup() {
        let uri = uri(&new_secret(), "SWAZ", "ann@example.com");
        assert!(uri.starts_with("otpauth://totp/SWAZ:ann%40example.com?secret="));
        let svg = qr_code_svg(&uri).unwrap();
        assert!(svg.starts_with("<?xml"));
        assert!(
            !svg.contains('#'),
            "a # would cut auth-js's data: URI short"
        );
        assert!(svg.contains("<svg"));
    }
}
