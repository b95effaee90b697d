//! E-mailed links and codes: issuing each kind, mailing it, and using one.

use super::flow;
use super::otp::{self, Purpose, Used};
use super::users::{self, TimeColumn, User};
use crate::db::{Db, WriteTx};
use crate::domain::Email;
use crate::error::{AppError, Result};
use crate::mail::{templates, Outbox};

/// How identity mails its links: the address they point at and the outbox the mail goes to.
#[derive(Clone, Copy)]
pub struct Mailer<'a> {
    /// `SWAZ_PUBLIC_URL`, which every link starts with.
    pub base_url: &'a str,
    pub outbox: &'a Outbox,
    /// `SWAZ_SECURE_EMAIL_CHANGE`: an e-mail change is confirmed from both addresses.
    pub secure_email_change: bool,
}

/// A link as it goes out: the URL, and the token and code behind it.
pub struct Link {
    pub action_link: String,
    pub token: String,
    pub code: String,
    pub redirect_to: String,
}

fn verify_url(base_url: &str, token: &str, purpose: Purpose, redirect_to: &str) -> String {
    format!(
        "{}/auth/v1/verify?token={}&type={}&redirect_to={}",
        base_url,
        token,
        purpose.link_type(),
        urlencoding::encode(redirect_to)
    )
}

/// Creates the token of a link for `user` without mailing it (the admin's `generate_link`).
pub async fn issue(
    conn: &mut sqlx::AnyConnection,
    base_url: &str,
    user: &User,
    purpose: Purpose,
    redirect_to: &str,
    flow_id: Option<&str>,
    now: i64,
) -> Result<Link> {
    let issued = otp::create(conn, &user.id, purpose, flow_id, now).await?;
    let column = match purpose {
        Purpose::Signup | Purpose::Invite => Some(TimeColumn::ConfirmationSent),
        Purpose::Recovery | Purpose::MagicLink => Some(TimeColumn::RecoverySent),
        Purpose::EmailChange | Purpose::EmailChangeCurrent | Purpose::Reauthentication => None,
    };
    if let Some(column) = column {
        users::touch(conn, &user.id, column, now).await?;
    }
    Ok(Link {
        action_link: verify_url(base_url, &issued.token, purpose, redirect_to),
        token: issued.token,
        code: issued.code,
        redirect_to: redirect_to.to_owned(),
    })
}

/// Issues a link and queues its e-mail in the caller's transaction.
pub async fn send(
    conn: &mut WriteTx,
    mailer: Mailer<'_>,
    user: &User,
    purpose: Purpose,
    redirect_to: &str,
    flow_id: Option<&str>,
    now: i64,
) -> Result<()> {
    let link = issue(
        conn,
        mailer.base_url,
        user,
        purpose,
        redirect_to,
        flow_id,
        now,
    )
    .await?;
    let (to, name) = (user.email.as_str(), user.first_name.as_str());
    let (url, code) = (link.action_link.as_str(), link.code.as_str());
    let message = match purpose {
        Purpose::Signup => templates::confirm_signup(to, name, url, code),
        Purpose::Invite => templates::invite(to, url, code),
        Purpose::MagicLink => templates::magic_link(to, name, url, code),
        Purpose::Recovery => templates::recovery(to, name, url, code),
        Purpose::EmailChange => {
            let new = user.email_change.as_deref().unwrap_or(to);
            templates::confirm_email_change(new, name, url, code)
        }
        Purpose::EmailChangeCurrent => {
            let new = user.email_change.as_deref().unwrap_or(to);
            templates::confirm_email_change_current(to, name, new, url, code)
        }
        Purpose::Reauthentication => templates::reauthentication(to, name, code),
    };
    mailer.outbox.enqueue(conn, &message, now).await?;
    Ok(())
}

/// Queues a confirmation e-mail for an unconfirmed user.
pub(crate) async fn send_confirmation(
    conn: &mut WriteTx,
    mailer: Mailer<'_>,
    user: &User,
    redirect_to: &str,
    now: i64,
) -> Result<()> {
    send(conn, mailer, user, Purpose::Signup, redirect_to, None, now).await
}

/// What a person hands back: the token of a link, or the code typed in with their address.
pub enum Presented<'a> {
    Link(&'a str),
    Code { email: &'a Email, code: &'a str },
}

/// A token used: whose, for what, and the PKCE code to exchange when a flow was started.
pub struct Verified {
    pub user_id: String,
    pub purpose: Purpose,
    pub pkce_code: Option<String>,
    /// The first of the two confirmations of a secure e-mail change: nothing changed yet, and
    /// nobody is signed in (GoTrue's "Confirmation link accepted" answer).
    pub first_of_two: bool,
}

/// What GoTrue answers the first of the two confirmations of a secure e-mail change.
pub const SINGLE_CONFIRMATION: &str =
    "Confirmation link accepted. Please proceed to confirm link sent to the other email";

