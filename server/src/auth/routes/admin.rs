//! `/admin/users`: the operator's view of the accounts (list, read and create).

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::{json_object, parse_email, parse_password, AuthResult, GoTrueBody};
use crate::app::AppState;
use crate::auth::admin::{self, parse_ban_duration, user_id, AdminChanges};
use crate::auth::error::AuthError;
use crate::auth::extract::Admin;
use crate::auth::mfa;
use crate::auth::service::{self, CreateUser};
use crate::auth::{password, users};
use crate::domain::name_part;
use crate::error::AppError;

#[derive(Deserialize)]
pub(super) struct PageQuery {
    page: Option<String>,
    per_page: Option<String>,
}

/// GoTrue's page size when `per_page` is not given.
const DEFAULT_PER_PAGE: i64 = 50;

fn page_param(raw: Option<&str>, name: &str, default: i64) -> AuthResult<i64> {
    match raw.map(str::trim).filter(|r| !r.is_empty()) {
        None => Ok(default),
        Some(raw) => match raw.parse::<i64>() {
            Ok(n) if (1..=1000).contains(&n) => Ok(n),
            _ => Err(AuthError::new(
                StatusCode::BAD_REQUEST,
                "validation_failed",
                format!("Bad Pagination Parameters: {name} must be a whole number from 1 to 1000"),
            )),
        },
    }
}

pub(super) async fn list_users(
    _: Admin,
    State(state): State<AppState>,
    Query(query): Query<PageQuery>,
) -> AuthResult<(HeaderMap, Json<Value>)> {
    let page = page_param(query.page.as_deref(), "page", 1)?;
    let per_page = page_param(query.per_page.as_deref(), "per_page", DEFAULT_PER_PAGE)?;
    let mut conn = state.db.pool().acquire().await?;
    let (found, total) = users::page(&mut conn, per_page, (page - 1) * per_page).await?;
    let mut headers = HeaderMap::new();
    headers.insert("x-total-count", HeaderValue::from(total));
    let base = format!("{}/auth/v1/admin/users", state.config.public_url);
    let last = ((total + per_page - 1) / per_page).max(1);
    let mut links = Vec::new();
    if page < last {
        links.push(format!(
            "<{base}?page={}&per_page={per_page}>; rel=\"next\"",
            page + 1
        ));
    }
    links.push(format!(
        "<{base}?page={last}&per_page={per_page}>; rel=\"last\""
    ));
    if let Ok(value) = HeaderValue::from_str(&links.join(", ")) {
        headers.insert(header::LINK, value);
    }
    let list: Vec<Value> = found.iter().map(users::User::to_gotrue_json).collect();
    Ok((
        headers,
        Json(json!({ "users": list, "aud": "authenticated" })),
    ))
}

pub(super) async fn get_user(
    _: Admin,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> AuthResult<Json<Value>> {
    let id = user_id(&id)?;
    let mut conn = state.db.pool().acquire().await?;
    let user = users::by_id(&mut conn, id)
        .await?
        .ok_or_else(AuthError::user_not_found)?;
    let factors = mfa::factors_of(&mut conn, id).await?;
    Ok(Json(user.to_gotrue_json_with(&factors)))
}

#[derive(Deserialize, Default)]
pub(super) struct CreateUserBody {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
    #[serde(default)]
    email_confirm: bool,
    user_metadata: Option<Value>,
}

/// Creates an account as GoTrue's `POST /admin/users` does: no mail is sent, the address is
/// confirmed only with `email_confirm`, and a random password is set when none is given.
pub(super) async fn create_user(
    _: Admin,
    State(state): State<AppState>,
    body: GoTrueBody<CreateUserBody>,
) -> AuthResult<Json<Value>> {
    let body = body.parsed()?;
    let raw_email = match (body.email.as_deref(), body.phone.as_deref()) {
        (Some(email), _) if !email.trim().is_empty() => email,
        (_, Some(_)) => {
            return Err(AuthError::validation(
                "Phone sign-in is not available. Create the user with an email.",
            ))
        }
        _ => {
            return Err(AuthError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "validation_failed",
                "Cannot create a user without either an email or phone",
            ))
        }
    };
    let email = parse_email(raw_email)?;
    let password = match body.password.as_deref().filter(|p| !p.is_empty()) {
        Some(raw) => parse_password(&state, raw)?,
        None => parse_password(&state, &password::generate())?,
    };
    let metadata = match body.user_metadata {
        None | Some(Value::Null) => json!({}),
        Some(data @ Value::Object(_)) => data,
        Some(_) => {
            return Err(AuthError::validation(
                "user_metadata must be a JSON object.",
            ))
        }
    };
    let text = |k: &str| {
        metadata
            .get(k)
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
            email: &email,
            password: &password,
            first_name: &first,
            last_name: &last,
            metadata,
            confirmed: body.email_confirm,
            confirmation_redirect: None,
        },
        state.clock.now_ms(),
    )
    .await
    .map_err(|e| match e {
        AppError::Conflict(_) => AuthError::email_exists(),
        other => other.into(),
    })?;
    Ok(Json(created.user.to_gotrue_json()))
}

