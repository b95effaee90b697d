//! Access tokens (HS256 JWTs with GoTrue's claims) and opaque random tokens stored hashed.

use std::sync::Arc;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use jsonwebtoken::{encode, Algorithm, EncodingKey, Header};
use rand::RngCore;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::verified_tokens::VerifiedTokens;

pub(crate) const AUDIENCE: &str = "authenticated";

/// The only role this service issues; `anon` or `service_role` tokens are not accepted.
pub(crate) const ROLE: &str = "authenticated";

/// How far a token's `iat` or `nbf` may lie ahead of our clock (another instance's clock skew).
pub(crate) const ALLOWED_SKEW_SECS: i64 = 30;

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

/// The fields every access-token check reads, borrowed from whichever claims type was parsed.
pub struct Checked<'a> {
    pub iss: &'a str,
    pub aud: &'a str,
    pub role: &'a str,
    pub exp: i64,
    pub iat: i64,
    pub nbf: Option<i64>,
}

/// Claims an access token can be read into: all of GoTrue's ([`Claims`]) for `/auth/v1`, or just
/// what the product API needs ([`MemberClaims`]), which skips the metadata unparsed.
pub trait AccessClaims: DeserializeOwned {
    fn checked(&self) -> Checked<'_>;
    fn sub(&self) -> &str;
    fn session_id(&self) -> &str;
    fn aal(&self) -> &str;
}

/// Both claims types name the checked fields alike, so one body serves them.
macro_rules! access_claims {
    ($claims:ty) => {
        impl AccessClaims for $claims {
            fn checked(&self) -> Checked<'_> {
                Checked {
                    iss: &self.iss,
                    aud: &self.aud,
                    role: &self.role,
                    exp: self.exp,
                    iat: self.iat,
                    nbf: self.nbf,
                }
            }
            fn sub(&self) -> &str {
                &self.sub
            }
            fn session_id(&self) -> &str {
                &self.session_id
            }
            fn aal(&self) -> &str {
                &self.aal
            }
        }
    };
}

access_claims!(Claims);
access_claims!(MemberClaims);

/// The claims a product-API request needs; the rest of the token is skipped, not parsed.
#[derive(Debug, Deserialize)]
pub(crate) struct MemberClaims {
    pub iss: String,
    pub sub: String,
    pub aud: String,
    pub exp: i64,
    pub iat: i64,
    #[serde(default)]
    pub nbf: Option<i64>,
    pub email: String,
    pub role: String,
    pub aal: String,
    pub session_id: String,
    /// Only when each method was used: the sign-in's age decides a password change.
    #[serde(default)]
    pub amr: Vec<AmrTime>,
}

/// The moment of one `amr` entry, the rest skipped.
#[derive(Debug, Deserialize)]
pub(crate) struct AmrTime {
    #[serde(default)]
    pub timestamp: i64,
}

/// Why an access token was refused, in the words GoTrue's `bad_jwt` message carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    Malformed,
    Algorithm,
    Signature,
    Expired,
    NotYetValid,
    Issuer,
    Audience,
    Role,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Malformed => "token is malformed",
            Self::Algorithm => "signing method is not HS256",
            Self::Signature => "token signature is invalid",
            Self::Expired => "token has invalid claims: token is expired",
            Self::NotYetValid => "token has invalid claims: token is not valid yet",
            Self::Issuer => "token has invalid claims: token has invalid issuer",
            Self::Audience => "token has invalid claims: token has invalid audience",
            Self::Role => "token has invalid claims: role is not authenticated",
        })
    }
}

/// The access-token keys of one instance: the HMAC key prepared once at start (ring's, whose
/// SHA-256 uses the CPU's vector instructions), the signing key and the issuer.
pub struct Keys {
    mac: ring::hmac::Key,
    signing: EncodingKey,
    issuer: String,
    verified: VerifiedTokens,
}

impl Keys {
    pub fn new(secret: &str, public_url: &str) -> Self {
        Self {
            mac: ring::hmac::Key::new(ring::hmac::HMAC_SHA256, secret.as_bytes()),
            signing: EncodingKey::from_secret(secret.as_bytes()),
            issuer: issuer(public_url),
            verified: VerifiedTokens::default(),
        }
    }

