//! One-time tokens sent by e-mail: a long token for the link and a 6-digit code for typing in.
//! Both are stored hashed; the code is only ever matched together with its owner's address.

use rand::Rng;
use sqlx::AnyConnection;

use super::tokens::{hash_token, random_token};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Signup,
    Invite,
    MagicLink,
    Recovery,
    /// The link and code sent to the new address of an e-mail change (GoTrue's
    /// `email_change_token_new`).
    EmailChange,
    /// The link and code sent to the current address when `SWAZ_SECURE_EMAIL_CHANGE` is on
    /// (GoTrue's `email_change_token_current`).
    EmailChangeCurrent,
    Reauthentication,
}

impl Purpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Signup => "signup",
            Self::Invite => "invite",
            Self::MagicLink => "magiclink",
            Self::Recovery => "recovery",
            Self::EmailChange => "email_change",
            Self::EmailChangeCurrent => "email_change_current",
            Self::Reauthentication => "reauthentication",
        }
    }

    /// The `type` a link of this purpose carries to `/verify`: both halves of an e-mail change
    /// are `email_change`, as in GoTrue.
    pub fn link_type(self) -> &'static str {
        match self {
            Self::EmailChangeCurrent => "email_change",
            other => other.as_str(),
        }
    }

    fn lifetime_ms(self) -> i64 {
        match self {
            Self::Signup | Self::EmailChange | Self::EmailChangeCurrent | Self::Invite => {
                24 * 3600 * 1000
            }
            Self::Recovery | Self::MagicLink => 3600 * 1000,
            Self::Reauthentication => 10 * 60 * 1000,
        }
    }
}

/// GoTrue's `type` on `/verify`: which kinds of token it may use. `email` is the type of a code
/// typed in from any e-mail that signs in (confirmation, invitation or magic link).
pub(crate) fn purposes_for_type(raw: &str) -> Option<&'static [Purpose]> {
    Some(match raw {
        "signup" => &[Purpose::Signup],
        "invite" => &[Purpose::Invite],
        "magiclink" => &[Purpose::MagicLink],
        "recovery" => &[Purpose::Recovery],
        "email_change" => &[Purpose::EmailChange, Purpose::EmailChangeCurrent],
        "email" => &[Purpose::Signup, Purpose::Invite, Purpose::MagicLink],
        _ => return None,
    })
}

/// The plain values of a new token, to put in the e-mail.
pub struct Issued {
    pub token: String,
    pub code: String,
}

/// A used token: whose it was, what it was for, and the PKCE flow it belongs to.
pub struct Used {
    pub user_id: String,
    pub purpose: Purpose,
    pub flow_id: Option<String>,
}

fn code_hash(user_id: &str, code: &str) -> String {
    hash_token(&format!("{user_id}:{}", code.trim()))
}

/// Wrong guesses a code takes before it is dead (GoTrue-style codes are 6 digits: a handful of
/// guesses per code sent keeps guessing hopeless).
pub(crate) const MAX_CODE_GUESSES: i64 = 5;

