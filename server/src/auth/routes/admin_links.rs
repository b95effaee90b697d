//! `/admin/generate_link` and `/invite`: the operator's e-mail links.

use axum::extract::{Query, State};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::signup::create_passwordless;
use super::{json_object, parse_email, parse_password, AuthResult, GoTrueBody, RedirectQuery};
use crate::app::AppState;
use crate::auth::error::AuthError;
use crate::auth::extract::Admin;
use crate::auth::links;
use crate::auth::otp::Purpose;
use crate::auth::service::{self, CreateUser};
use crate::auth::users::{self, TimeColumn, User};
use crate::domain::{name_part, Email};
use crate::error::AppError;

#[derive(Deserialize, Default)]
pub(super) struct LinkBody {
    #[serde(rename = "type")]
    kind: Option<String>,
    email: Option<String>,
    new_email: Option<String>,
    password: Option<String>,
    data: Option<Value>,
    redirect_to: Option<String>,
}

async fn find(state: &AppState, email: &Email) -> AuthResult<Option<User>> {
    let mut conn = state.db.pool().acquire().await?;
    Ok(users::by_email(&mut conn, email).await?)
}

/// Creates the link an e-mail would carry, without sending anything, and answers it with the
/// user (GoTrue's shape: the user's fields and `action_link`, `email_otp`, `hashed_token`,
/// `verification_type`, `redirect_to`).
pub(super) async fn generate_link(
    _: Admin,
    State(state): State<AppState>,
    Query(query): Query<RedirectQuery>,
    body: GoTrueBody<LinkBody>,
) -> AuthResult<Json<Value>> {
    let body = body.parsed()?;
    let kind = body.kind.clone().unwrap_or_default();
    let email = parse_email(body.email.as_deref().unwrap_or(""))?;
    let requested = body.redirect_to.as_deref().or(query.redirect_to.as_deref());
    let existing = find(&state, &email).await?;
    let (user, purpose) = match kind.as_str() {
        "signup" => {
            let password = parse_password(&state, body.password.as_deref().unwrap_or(""))?;
            match existing {
                Some(user) if user.is_confirmed() => return Err(AuthError::email_exists()),
                Some(user) => (user, Purpose::Signup),
                None => (
                    create(&state, &email, Some(&password), body.data).await?,
                    Purpose::Signup,
                ),
            }
        }
        "invite" => match existing {
            Some(user) if user.is_confirmed() => return Err(AuthError::email_exists()),
            Some(user) => (user, Purpose::Invite),
            None => (
                create(&state, &email, None, body.data).await?,
                Purpose::Invite,
            ),
        },
        "magiclink" => match existing {
            Some(user) if user.is_confirmed() => (user, Purpose::MagicLink),
            Some(user) => (user, Purpose::Signup),
            None => (
                create(&state, &email, None, body.data).await?,
                Purpose::Signup,
            ),
        },
        "recovery" => (
            existing.ok_or_else(AuthError::user_with_email_not_found)?,
            Purpose::Recovery,
        ),
        "email_change_new" | "email_change_current" => {
            if kind == "email_change_current" && !state.config.secure_email_change {
                return Err(AuthError::validation(
                    "Enable secure email change to generate link for current email",
                ));
            }
            let user = existing.ok_or_else(AuthError::user_with_email_not_found)?;
            let new = parse_email(body.new_email.as_deref().unwrap_or(""))?;
            if find(&state, &new).await?.is_some() {
                return Err(AuthError::email_exists());
            }
            let mut tx = state.db.begin_write().await?;
            // A new pending address starts its confirmations over; the other half's link, if
            // one was generated, stays good (GoTrue's generate_link).
            users::set(
                &mut tx,
                &user.id,
                users::Field::EmailChange(&new),
                state.clock.now_ms(),
            )
            .await?;
            tx.commit().await?;
            let purpose = if kind == "email_change_current" {
                Purpose::EmailChangeCurrent
            } else {
                Purpose::EmailChange
            };
            (
                User {
                    email_change: Some(new.as_str().to_owned()),
                    ..user
                },
                purpose,
            )
        }
        other => {
            return Err(AuthError::validation(format!(
                "Invalid email action link type requested: {other}"
            )))
        }
    };
    let default_path = match purpose {
        // An invited member has no password of their own yet: they land on the page that sets one.
        Purpose::Recovery | Purpose::Invite => "/auth/reset-password",
        Purpose::EmailChange | Purpose::EmailChangeCurrent => "/account",
        _ => "/user-dashboard",
    };
    let redirect = service::safe_redirect(&state.config.public_url, requested, default_path);
    let mut tx = state.db.begin_write().await?;
    let link = links::issue(
        &mut tx,
        &state.config.public_url,
        &user,
        purpose,
        &redirect,
        None,
        state.clock.now_ms(),
    )
    .await?;
    if purpose == Purpose::Invite {
        users::touch(&mut tx, &user.id, TimeColumn::Invited, state.clock.now_ms()).await?;
    }
    let user = users::by_id(&mut tx, &user.id).await?.unwrap_or(user);
    tx.commit().await?;
    let mut answer = user.to_gotrue_json();
    answer["action_link"] = json!(link.action_link);
    answer["email_otp"] = json!(link.code);
    answer["hashed_token"] = json!(link.token);
    // GoTrue answers the type asked for (`email_change_current`, `email_change_new`), while
    // the link itself carries `type=email_change`.
    answer["verification_type"] = json!(match purpose {
        Purpose::EmailChange | Purpose::EmailChangeCurrent => kind.as_str(),
        other => other.as_str(),
    });
    answer["redirect_to"] = json!(link.redirect_to);
    Ok(Json(answer))
}

