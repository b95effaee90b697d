//! `/auth/v1`: the subset of Supabase Auth (GoTrue) that `@supabase/auth-js` calls, with the
//! same JSON shapes, status codes and error bodies.

use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};

use super::error::AuthError;
use super::extract::AuthClaims;
use super::otp::Purpose;
use super::password::{self, NewPassword};
use super::service::{self, CreateUser};
use super::sessions::{self, RefreshError};
use super::users;
use crate::account::profile;
use crate::domain::{name_part, Email};
use crate::http::client::ClientMeta;
use crate::ratelimit::Limited;
use crate::AppState;

type AuthResult<T> = Result<T, AuthError>;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/settings", get(settings))
        .route("/health", get(health))
        .route("/token", post(token))
        .route("/signup", post(signup))
        .route("/recover", post(recover))
        .route("/verify", get(verify_link).post(verify_otp))
        .route("/resend", post(resend))
        .route("/logout", post(logout))
        .route("/user", get(get_user).put(update_user))
        .fallback(|| async {
            AuthError::new(
                StatusCode::NOT_FOUND,
                "not_found",
                "This identity endpoint does not exist",
            )
        })
}

/// Parses a JSON body with GoTrue's error for a malformed one; an empty body is `{}`.
fn parse_body<T: DeserializeOwned>(body: &Bytes) -> AuthResult<T> {
    let raw: &[u8] = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        body
    };
    let not_json = || {
        AuthError::new(
            StatusCode::BAD_REQUEST,
            "bad_json",
            "Could not read the request body as JSON.",
        )
    };
    let mut deserializer = serde_json::Deserializer::from_slice(raw);
    let parsed = serde_path_to_error::deserialize(&mut deserializer).map_err(|e| {
        let message = if e.inner().is_data() {
            crate::http::rejections::describe_data_error(
                &e.path().to_string(),
                &e.inner().to_string(),
            )
        } else {
            return not_json();
        };
        AuthError::new(StatusCode::BAD_REQUEST, "bad_json", message)
    })?;
    deserializer.end().map_err(|_| not_json())?;
    Ok(parsed)
}

fn parse_password(raw: &str) -> AuthResult<NewPassword> {
    NewPassword::parse(raw).map_err(|e| AuthError::weak_password(e.to_string()))
}

async fn settings() -> Json<Value> {
    Json(json!({
        "external": { "email": true, "phone": false, "anonymous_users": false },
        "disable_signup": false,
        "mailer_autoconfirm": false,
        "phone_autoconfirm": false,
        "sms_provider": "",
        "saml_enabled": false,
    }))
}

async fn health() -> Json<Value> {
    Json(
        json!({ "name": "GoTrue", "version": env!("CARGO_PKG_VERSION"), "description": "SWAZ identity service" }),
    )
}

#[derive(Deserialize)]
struct GrantQuery {
    grant_type: Option<String>,
}

#[derive(Deserialize, Default)]
struct TokenBody {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
    refresh_token: Option<String>,
}

async fn token(
    State(state): State<AppState>,
    Query(query): Query<GrantQuery>,
    client: ClientMeta,
    body: Bytes,
) -> AuthResult<Json<Value>> {
    let body: TokenBody = parse_body(&body)?;
    match query.grant_type.as_deref() {
        Some("password") => password_grant(&state, &client, body).await.map(Json),
        Some("refresh_token") => refresh_grant(&state, &client, body).await.map(Json),
        Some(other) => Err(AuthError::new(
            StatusCode::BAD_REQUEST,
            "unsupported_grant_type",
            format!("unsupported_grant_type: {other} is not supported here"),
        )),
        None => Err(AuthError::new(
            StatusCode::BAD_REQUEST,
            "unsupported_grant_type",
            "unsupported_grant_type: grant_type is required",
        )),
    }
}