/// Uses an e-mailed token: confirms the address (or switches to the confirmed new one). `None`
/// when the token is unknown, used, expired, or the new address was taken meanwhile.
pub async fn verify(
    db: &Db,
    outbox: &Outbox,
    presented: Presented<'_>,
    purposes: &[Purpose],
    secure_email_change: bool,
    now: i64,
) -> Result<Option<Verified>> {
    let mut tx = db.begin_write().await?;
    let used = match presented {
        Presented::Link(token) => otp::consume(&mut tx, token, purposes, now).await?,
        Presented::Code { email, code } => {
            // An e-mail change's code is checked against the address it went to: the current
            // address's code with the current address, the new one's with the new address
            // (GoTrue's FindUserForEmailChange).
            let candidates: Vec<(Option<User>, Vec<Purpose>)> =
                if purposes.contains(&Purpose::EmailChange) {
                    let mut c = Vec::new();
                    if secure_email_change {
                        c.push((
                            users::by_email(&mut tx, email).await?,
                            vec![Purpose::EmailChangeCurrent],
                        ));
                    }
                    c.push((
                        users::by_pending_email(&mut tx, email).await?,
                        vec![Purpose::EmailChange],
                    ));
                    c
                } else {
                    vec![(users::by_email(&mut tx, email).await?, purposes.to_vec())]
                };
            let mut used = None;
            let mut tried = Vec::new();
            for (user, purposes) in candidates {
                let Some(user) = user else { continue };
                used = otp::consume_code(&mut tx, &user.id, code, &purposes, now).await?;
                if used.is_some() {
                    break;
                }
                tried.push((user.id, purposes));
            }
            if used.is_none() {
                if tried.is_empty() {
                    return Ok(None);
                }
                // Kept even though the answer is a refusal: the code dies after a few.
                for (user_id, purposes) in &tried {
                    otp::count_wrong_code(&mut tx, user_id, purposes, now).await?;
                }
                tx.commit().await?;
                return Ok(None);
            }
            used
        }
    };
    let Some(Used {
        user_id,
        purpose,
        flow_id,
    }) = used
    else {
        return Ok(None);
    };
    match purpose {
        Purpose::EmailChange | Purpose::EmailChangeCurrent => {
            let old = users::by_id(&mut tx, &user_id).await?;
            if secure_email_change
                && old
                    .as_ref()
                    .is_some_and(|u| u.email_change_confirm_status == 0 && !u.email.is_empty())
            {
                users::mark_first_email_change_confirmation(&mut tx, &user_id, now).await?;
                tx.commit().await?;
                return Ok(Some(Verified {
                    user_id,
                    purpose,
                    pkce_code: None,
                    first_of_two: true,
                }));
            }
            otp::void_outstanding(&mut tx, &user_id, Purpose::EmailChange, now).await?;
            otp::void_outstanding(&mut tx, &user_id, Purpose::EmailChangeCurrent, now).await?;
            let changed = match users::apply_email_change(&mut tx, &user_id, now).await {
                Ok(changed) => changed,
                Err(e) if crate::error::is_unique_violation(&e) => return Ok(None),
                Err(e) => return Err(e.into()),
            };
            let (Some(old), Some(changed)) = (old, changed) else {
                return Ok(None);
            };
            outbox
                .enqueue(
                    &mut tx,
                    &templates::email_changed(&old.email, &changed.first_name, &changed.email),
                    now,
                )
                .await?;
        }
        Purpose::Recovery => {
            otp::void_outstanding(&mut tx, &user_id, Purpose::Recovery, now).await?;
            users::mark_confirmed(&mut tx, &user_id, now).await?;
        }
        _ => users::mark_confirmed(&mut tx, &user_id, now).await?,
    }
    let pkce_code = match &flow_id {
        Some(flow_id) => flow::issue_code(&mut tx, flow_id, now).await?,
        None => None,
    };
    tx.commit().await?;
    Ok(Some(Verified {
        user_id,
        purpose,
        pkce_code,
        first_of_two: false,
    }))
}

/// Sends a recovery link when the address belongs to someone; says nothing either way.
pub(crate) async fn request_recovery(
    db: &Db,
    mailer: Mailer<'_>,
    email: &Email,
    redirect_to: &str,
    challenge: Option<&flow::Challenge>,
    now: i64,
) -> Result<()> {
    let mut tx = db.begin_write().await?;
    if let Some(user) = users::by_email(&mut tx, email).await? {
        let flow_id = match challenge {
            Some(c) => Some(flow::start(&mut tx, &user.id, c, "recovery", now).await?),
            None => None,
        };
        send(
            &mut tx,
            mailer,
            &user,
            Purpose::Recovery,
            redirect_to,
            flow_id.as_deref(),
            now,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Asks to move the account to `email`: a link goes to the new address, and the change happens
/// only when it is used, so nobody can take over an address they do not read. With
/// `SWAZ_SECURE_EMAIL_CHANGE` on, a second link goes to the current address and the change waits
/// for both (GoTrue's secure e-mail change).
pub(crate) async fn request_email_change(
    conn: &mut WriteTx,
    mailer: Mailer<'_>,
    user: &User,
    email: &Email,
    now: i64,
) -> Result<()> {
    if let Some(owner) = users::by_email(&mut *conn, email).await? {
        if owner.id != user.id {
            return Err(AppError::conflict(
                "This email address is already used by another account.",
            ));
        }
        return Ok(());
    }
    users::set(conn, &user.id, users::Field::EmailChange(email), now).await?;
    let pending = User {
        email_change: Some(email.as_str().to_owned()),
        email_change_confirm_status: 0,
        ..user.clone()
    };
    let redirect = format!("{}/account", mailer.base_url);
    send_email_change(conn, mailer, &pending, &redirect, now).await
}

/// Mails the confirmations of `user`'s pending e-mail change: to the new address, and with
/// `SWAZ_SECURE_EMAIL_CHANGE` on to the current one too (GoTrue's `sendEmailChange`).
pub(crate) async fn send_email_change(
    conn: &mut WriteTx,
    mailer: Mailer<'_>,
    user: &User,
    redirect_to: &str,
    now: i64,
) -> Result<()> {
    send(
        conn,
        mailer,
        user,
        Purpose::EmailChange,
        redirect_to,
        None,
        now,
    )
    .await?;
    if mailer.secure_email_change && !user.email.is_empty() {
        send(
            conn,
            mailer,
            user,
            Purpose::EmailChangeCurrent,
            redirect_to,
            None,
            now,
        )
        .await?;
    }
    Ok(())
}
