//! `/signup`.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::{parse_challenge, parse_email, parse_password, AuthResult, GoTrueBody, RedirectQuery};
use crate::app::AppState;
use crate::auth::error::AuthError;
use crate::auth::flow;
use crate::auth::links;
use crate::auth::otp::Purpose;
use crate::auth::service::{self, CreateUser};
use crate::auth::users;
use crate::domain::{name_part, Email};
use crate::http::client::ClientMeta;

#[derive(Deserialize, Default)]
pub(super) struct SignupBody {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
    #[serde(default)]
    data: Option<Value>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
}

fn names_from(data: &Value) -> (String, String) {
    let text = |k: &str| {
        data.get(k)
            .and_then(Value::as_str)
            .unwrap_or("")
            .trim()
            .to_owned()
    };
    let (first, last) = (text("first_name"), text("last_name"));
    if !first.is_empty() || !last.is_empty() {
        return (first, last);
    }
    let full = text("name");
    match full.split_once(' ') {
        Some((f, l)) => (f.trim().to_owned(), l.trim().to_owned()),
        None => (full, String::new()),
    }
}

pub(super) async fn signup(
    State(state): State<AppState>,
    Query(query): Query<RedirectQuery>,
    client: ClientMeta,
    body: GoTrueBody<SignupBody>,
) -> AuthResult<Json<Value>> {
    // GoTrue reads the body first, and a sign-up with neither address is an anonymous one.
    let body = body.parsed()?;
    let given = |v: &Option<String>| v.as_deref().is_some_and(|v| !v.is_empty());
    if !given(&body.email) && !given(&body.phone) {
        return Err(super::unsupported::anonymous());
    }
    if state.config.disable_signup {
        return Err(signup_disabled());
    }
    let now = state.clock.now_ms();
    let autoconfirm = state.config.mailer_autoconfirm;
    if given(&body.phone) {
        if body.password.as_deref().unwrap_or("").is_empty() {
            return Err(AuthError::validation("Signup requires a valid password"));
        }
        parse_password(&state, body.password.as_deref().unwrap_or(""))?;
        if given(&body.email) {
            return Err(AuthError::validation(
                "Only an email address or phone number should be provided on signup.",
            ));
        }
        return Err(super::unsupported::phone_signup());
    }
    let raw_email = body.email.unwrap_or_default();
    service::rate_limit(
        &state.db,
        state.clock.now_ms(),
        state.auth_limit(),
        "signup",
        &client,
        Some(&raw_email),
    )
    .await?;
    let email = parse_email(&raw_email)?;
    let password = parse_password(&state, body.password.as_deref().unwrap_or(""))?;
    let challenge = parse_challenge(
        body.code_challenge.as_deref(),
        body.code_challenge_method.as_deref(),
    )?;
    let data = body.data.unwrap_or_else(|| json!({}));
    let (first, last) = names_from(&data);
    let first = name_part(&first, "First name", false)?;
    let last = name_part(&last, "Last name", false)?;
    let redirect = service::safe_redirect(
        &state.config.public_url,
        query.redirect_to.as_deref(),
        "/user-dashboard",
    );

    let existing = {
        let mut conn = state.db.pool().acquire().await?;
        users::by_email(&mut conn, &email).await?
    };
    if existing.is_some() && autoconfirm {
        // Without a confirmation step there is nothing to hide behind (GoTrue answers the same).
        return Err(user_already_exists());
    }
    if let Some(user) = existing {
        if user.is_confirmed() {
            // Same answer shape as a new sign-up, so the form does not reveal who has an account.
            return Ok(Json(obfuscated_user(&email, now)));
        }
        send_confirmation(&state, &user, &redirect, challenge.as_ref()).await?;
        return Ok(Json(user.to_gotrue_json()));
    }
    let created = service::create_user(
        &state.db,
        state.mailer(),
        CreateUser {
            email: &email,
            password: &password,
            first_name: &first,
            last_name: &last,
            metadata: data,
            confirmed: autoconfirm,
            confirmation_redirect: None,
        },
        state.clock.now_ms(),
    )
    .await;
    match created {
        Ok(created) if autoconfirm => Ok(Json(
            service::start_session(
                &state.db,
                state.session_tokens(),
                &created.user.id,
                &client,
                "password",
                state.clock.now_ms(),
            )
            .await?,
        )),
        Ok(created) => {
            let user =
                send_confirmation(&state, &created.user, &redirect, challenge.as_ref()).await?;
            Ok(Json(user.to_gotrue_json()))
        }
        // Lost a race with a parallel sign-up for the same address.
        Err(crate::error::AppError::Conflict(_)) if autoconfirm => Err(user_already_exists()),
        Err(crate::error::AppError::Conflict(_)) => Ok(Json(obfuscated_user(&email, now))),
        Err(e) => Err(e.into()),
    }
}

/// Mails a confirmation link, with a PKCE flow when the client started one; answers the user as
/// it is now (with its `confirmation_sent_at`).
async fn send_confirmation(
    state: &AppState,
    user: &users::User,
    redirect: &str,
    challenge: Option<&flow::Challenge>,
) -> AuthResult<users::User> {
    let mut tx = state.db.begin_write().await?;
    let flow_id = match challenge {
        Some(c) => {
            Some(flow::start(&mut tx, &user.id, c, "email/signup", state.clock.now_ms()).await?)
        }
        None => None,
    };
    links::send(
        &mut tx,
        state.mailer(),
        user,
        Purpose::Signup,
        redirect,
        flow_id.as_deref(),
        state.clock.now_ms(),
    )
    .await?;
    let user = users::by_id(&mut tx, &user.id)
        .await?
        .unwrap_or_else(|| user.clone());
    tx.commit().await?;
    Ok(user)
}

/// An account for a passwordless sign-in (`/otp`): unconfirmed, with a random password, names
/// from `data`. A parallel request that created it first wins.
pub(super) async fn create_passwordless(
    state: &AppState,
    email: &Email,
    data: Value,
) -> AuthResult<users::User> {
    let (first, last) = names_from(&data);
    let first = name_part(&first, "First name", false)?;
    let last = name_part(&last, "Last name", false)?;
    let password = parse_password(state, &crate::auth::password::generate())?;
    let created = service::create_user(
        &state.db,
        state.mailer(),
        CreateUser {
            email,
            password: &password,
            first_name: &first,
            last_name: &last,
            metadata: data,
            confirmed: false,
            confirmation_redirect: None,
        },
        state.clock.now_ms(),
    )
    .await;
    match created {
        Ok(created) => Ok(created.user),
        Err(crate::error::AppError::Conflict(_)) => {
            let mut conn = state.db.pool().acquire().await?;
            users::by_email(&mut conn, email)
                .await?
                .ok_or_else(|| AuthError::validation("Please try again."))
        }
        Err(e) => Err(e.into()),
    }
}

pub(super) fn signup_disabled() -> AuthError {
    AuthError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "signup_disabled",
        "Signups not allowed for this instance",
    )
}

fn user_already_exists() -> AuthError {
    AuthError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "user_already_exists",
        "User already registered",
    )
}

fn obfuscated_user(email: &Email, now_ms: i64) -> Value {
    let now = crate::db::ms_to_rfc3339(now_ms);
    json!({
        "id": uuid::Uuid::new_v4().to_string(),
        "aud": "authenticated",
        "role": "authenticated",
        "email": email.as_str(),
        "phone": "",
        "confirmation_sent_at": now,
        "app_metadata": { "provider": "email", "providers": ["email"] },
        "user_metadata": {},
        "identities": [],
        "created_at": now,
        "updated_at": now,
        "is_anonymous": false,
    })
}