/// Creates a token and returns its plain link token and code. It is the user's only live one of
/// its purpose: any earlier one (its link and its code) ends now.
pub async fn create(
    conn: &mut AnyConnection,
    user_id: &str,
    purpose: Purpose,
    flow_id: Option<&str>,
    now: i64,
) -> sqlx::Result<Issued> {
    void_outstanding(conn, user_id, purpose, now).await?;
    let token = random_token(24);
    let code = format!("{:06}", rand::thread_rng().gen_range(0..1_000_000));
    sqlx::query(
        "INSERT INTO one_time_tokens (token_hash, user_id, kind, created_at, expires_at, code_hash, flow_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(hash_token(&token))
    .bind(user_id)
    .bind(purpose.as_str())
    .bind(now)
    .bind(now + purpose.lifetime_ms())
    .bind(code_hash(user_id, &code))
    .bind(flow_id)
    .execute(conn)
    .await?;
    Ok(Issued { token, code })
}

/// What claiming a token returns (`RETURNING user_id, flow_id`); the purpose is the claimer's.
#[derive(sqlx::FromRow)]
struct UsedRow {
    user_id: String,
    flow_id: Option<String>,
}

impl UsedRow {
    fn into_used(self, purpose: Purpose) -> Used {
        Used {
            user_id: self.user_id,
            purpose,
            flow_id: self.flow_id,
        }
    }
}

/// Uses the link token once; `None` when unknown, used, expired or of another purpose.
pub(crate) async fn consume(
    conn: &mut AnyConnection,
    token: &str,
    purposes: &[Purpose],
    now: i64,
) -> sqlx::Result<Option<Used>> {
    claim(
        conn,
        "UPDATE one_time_tokens SET used_at = $1 \
         WHERE token_hash = $2 AND kind = $3 AND used_at IS NULL AND expires_at > $1 \
         RETURNING user_id, flow_id",
        &[&hash_token(token)],
        purposes,
        now,
    )
    .await
}

/// Uses the newest live token of `user_id` whose code is `code`.
pub(crate) async fn consume_code(
    conn: &mut AnyConnection,
    user_id: &str,
    code: &str,
    purposes: &[Purpose],
    now: i64,
) -> sqlx::Result<Option<Used>> {
    let update = format!(
        "UPDATE one_time_tokens SET used_at = $1 WHERE token_hash = (\
           SELECT token_hash FROM one_time_tokens \
           WHERE user_id = $2 AND code_hash = $3 AND kind = $4 AND used_at IS NULL AND expires_at > $1 \
             AND failed_attempts < {MAX_CODE_GUESSES} \
           ORDER BY created_at DESC LIMIT 1) \
         RETURNING user_id, flow_id"
    );
    claim(
        conn,
        &update,
        &[user_id, &code_hash(user_id, code)],
        purposes,
        now,
    )
    .await
}

/// Counts a wrong guess against every live code of `user_id` for `purposes`; a dead code's count
/// stays at [`MAX_CODE_GUESSES`], so the counts add up to the guesses that could have succeeded.
pub(crate) async fn count_wrong_code(
    conn: &mut AnyConnection,
    user_id: &str,
    purposes: &[Purpose],
    now: i64,
) -> sqlx::Result<()> {
    for purpose in purposes {
        sqlx::query(
            "UPDATE one_time_tokens SET failed_attempts = failed_attempts + 1 \
             WHERE user_id = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3 \
               AND failed_attempts < $4",
        )
        .bind(user_id)
        .bind(purpose.as_str())
        .bind(now)
        .bind(MAX_CODE_GUESSES)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Runs `update` once per purpose, in order, until it claims a token. The statement sets
/// `used_at = $1`, takes `keys` as $2 onwards and the purpose's kind last, and returns the
/// claimed token's `user_id, flow_id`.
async fn claim(
    conn: &mut AnyConnection,
    update: &str,
    keys: &[&str],
    purposes: &[Purpose],
    now: i64,
) -> sqlx::Result<Option<Used>> {
    for &purpose in purposes {
        let mut query = sqlx::query_as::<_, UsedRow>(update).bind(now);
        for &key in keys {
            query = query.bind(key);
        }
        let row = query
            .bind(purpose.as_str())
            .fetch_optional(&mut *conn)
            .await?;
        if let Some(row) = row {
            return Ok(Some(row.into_used(purpose)));
        }
    }
    Ok(None)
}

/// Marks every unused `purpose` token of `user_id` as used: a password reset or change leaves no
/// other reset link working.
pub(crate) async fn void_outstanding(
    conn: &mut AnyConnection,
    user_id: &str,
    purpose: Purpose,
    now: i64,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE one_time_tokens SET used_at = $1 \
         WHERE user_id = $2 AND kind = $3 AND used_at IS NULL",
    )
    .bind(now)
    .bind(user_id)
    .bind(purpose.as_str())
    .execute(conn)
    .await?
    .rows_affected())
}