async fn password_grant(
    state: &AppState,
    client: &ClientMeta,
    body: TokenBody,
) -> AuthResult<Value> {
    if body.phone.is_some() && body.email.is_none() {
        return Err(AuthError::validation(
            "Phone sign-in is not available. Sign in with your email.",
        ));
    }
    let (Some(email), Some(password)) = (body.email, body.password) else {
        return Err(AuthError::validation(
            "Please enter your email and password.",
        ));
    };
    let guard = SignInGuard::check(state, client, &email).await?;
    let user = match Email::try_parse(&email) {
        Some(email) => {
            let mut conn = state.db.pool().acquire().await?;
            users::by_email(&mut conn, &email).await?
        }
        None => None,
    };
    let valid = password::verify(
        &password,
        user.as_ref().map(|u| u.encrypted_password.as_str()),
    )
    .await;
    let user = match (valid, user) {
        (true, Some(user)) => user,
        _ => {
            guard.failed(state).await?;
            return Err(AuthError::invalid_credentials());
        }
    };
    if !user.is_confirmed() {
        return Err(AuthError::new(
            StatusCode::BAD_REQUEST,
            "email_not_confirmed",
            "Email not confirmed",
        ));
    }
    Ok(service::start_session(state, &user.id, client, "password").await?)
}

/// Throttles password guessing without letting a stranger lock the owner out.
///
/// Every attempt counts against the caller's address. Failures count against the address and
/// account together, and against the account alone. An address that failed too often on an
/// account is refused; once the account as a whole has seen many failures, only addresses that
/// have failed on it themselves are refused, so the owner's correct password from their own
/// device still works while guesses spread over many addresses get one try each per window.
struct SignInGuard {
    pair_key: String,
    account_key: String,
}

impl SignInGuard {
    async fn check(state: &AppState, client: &ClientMeta, email: &str) -> AuthResult<Self> {
        let (limit, window) = (
            state.config.auth_rate_limit,
            state.config.auth_rate_window_secs,
        );
        crate::ratelimit::hit(&state.db, &format!("token:ip:{}", client.ip), limit, window)
            .await?
            .map_err(AuthError::rate_limited)?;
        let guard = Self {
            pair_key: service::email_key("token-fail:pair", &format!("{}\n{email}", client.ip)),
            account_key: service::email_key("token-fail:account", email),
        };
        let (pair_failures, pair_wait) =
            crate::ratelimit::hits(&state.db, &guard.pair_key, window).await?;
        if pair_failures >= limit {
            return Err(AuthError::rate_limited(Limited {
                retry_after_secs: pair_wait,
            }));
        }
        let (account_failures, account_wait) =
            crate::ratelimit::hits(&state.db, &guard.account_key, window).await?;
        if pair_failures > 0 && account_failures >= limit {
            return Err(AuthError::rate_limited(Limited {
                retry_after_secs: account_wait.max(pair_wait),
            }));
        }
        Ok(guard)
    }

    async fn failed(self, state: &AppState) -> AuthResult<()> {
        let window = state.config.auth_rate_window_secs;
        for key in [&self.pair_key, &self.account_key] {
            // Only counted here; the limits are applied in `check`.
            let _ = crate::ratelimit::hit(&state.db, key, i64::MAX, window).await?;
        }
        Ok(())
    }
}

async fn refresh_grant(
    state: &AppState,
    client: &ClientMeta,
    body: TokenBody,
) -> AuthResult<Value> {
    let Some(token) = body.refresh_token.filter(|t| !t.trim().is_empty()) else {
        return Err(AuthError::validation("refresh_token is required"));
    };
    let limit = state.config.auth_rate_limit * 5;
    crate::ratelimit::hit(
        &state.db,
        &format!("refresh:ip:{}", client.ip),
        limit,
        state.config.auth_rate_window_secs,
    )
    .await?
    .map_err(AuthError::rate_limited)?;
    let mut tx = state.db.begin_write().await?;
    let outcome = sessions::rotate(
        &mut tx,
        token.trim(),
        state.config.refresh_reuse_interval_secs * 1000,
        state.clock.now_ms(),
    )
    .await?;
    let rotated = match outcome {
        Ok(rotated) => rotated,
        Err(err) => {
            tx.commit().await?;
            return Err(match err {
                RefreshError::NotFound => AuthError::new(
                    StatusCode::BAD_REQUEST,
                    "refresh_token_not_found",
                    "Invalid Refresh Token: Refresh Token Not Found",
                ),
                RefreshError::AlreadyUsed => AuthError::new(
                    StatusCode::BAD_REQUEST,
                    "refresh_token_already_used",
                    "Invalid Refresh Token: Already Used",
                ),
            });
        }
    };
    let user = users::by_id(&mut tx, &rotated.user_id)
        .await?
        .ok_or_else(|| {
            AuthError::new(
                StatusCode::BAD_REQUEST,
                "refresh_token_not_found",
                "Invalid Refresh Token: Refresh Token Not Found",
            )
        })?;
    tx.commit().await?;
    Ok(service::session_json(
        state,
        &user,
        &rotated.session_id,
        &rotated.refresh_token,
        "password",
    )?)
}

