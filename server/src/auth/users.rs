//! Storage of users.

use std::sync::LazyLock;

use serde_json::{json, Value};
use sqlx::any::AnyRow;
use sqlx::AnyConnection;

use crate::db::{ms_to_rfc3339, FromColumns, Reads, Row};
use crate::domain::Email;

#[derive(Clone, Debug)]
pub struct User {
    pub id: String,
    pub email: String,
    pub encrypted_password: String,
    pub first_name: String,
    pub last_name: String,
    pub user_metadata: Value,
    /// The operator's own keys of GoTrue's `app_metadata` (the provider keys are added on output).
    pub app_metadata: Value,
    pub banned_until: Option<i64>,
    pub email_confirmed_at: Option<i64>,
    /// A new address waiting for its confirmation link to be used.
    pub email_change: Option<String>,
    pub confirmation_sent_at: Option<i64>,
    pub recovery_sent_at: Option<i64>,
    pub last_sign_in_at: Option<i64>,
    /// When an operator last invited the user (GoTrue's `invited_at`).
    pub invited_at: Option<i64>,
    /// When the last e-mail change was asked for.
    pub email_change_sent_at: Option<i64>,
    /// Confirmations of the pending change so far: 0, or 1 once one of the two has come in when
    /// both addresses must confirm (GoTrue's `email_change_confirm_status`).
    pub email_change_confirm_status: i64,
    /// The athlete's IANA time zone, once known.
    pub time_zone: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str = "id, email, encrypted_password, first_name, last_name, user_metadata, app_metadata, banned_until, \
    email_confirmed_at, email_change, confirmation_sent_at, recovery_sent_at, last_sign_in_at, invited_at, \
    email_change_sent_at, email_change_confirm_status, time_zone, created_at, updated_at";

/// A row of [`COLUMNS`]: the metadata columns are JSON text, and metadata that does not read
/// as JSON counts as empty, as GoTrue treats it.
impl FromColumns for User {
    fn from_columns(row: &impl Row) -> sqlx::Result<Self> {
        let json = |text: String| serde_json::from_str(&text).unwrap_or_else(|_| json!({}));
        Ok(Self {
            id: row.col(0)?,
            email: row.col(1)?,
            encrypted_password: row.col(2)?,
            first_name: row.col(3)?,
            last_name: row.col(4)?,
            user_metadata: json(row.col(5)?),
            app_metadata: json(row.col(6)?),
            banned_until: row.col(7)?,
            email_confirmed_at: row.col(8)?,
            email_change: row.col(9)?,
            confirmation_sent_at: row.col(10)?,
            recovery_sent_at: row.col(11)?,
            last_sign_in_at: row.col(12)?,
            invited_at: row.col(13)?,
            email_change_sent_at: row.col(14)?,
            email_change_confirm_status: row.col(15)?,
            time_zone: row.col(16)?,
            created_at: row.col(17)?,
            updated_at: row.col(18)?,
        })
    }
}

fn from_row(row: &AnyRow) -> sqlx::Result<User> {
    User::from_columns(row)
}

pub struct NewUser<'a> {
    pub email: &'a Email,
    pub password_hash: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub metadata: Value,
    pub confirmed: bool,
}

/// Inserts a user; a taken e-mail surfaces as a unique violation for the caller to map.
pub async fn insert(conn: &mut AnyConnection, new: NewUser<'_>, now: i64) -> sqlx::Result<User> {
    let id = uuid::Uuid::new_v4().to_string();
    let confirmed_at = new.confirmed.then_some(now);
    let metadata = if new.confirmed {
        with_email_verified(new.metadata)
    } else {
        new.metadata
    };
    let row = sqlx::query(&format!(
        "INSERT INTO users (id, email, encrypted_password, first_name, last_name, user_metadata, \
         email_confirmed_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) \
         RETURNING {COLUMNS}"
    ))
    .bind(&id)
    .bind(new.email.as_str())
    .bind(new.password_hash)
    .bind(new.first_name)
    .bind(new.last_name)
    .bind(metadata.to_string())
    .bind(confirmed_at)
    .bind(now)
    .fetch_one(conn)
    .await?;
    from_row(&row)
}

