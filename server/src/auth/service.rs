//! Identity operations shared by the GoTrue endpoints and the product API.

use serde_json::{json, Value};

use super::error::AuthError;
use super::links::Mailer;
use super::mfa::{self, Factor};
use super::otp::{self, Purpose};
use super::password::{self, NewPassword};
use super::sessions::{self, NewSession};
use super::tokens::Keys;
use super::tokens::{self, Claims, AUDIENCE};
use super::users::{self, User};
use crate::db::{Db, WriteTx};
use crate::domain::Email;
use crate::error::{AppError, Result};
use crate::http::client::ClientMeta;
use crate::mail::{templates, Outbox};
use crate::ratelimit;

/// How long after signing in a session may change the password without proving it again, when
/// `SWAZ_SECURE_PASSWORD_CHANGE` is on (GoTrue's 24 hours).
const RECENT_SIGN_IN_SECS: i64 = 24 * 3600;

/// The one password-change rule of both endpoints (`PUT /auth/v1/user` and the product's
/// `changepassword`): with `SWAZ_SECURE_PASSWORD_CHANGE` on, a session that signed in more than
/// a day ago proves it is the owner again first (a nonce, or a fresh sign-in).
pub(crate) fn must_reauthenticate(secure: bool, signed_in_at: i64, now_secs: i64) -> bool {
    secure && now_secs - signed_in_at > RECENT_SIGN_IN_SECS
}

/// Counts a hit against the IP and, when given, the e-mail; refuses once either is over the limit.
pub(crate) async fn rate_limit(
    db: &Db,
    now: i64,
    limit: ratelimit::Limit,
    action: &str,
    client: &ClientMeta,
    email: Option<&str>,
) -> Result<(), AuthError> {
    let ratelimit::Limit {
        max: limit,
        window_secs: window,
    } = limit;
    ratelimit::hit(
        db,
        now,
        &format!("{action}:ip:{}", client.ip),
        limit,
        window,
    )
    .await?
    .map_err(AuthError::rate_limited)?;
    if let Some(email) = email {
        ratelimit::hit(db, now, &email_key(action, email), limit, window)
            .await?
            .map_err(AuthError::rate_limited)?;
    }
    Ok(())
}

/// A rate-limit key for `email`: keyed by a digest, so bounded in size whatever the client sends.
pub(crate) fn email_key(action: &str, email: &str) -> String {
    let digest = tokens::hash_token(&email.trim().to_lowercase());
    format!("{action}:email:{}", &digest[..32])
}

/// What signs a session's access tokens, and for how long they are valid (`SWAZ_JWT_EXPIRY`).
#[derive(Clone, Copy)]
pub(crate) struct SessionTokens<'a> {
    pub keys: &'a Keys,
    pub expires_in: i64,
}

/// GoTrue's session response for a freshly issued or rotated refresh token.
pub(crate) fn session_json(
    tokens: SessionTokens<'_>,
    user: &User,
    factors: &[Factor],
    session: &NewSession,
    now_ms: i64,
) -> anyhow::Result<Value> {
    let now = now_ms.div_euclid(1000);
    let expires_in = tokens.expires_in;
    let claims = Claims {
        iss: tokens.keys.issuer().to_owned(),
        sub: user.id.clone(),
        aud: AUDIENCE.to_owned(),
        exp: now + expires_in,
        iat: now,
        nbf: None,
        email: user.email.clone(),
        phone: String::new(),
        app_metadata: user.app_metadata(),
        user_metadata: user.metadata(),
        role: "authenticated".to_owned(),
        aal: session.assurance.aal.clone(),
        amr: session.assurance.amr.clone(),
        session_id: session.session_id.clone(),
        is_anonymous: false,
    };
    let access_token = tokens.keys.sign(&claims)?;
    Ok(json!({
        "access_token": access_token,
        "token_type": "bearer",
        "expires_in": expires_in,
        "expires_at": now + expires_in,
        "refresh_token": session.refresh_token,
        "user": user.to_gotrue_json_with(factors),
    }))
}

/// The session JSON for `session` of `user_id`, read inside the caller's transaction.
pub(crate) async fn session_answer(
    conn: &mut sqlx::AnyConnection,
    tokens: SessionTokens<'_>,
    user_id: &str,
    session: &NewSession,
    now: i64,
) -> Result<Value> {
    let user = users::by_id(&mut *conn, user_id).await?;
    answer_for(conn, tokens, user, session, now).await
}

/// [`session_answer`] for the user as the caller just read it.
async fn answer_for(
    conn: &mut sqlx::AnyConnection,
    tokens: SessionTokens<'_>,
    user: Option<User>,
    session: &NewSession,
    now: i64,
) -> Result<Value> {
    let user = user.ok_or_else(|| AppError::not_found("User not found"))?;
    if user.is_banned(now) {
        return Err(AppError::forbidden(users::BANNED));
    }
    let factors = mfa::factors_of(conn, &user.id).await?;
    Ok(session_json(tokens, &user, &factors, session, now)?)
}

/// Starts a new session for `user_id` signed in with `method` and answers GoTrue's session JSON.
pub(crate) async fn start_session(
    db: &Db,
    tokens: SessionTokens<'_>,
    user_id: &str,
    client: &ClientMeta,
    method: &str,
    now: i64,
) -> Result<Value> {
    let mut tx = db.begin_write().await?;
    let session = sessions::create(
        &mut tx,
        user_id,
        (&client.user_agent, &client.ip),
        method,
        now,
    )
    .await?;
    let user = users::signed_in(&mut tx, user_id, now).await?;
    let answer = answer_for(&mut tx, tokens, user, &session, now).await?;
    tx.commit().await?;
    Ok(answer)
}

