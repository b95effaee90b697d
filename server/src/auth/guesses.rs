//! Throttles guessing a secret (a password, an e-mailed code, an authenticator code) without
//! letting a stranger lock the owner out.
//!
//! Every attempt counts against the caller's address. Wrong guesses count against the address
//! and account together, and against the account alone. An address that guessed wrong too often
//! on an account is refused; once the account as a whole has seen many wrong guesses, only
//! addresses that have guessed wrong on it themselves are refused, so the owner's right answer
//! from their own device still works while guesses spread over many addresses get one try each
//! per window. (E-mailed codes and authenticator challenges also die after a handful of wrong
//! guesses each, which bounds guesses spread over many addresses.)

use crate::db::Db;
use crate::ratelimit::{self, Limit, Limited};

use super::error::AuthError;
use super::service::email_key;

/// One attempt at guessing `action`'s secret of one account, allowed by [`Guard::check`].
pub(crate) struct Guard {
    pair_key: String,
    account_key: String,
    window_secs: i64,
}

impl Guard {
    /// Counts the attempt against `ip` and refuses it when `ip`, or the account with `ip`
    /// among its wrong guessers, is over `limit`. `account` is an e-mail address or a user id.
    pub(crate) async fn check(
        db: &Db,
        now: i64,
        limit: Limit,
        action: &str,
        ip: &str,
        account: &str,
    ) -> Result<Self, AuthError> {
        let Limit {
            max,
            window_secs: window,
        } = limit;
        let guard = Self {
            pair_key: email_key(&format!("{action}-fail:pair"), &format!("{ip}\n{account}")),
            account_key: email_key(&format!("{action}-fail:account"), account),
            window_secs: window,
        };
        let ip_key = format!("{action}:ip:{ip}");
        let others = [guard.pair_key.as_str(), guard.account_key.as_str()];
        let (attempt, [(pair_failures, pair_wait), (account_failures, account_wait)]) =
            ratelimit::hit_reading(db, now, &ip_key, max, window, others).await?;
        attempt.map_err(AuthError::rate_limited)?;
        if pair_failures >= max {
            return Err(AuthError::rate_limited(Limited {
                retry_after_secs: pair_wait,
            }));
        }
        if pair_failures > 0 && account_failures >= max {
            return Err(AuthError::rate_limited(Limited {
                retry_after_secs: account_wait.max(pair_wait),
            }));
        }
        Ok(guard)
    }

    /// Records that the attempt guessed wrong: against the address and account together and
    /// against the account, in one statement. Only counted here; the limits are applied in `check`.
    pub(crate) async fn failed(self, db: &Db, now: i64) -> sqlx::Result<()> {
        let keys = [self.pair_key.as_str(), self.account_key.as_str()];
        ratelimit::count_both(db, now, keys, self.window_secs).await
    }
}