pub async fn by_id<'c>(conn: impl Into<Reads<'c>>, id: &str) -> sqlx::Result<Option<User>> {
    static SQL: LazyLock<String> =
        LazyLock::new(|| format!("SELECT {COLUMNS} FROM users WHERE id = $1"));
    conn.into().first(&SQL, &[id.into()]).await
}

/// The time zone `id` set (`Some(None)` before the app sent one); `None` without such a user.
pub async fn stored_zone<'c>(
    conn: impl Into<Reads<'c>>,
    id: &str,
) -> sqlx::Result<Option<Option<String>>> {
    let row: Option<(Option<String>,)> = conn
        .into()
        .first("SELECT time_zone FROM users WHERE id = $1", &[id.into()])
        .await?;
    Ok(row.map(|(zone,)| zone))
}

/// One page of users, newest first (GoTrue's default order), and how many there are in all.
pub async fn page(
    conn: &mut AnyConnection,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<User>, i64)> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM users ORDER BY created_at DESC, id LIMIT $1 OFFSET $2"
    ))
    .bind(limit)
    .bind(offset)
    .fetch_all(&mut *conn)
    .await?;
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users")
        .fetch_one(&mut *conn)
        .await?;
    Ok((
        rows.iter().map(from_row).collect::<sqlx::Result<_>>()?,
        total,
    ))
}

pub(crate) async fn by_email<'c>(
    conn: impl Into<Reads<'c>>,
    email: &Email,
) -> sqlx::Result<Option<User>> {
    static SQL: LazyLock<String> =
        LazyLock::new(|| format!("SELECT {COLUMNS} FROM users WHERE email = $1"));
    conn.into().first(&SQL, &[email.as_str().into()]).await
}

/// The user waiting to move to `email` (a pending e-mail change).
pub(crate) async fn by_pending_email(
    conn: &mut AnyConnection,
    email: &Email,
) -> sqlx::Result<Option<User>> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM users WHERE email_change = $1"
    ))
    .bind(email.as_str())
    .fetch_optional(conn)
    .await?;
    row.as_ref().map(from_row).transpose()
}

/// What a banned user is told, mapped to GoTrue's `user_banned`.
pub(crate) const BANNED: &str = "User is banned";