    /// The refresh token that follows the one whose hash is `parent_hash`: derived from it with
    /// the instance's secret, so asking again within the reuse interval gets the same child (as
    /// GoTrue hands back the same one) instead of a new one, and nobody without the secret can
    /// tell it from a random token.
    pub(crate) fn child_refresh_token(&self, parent_hash: &str) -> String {
        let tag = ring::hmac::sign(&self.mac, format!("refresh-child:{parent_hash}").as_bytes());
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&tag.as_ref()[..24])
    }

    /// The `iss` of the tokens this instance issues and accepts.
    pub fn issuer(&self) -> &str {
        &self.issuer
    }

    pub fn sign(&self, claims: &Claims) -> anyhow::Result<String> {
        Ok(encode(
            &Header::new(Algorithm::HS256),
            claims,
            &self.signing,
        )?)
    }

    /// The payload of an HS256 token signed with this instance's secret, read as `T`. Only the
    /// algorithm and the signature are checked: the claims are the caller's to check.
    pub(crate) fn signed_payload<T: DeserializeOwned>(&self, token: &str) -> Result<T, Refused> {
        let (signed, signature) = token.rsplit_once('.').ok_or(Refused::Malformed)?;
        let (header, payload) = signed.split_once('.').ok_or(Refused::Malformed)?;
        let header: JwtHeader = from_base64_json(header)?;
        if header.alg != "HS256" {
            return Err(Refused::Algorithm);
        }
        let signature = URL_SAFE_NO_PAD
            .decode(signature)
            .map_err(|_| Refused::Malformed)?;
        ring::hmac::verify(&self.mac, signed.as_bytes(), &signature)
            .map_err(|_| Refused::Signature)?;
        from_base64_json(payload)
    }

    /// Checks an access token: its signature, then its times against `now_secs` (the app clock's,
    /// not the system's), issuer, audience and role; answers its claims as `T`.
    pub fn verify<T: AccessClaims>(&self, token: &str, now_secs: i64) -> Result<T, Refused> {
        let claims: T = self.signed_payload(token)?;
        self.check(claims.checked(), now_secs)?;
        Ok(claims)
    }

    /// [`Self::verify`] for the product API: a token this thread verified before is not
    /// verified again ([`VerifiedTokens`]), though its claims are still checked against
    /// `now_secs`, so it expires on time whatever the clock does.
    pub(crate) fn verify_member(
        &self,
        token: &str,
        now_secs: i64,
    ) -> Result<Arc<MemberClaims>, Refused> {
        if let Some(claims) = self.verified.get(token) {
            self.check(claims.checked(), now_secs)?;
            return Ok(claims);
        }
        let claims = Arc::new(self.verify::<MemberClaims>(token, now_secs)?);
        self.verified.keep(token, claims.clone());
        Ok(claims)
    }

    /// The checks of a signed token's claims: times against `now_secs`, issuer, audience, role.
    fn check(&self, checked: Checked<'_>, now_secs: i64) -> Result<(), Refused> {
        if checked.exp <= now_secs {
            return Err(Refused::Expired);
        }
        let latest_start = now_secs + ALLOWED_SKEW_SECS;
        if checked.iat > latest_start || checked.nbf.is_some_and(|nbf| nbf > latest_start) {
            return Err(Refused::NotYetValid);
        }
        if checked.iss != self.issuer {
            return Err(Refused::Issuer);
        }
        if checked.aud != AUDIENCE {
            return Err(Refused::Audience);
        }
        if checked.role != ROLE {
            return Err(Refused::Role);
        }
        Ok(())
    }
}

#[derive(Deserialize)]
struct JwtHeader {
    alg: String,
}

fn from_base64_json<T: DeserializeOwned>(part: &str) -> Result<T, Refused> {
    let bytes = URL_SAFE_NO_PAD
        .decode(part)
        .map_err(|_| Refused::Malformed)?;
    serde_json::from_slice(&bytes).map_err(|_| Refused::Malformed)
}

/// The `iss` of the tokens this service issues.
fn issuer(public_url: &str) -> String {
    format!("{public_url}/auth/v1")
}

/// A URL-safe random token with `bytes` bytes of entropy.
pub(crate) fn random_token(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    rand::thread_rng().fill_bytes(&mut buf);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(buf)
}