#[derive(Deserialize)]
struct RedirectQuery {
    redirect_to: Option<String>,
}

#[derive(Deserialize, Default)]
struct SignupBody {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
    #[serde(default)]
    data: Option<Value>,
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

async fn signup(
    State(state): State<AppState>,
    Query(query): Query<RedirectQuery>,
    client: ClientMeta,
    body: Bytes,
) -> AuthResult<Json<Value>> {
    let now = state.clock.now_ms();
    let body: SignupBody = parse_body(&body)?;
    if body.phone.is_some() && body.email.is_none() {
        return Err(AuthError::validation(
            "Phone sign-up is not available. Sign up with your email.",
        ));
    }
    let raw_email = body.email.unwrap_or_default();
    service::rate_limit(&state, "signup", &client, Some(&raw_email)).await?;
    let email = Email::try_parse(&raw_email)
        .ok_or_else(|| AuthError::validation("Please enter a valid email address"))?;
    let password = parse_password(body.password.as_deref().unwrap_or(""))?;
    let data = body.data.unwrap_or_else(|| json!({}));
    let (first, last) = names_from(&data);
    let first = name_part(&first, "First name", false)?;
    let last = name_part(&last, "Last name", false)?;
    let redirect = service::safe_redirect(&state, query.redirect_to.as_deref(), "/user-dashboard");

    let existing = {
        let mut conn = state.db.pool().acquire().await?;
        users::by_email(&mut conn, &email).await?
    };
    if let Some(user) = existing {
        if user.is_confirmed() {
            // Same answer shape as a new sign-up, so the form does not reveal who has an account.
            return Ok(Json(obfuscated_user(&email, now)));
        }
        let mut tx = state.db.begin_write().await?;
        service::send_confirmation(&state, &mut tx, &user, &redirect).await?;
        tx.commit().await?;
        state.mail_notify.notify_one();
        return Ok(Json(user.to_gotrue_json()));
    }
    let created = service::create_user(
        &state,
        CreateUser {
            email: &email,
            password: &password,
            first_name: &first,
            last_name: &last,
            metadata: data,
            confirmed: false,
            confirmation_redirect: Some(redirect),
        },
    )
    .await;
    match created {
        Ok(created) => Ok(Json(created.user.to_gotrue_json())),
        // Lost a race with a parallel sign-up for the same address.
        Err(crate::error::AppError::Conflict(_)) => Ok(Json(obfuscated_user(&email, now))),
        Err(e) => Err(e.into()),
    }
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

#[derive(Deserialize, Default)]
struct EmailBody {
    email: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
}

/// Shortest time between two reset mails to one address (GoTrue's `SMTP_MAX_FREQUENCY`).
const RECOVERY_MAIL_INTERVAL_SECS: i64 = 60;

async fn recover(
    State(state): State<AppState>,
    Query(query): Query<RedirectQuery>,
    client: ClientMeta,
    body: Bytes,
) -> AuthResult<Json<Value>> {
    let body: EmailBody = parse_body(&body)?;
    let raw = body.email.unwrap_or_default();
    service::rate_limit(&state, "recover", &client, Some(&raw)).await?;
    let email = Email::try_parse(&raw)
        .ok_or_else(|| AuthError::validation("Please enter a valid email."))?;
    // One mail per address per minute, whether or not the address has an account (the answer
    // must not tell them apart).
    crate::ratelimit::hit(
        &state.db,
        &service::email_key("recover-mail", email.as_str()),
        1,
        RECOVERY_MAIL_INTERVAL_SECS,
    )
    .await?
    .map_err(AuthError::over_email_send_rate_limit)?;
    let redirect =
        service::safe_redirect(&state, query.redirect_to.as_deref(), "/auth/reset-password");
    service::request_recovery(&state, &email, &redirect).await?;
    Ok(Json(json!({})))
}

async fn resend(
    State(state): State<AppState>,
    Query(query): Query<RedirectQuery>,
    client: ClientMeta,
    body: Bytes,
) -> AuthResult<Json<Value>> {
    let body: EmailBody = parse_body(&body)?;
    let raw = body.email.unwrap_or_default();
    service::rate_limit(&state, "resend", &client, Some(&raw)).await?;
    if body.kind.as_deref().is_some_and(|k| k != "signup") {
        return Err(AuthError::validation(
            "Only signup confirmations can be sent again.",
        ));
    }
    let email = Email::try_parse(&raw)
        .ok_or_else(|| AuthError::validation("Please enter a valid email."))?;
    let redirect = service::safe_redirect(&state, query.redirect_to.as_deref(), "/user-dashboard");
    let mut tx = state.db.begin_write().await?;
    if let Some(user) = users::by_email(&mut tx, &email).await? {
        if !user.is_confirmed() {
            service::send_confirmation(&state, &mut tx, &user, &redirect).await?;
        }
    }
    tx.commit().await?;
    state.mail_notify.notify_one();
    Ok(Json(json!({})))
}

#[derive(Deserialize)]
struct VerifyQuery {
    token: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    redirect_to: Option<String>,
}

/// The e-mailed link: signs the user in and redirects with the session in the URL fragment,
/// where `@supabase/auth-js` picks it up (implicit flow).
async fn verify_link(
    State(state): State<AppState>,
    Query(query): Query<VerifyQuery>,
    client: ClientMeta,
) -> AuthResult<Response> {
    let purpose = query.kind.as_deref().and_then(Purpose::parse);
    let default_path = match purpose {
        Some(Purpose::Recovery) => "/auth/reset-password",
        _ => "/user-dashboard",
    };
    let target = service::safe_redirect(&state, query.redirect_to.as_deref(), default_path);
    let failure = || {
        Redirect::to(&format!(
            "{target}#error=access_denied&error_code=otp_expired&error_description={}",
            urlencoding::encode("Email link is invalid or has expired")
        ))
        .into_response()
    };
    let (Some(purpose), Some(token)) = (purpose, query.token.filter(|t| !t.is_empty())) else {
        return Ok(failure());
    };
    let Some(user_id) = service::consume_link(&state, &token, purpose).await? else {
        return Ok(failure());
    };
    let session = service::start_session(&state, &user_id, &client, "otp").await?;
    let field = |k: &str| {
        session
            .get(k)
            .map(|v| v.to_string().trim_matches('"').to_owned())
            .unwrap_or_default()
    };
    let fragment = format!(
        "access_token={}&expires_at={}&expires_in={}&refresh_token={}&token_type=bearer&type={}",
        field("access_token"),
        field("expires_at"),
        field("expires_in"),
        field("refresh_token"),
        purpose.as_str()
    );
    Ok(Redirect::to(&format!("{target}#{fragment}")).into_response())
}

#[derive(Deserialize, Default)]
struct VerifyBody {
    #[serde(rename = "type")]
    kind: Option<String>,
    token: Option<String>,
    token_hash: Option<String>,
}

async fn verify_otp(
    State(state): State<AppState>,
    client: ClientMeta,
    body: Bytes,
) -> AuthResult<Json<Value>> {
    let body: VerifyBody = parse_body(&body)?;
    let purpose = body
        .kind
        .as_deref()
        .and_then(Purpose::parse)
        .ok_or_else(|| AuthError::validation("Verify requires a verification type"))?;
    let token = body.token_hash.or(body.token).unwrap_or_default();
    service::rate_limit(&state, "verify", &client, None).await?;
    let expired = || {
        AuthError::new(
            StatusCode::FORBIDDEN,
            "otp_expired",
            "Token has expired or is invalid",
        )
    };
    let user_id = service::consume_link(&state, &token, purpose)
        .await?
        .ok_or_else(expired)?;
    Ok(Json(
        service::start_session(&state, &user_id, &client, "otp").await?,
    ))
}

#[derive(Deserialize)]
struct LogoutQuery {
    scope: Option<String>,
}

async fn logout(
    State(state): State<AppState>,
    AuthClaims(claims): AuthClaims,
    Query(query): Query<LogoutQuery>,
) -> AuthResult<StatusCode> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await?;
    match query.scope.as_deref().unwrap_or("global") {
        "local" => sessions::revoke_session(&mut tx, &claims.session_id, now).await?,
        "others" => {
            sessions::revoke_all_except(&mut tx, &claims.sub, Some(&claims.session_id), now).await?
        }
        "global" => sessions::revoke_all_except(&mut tx, &claims.sub, None, now).await?,
        other => {
            return Err(AuthError::validation(format!(
                "Unsupported logout scope {other:?}: use global, local or others"
            )))
        }
    }
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

fn user_gone() -> AuthError {
    AuthError::new(
        StatusCode::FORBIDDEN,
        "user_not_found",
        "User from sub claim in JWT does not exist",
    )
}

async fn get_user(
    State(state): State<AppState>,
    AuthClaims(claims): AuthClaims,
) -> AuthResult<Json<Value>> {
    let mut conn = state.db.pool().acquire().await?;
    let user = users::by_id(&mut conn, &claims.sub)
        .await?
        .ok_or_else(user_gone)?;
    Ok(Json(user.to_gotrue_json()))
}

#[derive(Deserialize, Default)]
struct UpdateUserBody {
    email: Option<String>,
    password: Option<String>,
    data: Option<Value>,
}

/// Largest `user_metadata` accepted: it travels in every access token.
const MAX_METADATA_BYTES: usize = 16 * 1024;

async fn update_user(
    State(state): State<AppState>,
    AuthClaims(claims): AuthClaims,
    body: Bytes,
) -> AuthResult<Json<Value>> {
    let body: UpdateUserBody = parse_body(&body)?;
    let user = {
        let mut conn = state.db.pool().acquire().await?;
        users::by_id(&mut conn, &claims.sub)
            .await?
            .ok_or_else(user_gone)?
    };

    // Check every field first, so a refused request changes nothing.
    let password = match body.password.as_deref() {
        Some(raw) => {
            let new = parse_password(raw)?;
            if password::verify(new.as_str(), Some(&user.encrypted_password)).await {
                return Err(AuthError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "same_password",
                    "New password should be different from the old password.",
                ));
            }
            Some(new)
        }
        None => None,
    };
    let metadata = match body.data.as_ref() {
        None => None,
        Some(Value::Object(data)) => {
            let mut merged = user.user_metadata.as_object().cloned().unwrap_or_default();
            for (k, v) in data {
                merged.insert(k.clone(), v.clone());
            }
            let merged = Value::Object(merged);
            if merged.to_string().len() > MAX_METADATA_BYTES {
                return Err(AuthError::validation(
                    "User data is too large: keep it under 16 KB.",
                ));
            }
            Some((merged, data.clone()))
        }
        Some(_) => return Err(AuthError::validation("data must be a JSON object.")),
    };
    let text = |k: &str| {
        metadata
            .as_ref()
            .and_then(|(_, data)| data.get(k))
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let names_or_email_change =
        text("first_name").is_some() || text("last_name").is_some() || body.email.is_some();
    let profile_input = if names_or_email_change {
        Some(profile::validate(
            &text("first_name").unwrap_or(user.first_name.clone()),
            &text("last_name").unwrap_or(user.last_name.clone()),
            body.email.as_deref().unwrap_or(&user.email),
        )?)
    } else {
        None
    };

    if let Some((merged, _)) = &metadata {
        let mut conn = state.db.pool().acquire().await?;
        users::set_metadata(&mut conn, &user.id, merged, state.clock.now_ms()).await?;
    }
    if let Some(input) = &profile_input {
        profile::update(&state, &user.id, input).await?;
    }
    if let Some(new) = &password {
        service::change_password(&state, &user.id, &claims.session_id, new).await?;
    }
    let mut conn = state.db.pool().acquire().await?;
    let user = users::by_id(&mut conn, &user.id)
        .await?
        .ok_or_else(user_gone)?;
    Ok(Json(user.to_gotrue_json()))
}
