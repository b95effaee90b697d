//! Forged access tokens: a real token's claims, read without checking the signature, changed
//! and signed again, for the tests of what the server refuses.

use base64::Engine;
use serde_json::Value;

use crate::support::TestApp;

/// The claims of `token`, decoded without checking its signature.
pub fn claims_of(token: &str) -> Value {
    let payload = token.split('.').nth(1).unwrap();
    serde_json::from_slice(
        &base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(payload)
            .unwrap(),
    )
    .unwrap()
}

/// `token`'s claims with `change` applied, signed (HS256) with `secret`.
pub fn resigned(token: &str, secret: &str, change: impl FnOnce(&mut Value)) -> String {
    let mut claims = claims_of(token);
    change(&mut claims);
    jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256),
        &claims,
        &jsonwebtoken::EncodingKey::from_secret(secret.as_bytes()),
    )
    .unwrap()
}

impl TestApp {
    /// `token`'s claims with `change` applied, signed with this app's own key: a token the
    /// server could have issued, but for the change.
    pub fn forged(&self, token: &str, change: impl FnOnce(&mut Value)) -> String {
        resigned(token, self.state.config.jwt_secret.expose(), change)
    }
}