pub(crate) async fn set_password(
    conn: &mut AnyConnection,
    id: &str,
    hash: &str,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET encrypted_password = $1, updated_at = $2 WHERE id = $3")
        .bind(hash)
        .bind(now)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Confirms the address once; the first time, `email_verified: true` joins `user_metadata`, as
/// GoTrue's `Confirm` adds it.
pub(crate) async fn mark_confirmed(
    conn: &mut AnyConnection,
    id: &str,
    now: i64,
) -> sqlx::Result<()> {
    let confirmed: Option<String> = sqlx::query_scalar(
        "UPDATE users SET email_confirmed_at = $1, updated_at = $1 \
         WHERE id = $2 AND email_confirmed_at IS NULL RETURNING user_metadata",
    )
    .bind(now)
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(metadata) = confirmed {
        let metadata = with_email_verified(serde_json::from_str(&metadata).unwrap_or(json!({})));
        sqlx::query("UPDATE users SET user_metadata = $1 WHERE id = $2")
            .bind(metadata.to_string())
            .bind(id)
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// `metadata` with GoTrue's mark of a confirmed address.
fn with_email_verified(metadata: Value) -> Value {
    let mut map = match metadata {
        Value::Object(map) => map,
        _ => serde_json::Map::new(),
    };
    map.insert("email_verified".into(), json!(true));
    Value::Object(map)
}

pub(crate) async fn touch(
    conn: &mut AnyConnection,
    id: &str,
    column: TimeColumn,
    now: i64,
) -> sqlx::Result<()> {
    let sql = format!("UPDATE users SET {} = $1 WHERE id = $2", column.name());
    sqlx::query(&sql).bind(now).bind(id).execute(conn).await?;
    Ok(())
}

/// Records a sign-in at `now` and answers the user as it now reads (`None` if there is none).
pub(crate) async fn signed_in(
    conn: &mut AnyConnection,
    id: &str,
    now: i64,
) -> sqlx::Result<Option<User>> {
    let row = sqlx::query(&format!(
        "UPDATE users SET last_sign_in_at = $1 WHERE id = $2 RETURNING {COLUMNS}"
    ))
    .bind(now)
    .bind(id)
    .fetch_optional(conn)
    .await?;
    row.as_ref().map(from_row).transpose()
}

#[derive(Clone, Copy)]
pub(crate) enum TimeColumn {
    ConfirmationSent,
    RecoverySent,
    Invited,
}

impl TimeColumn {
    fn name(self) -> &'static str {
        match self {
            Self::ConfirmationSent => "confirmation_sent_at",
            Self::RecoverySent => "recovery_sent_at",
            Self::Invited => "invited_at",
        }
    }
}

/// Updates the names.
pub(crate) async fn update_names(
    conn: &mut AnyConnection,
    id: &str,
    first_name: &str,
    last_name: &str,
    now: i64,
) -> sqlx::Result<User> {
    let row = sqlx::query(&format!(
        "UPDATE users SET first_name = $1, last_name = $2, updated_at = $3 WHERE id = $4 RETURNING {COLUMNS}"
    ))
    .bind(first_name)
    .bind(last_name)
    .bind(now)
    .bind(id)
    .fetch_one(conn)
    .await?;
    from_row(&row)
}

/// One column of a user that changes on its own, with its new value.
pub enum Field<'a> {
    /// The member's `user_metadata`, replaced whole.
    UserMetadata(&'a Value),
    /// The operator's `app_metadata`, replaced whole.
    AppMetadata(&'a Value),
    /// The address the user asked to change to.
    EmailChange(&'a Email),
    /// A ban until this time (ms), or none.
    BannedUntil(Option<i64>),
}

/// Sets one field and `updated_at`.
pub async fn set(
    conn: &mut AnyConnection,
    id: &str,
    field: Field<'_>,
    now: i64,
) -> sqlx::Result<()> {
    let column = match field {
        Field::UserMetadata(_) => "user_metadata",
        Field::AppMetadata(_) => "app_metadata",
        Field::EmailChange(_) => "email_change",
        Field::BannedUntil(_) => "banned_until",
    };
    // A new pending address starts its confirmations over (GoTrue's `sendEmailChange`).
    let extra = match field {
        Field::EmailChange(_) => ", email_change_sent_at = $2, email_change_confirm_status = 0",
        _ => "",
    };
    let sql = format!("UPDATE users SET {column} = $1, updated_at = $2{extra} WHERE id = $3");
    let query = sqlx::query(&sql);
    let query = match field {
        Field::UserMetadata(value) | Field::AppMetadata(value) => query.bind(value.to_string()),
        Field::EmailChange(email) => query.bind(email.as_str().to_owned()),
        Field::BannedUntil(until) => query.bind(until),
    };
    query.bind(now).bind(id).execute(conn).await?;
    Ok(())
}

/// Records the first of the two confirmations of a secure e-mail change.
pub(crate) async fn mark_first_email_change_confirmation(
    conn: &mut AnyConnection,
    id: &str,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET email_change_confirm_status = 1, updated_at = $1 WHERE id = $2")
        .bind(now)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Makes the pending address the user's e-mail; a unique violation means someone took it since.
pub(crate) async fn apply_email_change(
    conn: &mut AnyConnection,
    id: &str,
    now: i64,
) -> sqlx::Result<Option<User>> {
    let row = sqlx::query(&format!(
        "UPDATE users SET email = email_change, email_change = NULL, email_change_confirm_status = 0, \
         email_confirmed_at = $1, updated_at = $1 \
         WHERE id = $2 AND email_change IS NOT NULL RETURNING {COLUMNS}"
    ))
    .bind(now)
    .bind(id)
    .fetch_optional(conn)
    .await?;
    row.as_ref().map(from_row).transpose()
}

impl User {
    pub(crate) fn is_confirmed(&self) -> bool {
        self.email_confirmed_at.is_some()
    }

    /// `user_metadata` as GoTrue returns it: what the clients and the operator gave, nothing
    /// more (the product's names live in their own columns).
    pub fn metadata(&self) -> Value {
        match &self.user_metadata {
            Value::Object(_) => self.user_metadata.clone(),
            _ => json!({}),
        }
    }

    /// GoTrue's `app_metadata`: the operator's keys and the sign-in providers.
    pub fn app_metadata(&self) -> Value {
        let mut meta = match &self.app_metadata {
            Value::Object(map) => map.clone(),
            _ => serde_json::Map::new(),
        };
        meta.insert("provider".into(), json!("email"));
        meta.insert("providers".into(), json!(["email"]));
        Value::Object(meta)
    }

    /// True while an operator's ban lasts.
    pub(crate) fn is_banned(&self, now_ms: i64) -> bool {
        self.banned_until.is_some_and(|until| until > now_ms)
    }

    /// The user's one identity, GoTrue's `email` provider (`last_sign_in_at` left out while empty).
    fn email_identity(&self) -> Value {
        let mut identity = json!({
            "identity_id": self.id,
            "id": self.id,
            "user_id": self.id,
            "identity_data": { "sub": self.id, "email": self.email, "email_verified": self.is_confirmed() },
            "provider": "email",
            "created_at": ms_to_rfc3339(self.created_at),
            "updated_at": ms_to_rfc3339(self.updated_at),
            "email": self.email,
        });
        if let Some(at) = self.last_sign_in_at {
            identity["last_sign_in_at"] = json!(ms_to_rfc3339(at));
        }
        identity
    }

    /// The user object of GoTrue's API, without factors.
    pub(crate) fn to_gotrue_json(&self) -> Value {
        self.to_gotrue_json_with(&[])
    }

    /// The user object of GoTrue's API; `factors` appears only when there are some, as in GoTrue.
    pub(crate) fn to_gotrue_json_with(&self, factors: &[super::mfa::Factor]) -> Value {
        let mut user = json!({
            "id": self.id,
            "aud": "authenticated",
            "role": "authenticated",
            "email": self.email,
            "phone": "",
            "app_metadata": self.app_metadata(),
            "user_metadata": self.metadata(),
            "identities": [self.email_identity()],
            "created_at": ms_to_rfc3339(self.created_at),
            "updated_at": ms_to_rfc3339(self.updated_at),
            "is_anonymous": false,
        });
        // GoTrue's `omitempty` fields: left out while empty, never `null`.
        for (key, at) in [
            ("email_confirmed_at", self.email_confirmed_at),
            ("invited_at", self.invited_at),
            ("confirmation_sent_at", self.confirmation_sent_at),
            ("confirmed_at", self.email_confirmed_at),
            ("recovery_sent_at", self.recovery_sent_at),
            ("email_change_sent_at", self.email_change_sent_at),
            ("last_sign_in_at", self.last_sign_in_at),
            ("banned_until", self.banned_until),
        ] {
            if let Some(at) = at {
                user[key] = json!(ms_to_rfc3339(at));
            }
        }
        if let Some(new_email) = self.email_change.as_deref().filter(|e| !e.is_empty()) {
            user["new_email"] = json!(new_email);
        }
        if !factors.is_empty() {
            user["factors"] = factors
                .iter()
                .map(super::mfa::Factor::to_gotrue_json)
                .collect();
        }
        user
    }
}

/// Stores the athlete's time zone (already validated).
pub(crate) async fn set_time_zone(
    conn: &mut AnyConnection,
    id: &str,
    zone: &crate::domain::TimeZone,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET time_zone = $1, updated_at = $2 WHERE id = $3")
        .bind(zone.name())
        .bind(now)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets the address at once (the operator's change; no link), confirmed or not.
pub(crate) async fn set_email(
    conn: &mut AnyConnection,
    id: &str,
    email: &Email,
    confirmed: bool,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE users SET email = $1, email_change = NULL, \
         email_confirmed_at = CASE WHEN $2 THEN $3 ELSE NULL END, updated_at = $3 WHERE id = $4",
    )
    .bind(email.as_str())
    .bind(confirmed)
    .bind(now)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}
