//! `/auth/v1`: the subset of Supabase Auth (GoTrue) that `@supabase/auth-js` calls, with the
//! same JSON shapes, status codes and error bodies.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{any, delete, get, post, MethodRouter};
use axum::Router;
use serde::de::DeserializeOwned;
use serde::Deserialize;

use super::error::AuthError;
use super::flow;
use super::password::NewPassword;
use crate::app::AppState;

mod admin;
mod admin_links;
mod api_version;
mod factors;
mod recover;
mod settings;
mod signup;
mod token;
mod unsupported;
mod user;
mod verify;

pub(super) type AuthResult<T> = Result<T, AuthError>;

/// `/auth/v1`. Deleting an account (`DELETE /admin/users/{id}`) erases the product's data too, so
/// the product hands its handler in: identity names no product capability.
pub(crate) fn router(delete_account: MethodRouter<AppState>) -> Router<AppState> {
    Router::new()
        .route("/settings", get(settings::settings))
        .route("/health", get(settings::health))
        .route("/token", post(token::token))
        .route("/signup", post(signup::signup))
        .route("/recover", post(recover::recover))
        .route("/verify", get(verify::verify_link).post(verify::verify_otp))
        .route("/resend", post(recover::resend))
        .route("/otp", post(recover::otp))
        .route("/logout", post(token::logout))
        .route("/user", get(user::get_user).put(user::update_user))
        .route("/user/identities/authorize", get(unsupported::identities))
        .route("/user/identities/{id}", delete(unsupported::identities))
        .route("/sso", any(unsupported::sso))
        .route("/sso/{*rest}", any(unsupported::sso))
        .route("/reauthenticate", get(user::reauthenticate))
        .route("/factors", post(factors::enroll))
        .route("/factors/{id}", delete(factors::unenroll))
        .route("/factors/{id}/challenge", post(factors::challenge))
        .route("/factors/{id}/verify", post(factors::verify))
        .route(
            "/admin/users",
            get(admin::list_users).post(admin::create_user),
        )
        .route(
            "/admin/users/{id}",
            get(admin::get_user)
                .put(admin::update_user)
                .merge(delete_account),
        )
        .route("/admin/users/{id}/factors", get(admin::list_factors))
        .route(
            "/admin/users/{id}/factors/{factor_id}",
            delete(admin::delete_factor),
        )
        .route("/admin/generate_link", post(admin_links::generate_link))
        .route("/invite", post(admin_links::invite))
        .fallback(not_found)
        .layer(axum::middleware::from_fn(api_version::negotiate))
}

/// `/auth/v1/` itself, which the nested router's fallback does not cover: its 404, in the API
/// version the client asked for.
pub(crate) fn prefix_slash() -> MethodRouter<AppState> {
    any(not_found).layer(axum::middleware::from_fn(api_version::negotiate))
}

/// GoTrue's 404 for a path under `/auth/v1` that no endpoint has.
async fn not_found() -> AuthError {
    AuthError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        "This identity endpoint does not exist",
    )
}

/// A GoTrue request body: `T` read from JSON (an empty body is `{}`), or GoTrue's `bad_json`
/// error for it. The error is kept until the handler asks with [`GoTrueBody::parsed`], so each
/// endpoint refuses a malformed body at the point GoTrue does (after its own path and setting
/// checks). A body the server cannot read at all (too large) is refused by the extractor.
pub(super) struct GoTrueBody<T>(AuthResult<T>);

impl<T> GoTrueBody<T> {
    pub(super) fn parsed(self) -> AuthResult<T> {
        self.0
    }
}

impl<T, S> FromRequest<S> for GoTrueBody<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Response;

    async fn from_request(req: Request, state: &S) -> Result<Self, Response> {
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(IntoResponse::into_response)?;
        Ok(Self(parse_body(&bytes)))
    }
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

/// An e-mail address by GoTrue's rule (`validateEmail`), refused in its words.
pub(super) fn parse_email(raw: &str) -> AuthResult<crate::domain::Email> {
    crate::domain::Email::parse_gotrue(raw)
        .map_err(|refusal| AuthError::validation(refusal.message()))
}

/// A JSON object from a body field: `None` when absent or null, refused when anything else.
pub(super) fn json_object(
    value: Option<serde_json::Value>,
    field: &str,
) -> AuthResult<Option<serde_json::Map<String, serde_json::Value>>> {
    match value {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(serde_json::Value::Object(map)) => Ok(Some(map)),
        Some(_) => Err(AuthError::validation(format!(
            "{field} must be a JSON object."
        ))),
    }
}

/// The PKCE fields of a request body, refused in GoTrue's words when half there or malformed.
pub(super) fn parse_challenge(
    challenge: Option<&str>,
    method: Option<&str>,
) -> AuthResult<Option<flow::Challenge>> {
    flow::parse_challenge(challenge, method).map_err(|e| {
        AuthError::validation(match e {
            flow::ChallengeError::Incomplete => {
                "PKCE flow requires code_challenge_method and code_challenge"
            }
            flow::ChallengeError::UnsupportedMethod => {
                "code_challenge_method must be s256 or plain"
            }
            flow::ChallengeError::BadChallenge => {
                "code challenge has to be between 43 and 128 characters of letters, digits, hyphens, periods, underscores and tildes"
            }
        })
    })
}

/// One e-mail of a kind per address per minute (GoTrue's `SMTP_MAX_FREQUENCY`), whether or not
/// the address has an account, so the answer does not tell them apart.
pub(super) async fn mail_frequency(state: &AppState, kind: &str, email: &str) -> AuthResult<()> {
    crate::ratelimit::hit(
        &state.db,
        state.clock.now_ms(),
        &crate::auth::service::email_key(&format!("{kind}-mail"), email),
        1,
        MAIL_INTERVAL_SECS,
    )
    .await?
    .map_err(AuthError::over_email_send_rate_limit)
}

/// Shortest time between two e-mails of one kind to one address.
const MAIL_INTERVAL_SECS: i64 = 60;

/// Parses a new password with the operator's minimum length, refused with GoTrue's `weak_password`.
pub(super) fn parse_password(state: &AppState, raw: &str) -> AuthResult<NewPassword> {
    NewPassword::parse_min(raw, state.config.password_min_length)
        .map_err(|e| AuthError::weak_password(e.to_string()))
}

#[derive(Deserialize)]
pub(super) struct RedirectQuery {
    redirect_to: Option<String>,
}