/// Sets a new password and signs out every other session; the owner is told by e-mail.
pub async fn change_password(
    db: &Db,
    outbox: &Outbox,
    user_id: &str,
    keep_session: &str,
    new: &NewPassword,
    now: i64,
) -> Result<User> {
    let hash = password::hash(new).await?;
    let mut tx = db.begin_write().await?;
    let user = users::by_id(&mut tx, user_id)
        .await?
        .ok_or_else(|| AppError::not_found("User not found"))?;
    set_password_in(&mut tx, outbox, &user, keep_session, &hash, now).await?;
    tx.commit().await?;
    Ok(user)
}

/// The password part of [`change_password`], inside the caller's transaction.
async fn set_password_in(
    conn: &mut WriteTx,
    outbox: &Outbox,
    user: &User,
    keep_session: &str,
    hash: &str,
    now: i64,
) -> Result<()> {
    users::set_password(conn, &user.id, hash, now).await?;
    otp::void_outstanding(conn, &user.id, Purpose::Recovery, now).await?;
    sessions::revoke_all_except(conn, &user.id, Some(keep_session), now).await?;
    outbox
        .enqueue(
            conn,
            &templates::password_changed(&user.email, &user.first_name),
            now,
        )
        .await?;
    Ok(())
}

/// What `PUT /user` asks to change, every part already validated.
#[derive(Default)]
pub(crate) struct UserChanges {
    /// The whole new `user_metadata`.
    pub metadata: Option<Value>,
    /// The product's copy of the names (first, last), already checked.
    pub names: Option<(String, String)>,
    /// A new address: it becomes a pending change, confirmed by e-mail.
    pub email: Option<Email>,
    pub password: Option<NewPassword>,
    /// The code `GET /reauthenticate` mailed; used up by this change.
    pub nonce: Option<String>,
}

/// What a wrong, used or expired reauthentication code is told (GoTrue's words).
pub(crate) const NONCE_INVALID: &str = "Nonce has expired or is invalid";

/// Applies `changes` in one transaction: all of them, or none when one is refused (e.g. the new
/// e-mail belongs to someone else).
pub(crate) async fn update_user(
    db: &Db,
    mailer: Mailer<'_>,
    user_id: &str,
    keep_session: &str,
    changes: UserChanges,
    now: i64,
) -> Result<User> {
    let hash = match &changes.password {
        Some(new) => Some(password::hash(new).await?),
        None => None,
    };
    let mut tx = db.begin_write().await?;
    let user = users::by_id(&mut tx, user_id)
        .await?
        .ok_or_else(|| AppError::not_found("User not found"))?;
    if let Some(nonce) = &changes.nonce {
        let used =
            otp::consume_code(&mut tx, user_id, nonce, &[Purpose::Reauthentication], now).await?;
        if used.is_none() {
            return Err(AppError::bad_request(NONCE_INVALID));
        }
    }
    if let Some(metadata) = &changes.metadata {
        users::set(&mut tx, user_id, users::Field::UserMetadata(metadata), now).await?;
    }
    if let Some((first, last)) = &changes.names {
        users::update_names(&mut tx, user_id, first, last, now).await?;
    }
    if let Some(email) = &changes.email {
        let current = users::by_id(&mut tx, user_id)
            .await?
            .unwrap_or(user.clone());
        super::links::request_email_change(&mut tx, mailer, &current, email, now).await?;
    }
    if let Some(hash) = &hash {
        set_password_in(&mut tx, mailer.outbox, &user, keep_session, hash, now).await?;
    }
    let user = users::by_id(&mut tx, user_id).await?.unwrap_or(user);
    tx.commit().await?;
    Ok(user)
}

/// Only links back into this app are followed; anything else falls back to `default_path`.
pub(crate) fn safe_redirect(base: &str, requested: Option<&str>, default_path: &str) -> String {
    let requested = requested
        .map(str::trim)
        .filter(|url| !url.chars().any(|c| c.is_control() || c.is_whitespace()));
    match requested {
        Some(url) if url.starts_with('/') && !url.starts_with("//") => format!("{base}{url}"),
        Some(url) if url == base || url.starts_with(&format!("{base}/")) => url.to_owned(),
        _ => format!("{base}{default_path}"),
    }
}

pub struct CreatedUser {
    pub user: User,
}

pub struct CreateUser<'a> {
    pub email: &'a Email,
    pub password: &'a NewPassword,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub metadata: Value,
    pub confirmed: bool,
    /// Where the confirmation link leads; no mail when `None` or already confirmed.
    pub confirmation_redirect: Option<String>,
}

/// Creates an account; 409 when the e-mail is taken.
pub async fn create_user(
    db: &Db,
    mailer: Mailer<'_>,
    input: CreateUser<'_>,
    now: i64,
) -> Result<CreatedUser> {
    let hash = password::hash(input.password).await?;
    let mut tx = db.begin_write().await?;
    let inserted = users::insert(
        &mut tx,
        users::NewUser {
            email: input.email,
            password_hash: &hash,
            first_name: input.first_name,
            last_name: input.last_name,
            metadata: input.metadata,
            confirmed: input.confirmed,
        },
        now,
    )
    .await;
    let user = match inserted {
        Ok(user) => user,
        Err(e) if crate::error::is_unique_violation(&e) => {
            return Err(AppError::conflict(
                "A user with this email address has already been registered",
            ))
        }
        Err(e) => return Err(e.into()),
    };
    if let (false, Some(redirect)) = (input.confirmed, &input.confirmation_redirect) {
        super::links::send_confirmation(&mut tx, mailer, &user, redirect, now).await?;
    }
    let user = users::by_id(&mut tx, &user.id).await?.unwrap_or(user);
    tx.commit().await?;
    Ok(CreatedUser { user })
}
