//! Signed one-click links in reminder mails ("Remind me in an hour", "Unsubscribe") and the
//! buttons of reminder notifications ("Done", "Snooze 1 h"). They are HS256 JWTs made with the
//! server's JWT secret but a different audience, so a link can never serve as an access token
//! nor an access token as a link; each does the one action it was signed for.

use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use super::schedule::Kind;

pub(crate) const AUDIENCE: &str = "swaz-reminder-link";

/// How long a snooze link works after its mail was queued.
pub(crate) const SNOOZE_VALID_SECS: i64 = 12 * 3600;
/// How long an unsubscribe link works.
pub(crate) const UNSUBSCRIBE_VALID_SECS: i64 = 90 * 24 * 3600;
/// How long a notification's "Done" works: the day it reminds of, not the next.
pub(crate) const DONE_VALID_SECS: i64 = 18 * 3600;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    Snooze,
    Unsubscribe,
    /// Records practice (a notification's "Done").
    Done,
}

#[derive(Debug, Serialize, Deserialize)]
struct LinkClaims {
    aud: String,
    sub: String,
    act: Action,
    kind: String,
    occ: String,
    exp: i64,
}

/// What a verified link asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub user_id: String,
    pub action: Action,
    pub kind: Kind,
    pub occasion: String,
}

pub fn sign(link: &Link, secret: &str, now_secs: i64) -> String {
    let valid = match link.action {
        Action::Snooze => SNOOZE_VALID_SECS,
        Action::Unsubscribe => UNSUBSCRIBE_VALID_SECS,
        Action::Done => DONE_VALID_SECS,
    };
    let claims = LinkClaims {
        aud: AUDIENCE.to_owned(),
        sub: link.user_id.clone(),
        act: link.action,
        kind: link.kind.as_str().to_owned(),
        occ: link.occasion.clone(),
        exp: now_secs + valid,
    };
    encode(
        &Header::new(Algorithm::HS256),
        &claims,
        &EncodingKey::from_secret(secret.as_bytes()),
    )
    .expect("HS256 signing of plain claims cannot fail")
}

/// Why a link is refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    Invalid,
    Expired,
}

/// Checks signature, audience, action and expiry (against the app clock's `now_secs`).
pub fn verify(token: &str, secret: &str, action: Action, now_secs: i64) -> Result<Link, Refused> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.set_audience(&[AUDIENCE]);
    validation.validate_exp = false;
    validation.set_required_spec_claims(&["exp", "aud", "sub"]);
    let claims = decode::<LinkClaims>(
        token,
        &DecodingKey::from_secret(secret.as_bytes()),
        &validation,
    )
    .map_err(|_| Refused::Invalid)?
    .claims;
    let kind = Kind::from_name(&claims.kind).ok_or(Refused::Invalid)?;
    if claims.act != action {
        return Err(Refused::Invalid);
    }
    if claims.exp <= now_secs {
        return Err(Refused::Expired);
    }
    Ok(Link {
        user_id: claims.sub,
        action,
        kind,
        occasion: claims.occ,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "test-secret-test-secret-test-secret-0123";

    fn link(action: Action) -> Link {
        Link {
            user_id: "u1".into(),
            action,
            kind: Kind::Daily,
            occasion: "2026-11-24".into(),
        }
    }

    #[test]
    fn a_link_verifies_for_its_own_action_until_it_expires() {
        let now = 1_900_000_000;
        let token = sign(&link(Action::Snooze), SECRET, now);
        assert_eq!(
            verify(&token, SECRET, Action::Snooze, now).unwrap(),
            link(Action::Snooze)
        );
        assert_eq!(
            verify(&token, SECRET, Action::Unsubscribe, now),
            Err(Refused::Invalid)
        );
        assert_eq!(
            verify(&token, SECRET, Action::Snooze, now + SNOOZE_VALID_SECS),
            Err(Refused::Expired)
        );
        assert_eq!(
            verify(
                &token,
                "another-secret-another-secret-0123456",
                Action::Snooze,
                now
            ),
            Err(Refused::Invalid)
        );
        let mut tampered = token.clone();
        tampered.insert(token.len() / 2, 'x');
        assert_eq!(
            verify(&tampered, SECRET, Action::Snooze, now),
            Err(Refused::Invalid)
        );
    }
}
