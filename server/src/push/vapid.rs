//! VAPID (RFC 8292): the signed claim that tells a push service which server sends a message,
//! as the `Authorization: vapid t=…, k=…` header of the push request.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use ring::rand::SystemRandom;
use serde_json::json;

use super::keys::VapidKeys;

/// How long a signed claim is good for (RFC 8292 allows at most 24 hours).
pub const LIFETIME_SECS: i64 = 12 * 3600;

/// The origin (`scheme://host[:port]`) of a push endpoint: the claim's audience.
pub fn audience(endpoint: &str) -> Option<String> {
    let url = url::Url::parse(endpoint).ok()?;
    Some(url.origin().ascii_serialization()).filter(|o| o != "null")
}

/// The `Authorization` header for a message to `endpoint`, signed at `now_secs`; `subject` is
/// how the push service reaches the operator (`mailto:` or an https URL).
pub fn authorization(
    keys: &VapidKeys,
    endpoint: &str,
    subject: &str,
    now_secs: i64,
) -> anyhow::Result<String> {
    let aud = audience(endpoint).ok_or_else(|| anyhow::anyhow!("not a push endpoint"))?;
    let header = URL_SAFE_NO_PAD.encode(json!({ "typ": "JWT", "alg": "ES256" }).to_string());
    let claims = URL_SAFE_NO_PAD
        .encode(json!({ "aud": aud, "exp": now_secs + LIFETIME_SECS, "sub": subject }).to_string());
    let signing_input = format!("{header}.{claims}");
    let signature = keys
        .pair()?
        .sign(&SystemRandom::new(), signing_input.as_bytes())
        .map_err(|_| anyhow::anyhow!("could not sign the VAPID claim"))?;
    Ok(format!(
        "vapid t={signing_input}.{}, k={}",
        URL_SAFE_NO_PAD.encode(signature.as_ref()),
        keys.public_key
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring::signature::{UnparsedPublicKey, ECDSA_P256_SHA256_FIXED};

    #[test]
    fn the_claim_names_the_push_service_and_verifies_with_the_public_key() {
        let keys = VapidKeys::generate().unwrap();
        let header = authorization(
            &keys,
            "https://fcm.googleapis.com/fcm/send/abc",
            "mailto:ops@example.com",
            1_800_000_000,
        )
        .unwrap();
        let rest = header.strip_prefix("vapid t=").unwrap();
        let (token, k) = rest.split_once(", k=").unwrap();
        assert_eq!(k, keys.public_key);
        let parts: Vec<&str> = token.split('.').collect();
        assert_eq!(parts.len(), 3);
        let claims: serde_json::Value =
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(parts[1]).unwrap()).unwrap();
        assert_eq!(claims["aud"], "https://fcm.googleapis.com");
        assert_eq!(claims["exp"], 1_800_000_000 + LIFETIME_SECS);
        assert_eq!(claims["sub"], "mailto:ops@example.com");
        let public = URL_SAFE_NO_PAD.decode(k).unwrap();
        let signature = URL_SAFE_NO_PAD.decode(parts[2]).unwrap();
        assert_eq!(
            signature.len(),
            64,
            "ES256 in JWT is r and s, 32 bytes each"
        );
        let signed = format!("{}.{}", parts[0], parts[1]);
        UnparsedPublicKey::new(&ECDSA_P256_SHA256_FIXED, &public)
            .verify(signed.as_bytes(), &signature)
            .expect("the signature verifies");
        let mut forged = signed.into_bytes();
        forged[0] ^= 1;
        assert!(UnparsedPublicKey::new(&ECDSA_P256_SHA256_FIXED, &public)
            .verify(&forged, &signature)
            .is_err());
    }

    #[test]
    fn the_audience_is_the_endpoints_origin() {
        assert_eq!(
            audience("http://127.0.0.1:4000/push/1").as_deref(),
            Some("http://127.0.0.1:4000")
        );
        assert_eq!(audience("not a url"), None);
    }
}