/// An unconfirmed account for a link, with the body's `data` as its metadata; with no password
/// a random one is set.
async fn create(
    state: &AppState,
    email: &Email,
    password: Option<&crate::auth::password::NewPassword>,
    data: Option<Value>,
) -> AuthResult<User> {
    let data = Value::Object(json_object(data, "data")?.unwrap_or_default());
    let Some(password) = password else {
        return create_passwordless(state, email, data).await;
    };
    let text = |k: &str| {
        data.get(k)
            .and_then(Value::as_str)
            .unwrap_or("")
            .trim()
            .to_owned()
    };
    let first = name_part(&text("first_name"), "First name", false)?;
    let last = name_part(&text("last_name"), "Last name", false)?;
    let created = service::create_user(
        &state.db,
        state.mailer(),
        CreateUser {
            email,
            password,
            first_name: &first,
            last_name: &last,
            metadata: data,
            confirmed: false,
            confirmation_redirect: None,
        },
        state.clock.now_ms(),
    )
    .await
    .map_err(|e| match e {
        AppError::Conflict(_) => AuthError::email_exists(),
        other => other.into(),
    })?;
    Ok(created.user)
}

#[derive(Deserialize, Default)]
pub(super) struct InviteBody {
    email: Option<String>,
    data: Option<Value>,
}

/// Invites someone by e-mail: an account waiting for them, and a link that signs them in.
pub(super) async fn invite(
    _: Admin,
    State(state): State<AppState>,
    Query(query): Query<RedirectQuery>,
    body: GoTrueBody<InviteBody>,
) -> AuthResult<Json<Value>> {
    let body = body.parsed()?;
    let email = parse_email(body.email.as_deref().unwrap_or(""))?;
    let user = match find(&state, &email).await? {
        Some(user) if user.is_confirmed() => return Err(AuthError::email_exists()),
        Some(user) => user,
        None => create(&state, &email, None, body.data).await?,
    };
    // An invited member has no password of their own yet: they land on the page that sets one.
    let redirect = service::safe_redirect(
        &state.config.public_url,
        query.redirect_to.as_deref(),
        "/auth/reset-password",
    );
    let mut tx = state.db.begin_write().await?;
    links::send(
        &mut tx,
        state.mailer(),
        &user,
        Purpose::Invite,
        &redirect,
        None,
        state.clock.now_ms(),
    )
    .await?;
    users::touch(&mut tx, &user.id, TimeColumn::Invited, state.clock.now_ms()).await?;
    let user = users::by_id(&mut tx, &user.id).await?.unwrap_or(user);
    tx.commit().await?;
    Ok(Json(user.to_gotrue_json()))
}
