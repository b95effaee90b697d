//! What SWAZ does not offer, answered as a Supabase Auth with the feature turned off answers:
//! SAML single sign-on, manual identity linking, Web3, anonymous and phone sign-in, and ID tokens
//! of other providers (GoTrue's handlers and middleware, read for their codes and words).

use axum::http::StatusCode;

use super::AuthResult;
use crate::auth::error::AuthError;
use crate::auth::extract::AuthClaims;

/// `/sso` and `/sso/saml/*` (GoTrue's `requireSAMLEnabled`).
pub(super) async fn sso() -> AuthError {
    AuthError::new(
        StatusCode::NOT_FOUND,
        "saml_provider_disabled",
        "SAML 2.0 is disabled",
    )
}

/// `/user/identities/*`: signed-in callers only, then GoTrue's `requireManualLinkingEnabled`.
pub(super) async fn identities(_: AuthClaims) -> AuthError {
    AuthError::new(
        StatusCode::NOT_FOUND,
        "manual_linking_disabled",
        "Manual linking is disabled",
    )
}

/// `grant_type=web3`, refused before its body is read.
pub(super) fn web3() -> AuthError {
    AuthError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "web3_provider_disabled",
        "Web3 provider is disabled",
    )
}

/// `/signup` with neither an e-mail nor a phone.
pub(super) fn anonymous() -> AuthError {
    AuthError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "anonymous_provider_disabled",
        "Anonymous sign-ins are disabled",
    )
}

pub(super) fn phone_signup() -> AuthError {
    AuthError::new(
        StatusCode::BAD_REQUEST,
        "phone_provider_disabled",
        "Phone signups are disabled",
    )
}

pub(super) fn phone_otp() -> AuthError {
    AuthError::new(
        StatusCode::BAD_REQUEST,
        "phone_provider_disabled",
        "Unsupported phone provider",
    )
}

pub(super) fn phone_login() -> AuthError {
    AuthError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "phone_provider_disabled",
        "Phone logins are disabled",
    )
}

/// GoTrue's `validatePhone`: digits after removing spaces, `+`, `-`, `(` and `)`, 2 to 15 of
/// them, the first not 0.
pub(super) fn check_phone(raw: &str) -> AuthResult<()> {
    let digits: String = raw
        .chars()
        .filter(|c| !matches!(c, ' ' | '+' | '-' | '(' | ')'))
        .collect();
    let valid = (2..=15).contains(&digits.len())
        && digits.chars().all(|c| c.is_ascii_digit())
        && !digits.starts_with('0');
    if valid {
        Ok(())
    } else {
        Err(AuthError::validation(
            "Invalid phone number format (E.164 required)",
        ))
    }
}

/// The well-known ID-token issuers GoTrue names, by provider (none is enabled here).
const ISSUERS: [(&str, &str); 5] = [
    ("apple", "https://appleid.apple.com"),
    ("google", "https://accounts.google.com"),
    ("facebook", "https://www.facebook.com"),
    ("kakao", "https://kauth.kakao.com"),
    ("vercel_marketplace", "https://marketplace.vercel.com"),
];

fn is_azure_issuer(issuer: &str) -> bool {
    issuer
        .strip_prefix("https://login.microsoftonline.com/")
        .and_then(|rest| rest.strip_suffix("/v2.0"))
        .is_some_and(|tenant| !tenant.is_empty() && !tenant.contains('/'))
}

/// The `iss` of a JWT, read without checking it (GoTrue does so to find an Azure tenant).
fn unverified_issuer(id_token: &str) -> Option<String> {
    use base64::Engine;
    let payload = id_token.split('.').nth(1)?;
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload.trim_end_matches('='))
        .ok()?;
    let claims: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
    claims.get("iss")?.as_str().map(str::to_owned)
}

/// `grant_type=id_token`: GoTrue's checks in its order, ending where it would find the provider
/// disabled, or the issuer not allowed (no ID-token issuer is configured here).
pub(super) fn id_token(id_token: &str, provider: &str, client_id: &str, issuer: &str) -> AuthError {
    if id_token.is_empty() {
        return AuthError::oauth("invalid request", "id_token required");
    }
    if provider.is_empty() && (client_id.is_empty() || issuer.is_empty()) {
        return AuthError::oauth(
            "invalid request",
            "provider or client_id and issuer required",
        );
    }
    let disabled = |issuer: &str| {
        AuthError::new(
            StatusCode::BAD_REQUEST,
            "provider_disabled",
            format!("Provider (issuer {issuer:?}) is not enabled"),
        )
    };
    for (name, known) in ISSUERS {
        if provider == name || issuer == known {
            return disabled(known);
        }
    }
    if provider == "azure" || is_azure_issuer(issuer) {
        if is_azure_issuer(issuer) {
            return disabled(issuer);
        }
        return match unverified_issuer(id_token).filter(|iss| is_azure_issuer(iss)) {
            Some(found) => disabled(&found),
            None => AuthError::validation("Unable to detect issuer in ID token for Azure provider"),
        };
    }
    if provider == "keycloak" {
        return disabled("");
    }
    AuthError::validation(format!("Custom OIDC provider {provider:?} not allowed"))
}