/// How a secret token is stored: its SHA-256, so a leaked table grants nothing.
pub(crate) fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hmac::{Hmac, Mac};

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

    const SECRET: &str = "secret-one-secret-one-secret-one!";

    fn keys() -> Keys {
        Keys::new(SECRET, "http://localhost")
    }

    /// A token with `claims` as its payload, signed with `secret` under `alg`.
    fn forge(alg: &str, claims: &serde_json::Value, secret: &str) -> String {
        let header = URL_SAFE_NO_PAD.encode(format!(r#"{{"alg":"{alg}","typ":"JWT"}}"#));
        let payload = URL_SAFE_NO_PAD.encode(claims.to_string());
        let signed = format!("{header}.{payload}");
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
        mac.update(signed.as_bytes());
        format!(
            "{signed}.{}",
            URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
        )
    }

    #[test]
    fn a_signed_token_verifies_only_with_its_secret_and_before_expiry() {
        let now = 1_900_000_000;
        let token = keys().sign(&claims(now + 60)).unwrap();
        let full: Claims = keys().verify(&token, now).unwrap();
        assert_eq!((full.sub.as_str(), full.email.as_str()), ("u1", "a@b.co"));
        let member: MemberClaims = keys().verify(&token, now).unwrap();
        assert_eq!(
            (member.sub.as_str(), member.session_id.as_str()),
            ("u1", "s1")
        );
        let other = Keys::new("secret-two-secret-two-secret-two!", "http://localhost");
        assert_eq!(
            other.verify::<Claims>(&token, now).unwrap_err(),
            Refused::Signature
        );
        assert_eq!(
            keys().verify::<Claims>(&token, now + 60).unwrap_err(),
            Refused::Expired
        );
        let elsewhere = Keys::new(SECRET, "https://x");
        assert_eq!(
            elsewhere.verify::<Claims>(&token, now).unwrap_err(),
            Refused::Issuer
        );
    }

    #[test]
    fn forged_altered_or_foreign_tokens_are_refused() {
        let now = 1_900_000_000;
        let good = serde_json::to_value(claims(now + 60)).unwrap();
        let check = |token: &str| keys().verify::<MemberClaims>(token, now).map(|c| c.sub);
        assert_eq!(check(&forge("HS256", &good, SECRET)), Ok("u1".to_owned()));
        assert_eq!(
            check(&forge("none", &good, SECRET)),
            Err(Refused::Algorithm)
        );
        assert_eq!(
            check(&forge("HS512", &good, SECRET)),
            Err(Refused::Algorithm)
        );
        let unsigned = forge("none", &good, SECRET);
        let unsigned = format!("{}.", unsigned.rsplit_once('.').unwrap().0);
        assert_eq!(check(&unsigned), Err(Refused::Algorithm));

        // Another payload under the first token's signature.
        let token = forge("HS256", &good, SECRET);
        let mut parts: Vec<&str> = token.split('.').collect();
        let mut admin = good.clone();
        admin["sub"] = "someone-else".into();
        let admin_payload = URL_SAFE_NO_PAD.encode(admin.to_string());
        parts[1] = &admin_payload;
        assert_eq!(check(&parts.join(".")), Err(Refused::Signature));

        for (field, value, refused) in [
            ("role", serde_json::json!("service_role"), Refused::Role),
            ("aud", serde_json::json!("someone"), Refused::Audience),
            ("iat", serde_json::json!(now + 31), Refused::NotYetValid),
            ("nbf", serde_json::json!(now + 31), Refused::NotYetValid),
        ] {
            let mut claims = good.clone();
            claims[field] = value;
            assert_eq!(
                check(&forge("HS256", &claims, SECRET)),
                Err(refused),
                "{field}"
            );
        }
        let mut skewed = good.clone();
        skewed["iat"] = (now + 30).into();
        assert!(
            check(&forge("HS256", &skewed, SECRET)).is_ok(),
            "30 s of skew is allowed"
        );
        let mut missing = good.clone();
        missing.as_object_mut().unwrap().remove("exp");
        assert_eq!(
            check(&forge("HS256", &missing, SECRET)),
            Err(Refused::Malformed)
        );
        for junk in ["", "a.b", "a.b.c", "...", "eyJhbGciOiJIUzI1NiJ9.e30."] {
            assert!(check(junk).is_err(), "{junk:?}");
        }
    }

    #[test]
    fn a_token_verified_before_still_expires_and_nothing_else_passes_for_it() {
        let now = 1_900_000_000;
        let keys = keys();
        let mut good = serde_json::to_value(claims(now + 60)).unwrap();
        good["iat"] = now.into();
        let token = forge("HS256", &good, SECRET);
        let sub =
            |keys: &Keys, token: &str, at| keys.verify_member(token, at).map(|c| c.sub.clone());
        assert_eq!(sub(&keys, &token, now), Ok("u1".to_owned()));
        assert_eq!(sub(&keys, &token, now + 59), Ok("u1".to_owned()));
        // Kept, yet checked against the clock at every use, whichever way it moved.
        assert_eq!(sub(&keys, &token, now + 60), Err(Refused::Expired));
        assert_eq!(sub(&keys, &token, now - 31), Err(Refused::NotYetValid));

        // Another payload under the kept token's signature lands in its slot and is refused.
        let (header, rest) = token.split_once('.').unwrap();
        let signature = rest.rsplit_once('.').unwrap().1;
        let mut other = good.clone();
        other["sub"] = "someone-else".into();
        let swapped = format!(
            "{header}.{}.{signature}",
            URL_SAFE_NO_PAD.encode(other.to_string())
        );
        assert_eq!(sub(&keys, &swapped, now), Err(Refused::Signature));
        assert_eq!(sub(&keys, &token, now), Ok("u1".to_owned()));

        // Kept by one instance is nothing to another with its own secret or issuer.
        let other_secret = Keys::new("secret-two-secret-two-secret-two!", "http://localhost");
        assert_eq!(sub(&other_secret, &token, now), Err(Refused::Signature));
        let elsewhere = Keys::new(SECRET, "https://x");
        assert_eq!(sub(&elsewhere, &token, now), Err(Refused::Issuer));
    }

    #[test]
    fn random_tokens_differ_and_hash_to_hex() {
        assert_ne!(random_token(24), random_token(24));
        assert_eq!(hash_token("x").len(), 64);
    }
}