#[derive(Deserialize, Default)]
pub(super) struct UpdateUserBody {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
    email_confirm: Option<bool>,
    user_metadata: Option<Value>,
    app_metadata: Option<Value>,
    ban_duration: Option<String>,
    role: Option<String>,
}

/// Changes an account as GoTrue's `PUT /admin/users/{id}` does, all at once or not at all.
pub(super) async fn update_user(
    _: Admin,
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: GoTrueBody<UpdateUserBody>,
) -> AuthResult<Json<Value>> {
    let id = user_id(&id)?;
    let body = body.parsed()?;
    if body.phone.is_some() {
        return Err(AuthError::validation(
            "Phone numbers are not used here: change the email instead.",
        ));
    }
    if body.role.as_deref().is_some_and(|r| r != "authenticated") {
        return Err(AuthError::validation(
            "Only the authenticated role is used here.",
        ));
    }
    let email = body.email.as_deref().map(parse_email).transpose()?;
    let password_hash = match body.password.as_deref() {
        Some(raw) => Some(password::hash(&parse_password(&state, raw)?).await?),
        None => None,
    };
    let user_metadata = json_object(body.user_metadata, "user_metadata")?;
    if let Some(data) = &user_metadata {
        for (key, label) in [("first_name", "First name"), ("last_name", "Last name")] {
            if let Some(name) = data.get(key).and_then(Value::as_str) {
                name_part(name, label, false)?;
            }
        }
    }
    let ban_ms = match body.ban_duration.as_deref() {
        Some(raw) => Some(parse_ban_duration(raw).ok_or_else(|| {
            AuthError::validation(format!(
                "invalid format for ban duration: {raw:?} (use none, or a duration such as 24h or 1h30m)"
            ))
        })?),
        None => None,
    };
    let changes = AdminChanges {
        email,
        email_confirm: body.email_confirm,
        password_hash,
        user_metadata,
        app_metadata: json_object(body.app_metadata, "app_metadata")?,
        ban_ms,
    };
    let user = admin::update_user(&state.db, id, changes, state.clock.now_ms())
        .await
        .map_err(|e| match e {
            AppError::Conflict(_) => AuthError::email_exists(),
            other => other.into(),
        })?
        .ok_or_else(AuthError::user_not_found)?;
    let mut conn = state.db.pool().acquire().await?;
    let factors = mfa::factors_of(&mut conn, id).await?;
    Ok(Json(user.to_gotrue_json_with(&factors)))
}

pub(super) async fn list_factors(
    _: Admin,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> AuthResult<Json<Value>> {
    let id = user_id(&id)?;
    let mut conn = state.db.pool().acquire().await?;
    users::by_id(&mut conn, id)
        .await?
        .ok_or_else(AuthError::user_not_found)?;
    let factors = mfa::factors_of(&mut conn, id).await?;
    Ok(Json(
        factors.iter().map(mfa::Factor::to_gotrue_json).collect(),
    ))
}

/// Removes a factor (a member who lost their phone), answering the factor removed.
pub(super) async fn delete_factor(
    _: Admin,
    State(state): State<AppState>,
    Path((id, factor_id)): Path<(String, String)>,
) -> AuthResult<Json<Value>> {
    let id = user_id(&id)?;
    let mut tx = state.db.begin_write().await?;
    let factor = mfa::factors_of(&mut tx, id)
        .await?
        .into_iter()
        .find(|f| f.id == factor_id)
        .ok_or_else(|| {
            AuthError::new(
                StatusCode::NOT_FOUND,
                "mfa_factor_not_found",
                "Factor not found",
            )
        })?;
    mfa::delete_factor(&mut tx, id, &factor.id).await?;
    tx.commit().await?;
    Ok(Json(factor.to_gotrue_json()))
}
