//! The person's names and e-mail address, as identity keeps them: checked together, and saved
//! in the caller's transaction, a new address only once it is confirmed from that address.

use super::links::Mailer;
use super::users::{self, User};
use crate::db::WriteTx;
use crate::domain::{name_part, Email};
use crate::error::{AppError, Result};

/// Names and address, checked before anything is written.
pub struct NamesAndEmail {
    pub first: String,
    pub last: String,
    pub email: Email,
}

/// Checks all three with the forms' wording ("First name is required", …).
pub fn parse(first: &str, last: &str, email: &str) -> Result<NamesAndEmail> {
    Ok(NamesAndEmail {
        first: name_part(first, "First name", true)?,
        last: name_part(last, "Last name", false)?,
        email: Email::parse(email)?,
    })
}

/// Saves the names; a different e-mail becomes a pending change confirmed from the new address.
/// A taken e-mail is a conflict that the caller's rollback undoes with everything else.
pub(crate) async fn apply(
    conn: &mut WriteTx,
    mailer: Mailer<'_>,
    user_id: &str,
    input: &NamesAndEmail,
    now: i64,
) -> Result<User> {
    let current = users::by_id(&mut *conn, user_id)
        .await?
        .ok_or_else(|| AppError::not_found("Your account no longer exists."))?;
    let mut updated = users::update_names(conn, user_id, &input.first, &input.last, now).await?;
    if input.email.as_str() != current.email
        && updated.email_change.as_deref() != Some(input.email.as_str())
    {
        super::links::request_email_change(conn, mailer, &updated, &input.email, now).await?;
        updated = users::by_id(conn, user_id).await?.unwrap_or(updated);
    }
    Ok(updated)
}
