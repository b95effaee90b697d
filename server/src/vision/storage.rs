//! Storage of visions. The working copy is one row per athlete; every complete state is kept in
//! `athletic_vision_versions`, one row per writing sitting (edits within an hour of the last
//! version refine it rather than add another).

use sqlx::AnyConnection;

use super::answers::{Answer, Step, STEPS};
use crate::db::{Db, FromColumns, Reads, Row};
use crate::error::AppError;

/// A sitting: edits this close to the latest version update it instead of adding one.
const SITTING_MS: i64 = 3600 * 1000;

#[derive(Clone, Debug)]
pub struct Vision {
    pub answers: [Option<String>; STEPS],
    pub updated_at: i64,
}

impl Vision {
    pub fn complete(&self) -> Option<[String; STEPS]> {
        let mut out: [String; STEPS] = Default::default();
        for (slot, answer) in out.iter_mut().zip(&self.answers) {
            *slot = answer.clone().filter(|a| answered(a))?;
        }
        Some(out)
    }
}

/// An answer counts once it holds more than blanks.
fn answered(answer: &str) -> bool {
    !answer.trim().is_empty()
}

/// Whether every step has an answer that counts: the vision is [`Vision::complete`].
pub fn all_answered(answers: &[Option<String>; STEPS]) -> bool {
    answers.iter().all(|a| a.as_deref().is_some_and(answered))
}

#[derive(Clone, Debug)]
pub struct Version {
    pub version: i64,
    pub answers: [String; STEPS],
    pub created_at: i64,
    pub updated_at: i64,
}

const Q: &str = "q1, q2, q3, q4, q5, q6, q7, q8, q9";
/// The working copy of one athlete's vision: the nine answers, then `updated_at`.
const CURRENT: &str = "SELECT q1, q2, q3, q4, q5, q6, q7, q8, q9, updated_at \
                       FROM athletic_visions WHERE user_id = $1";

impl FromColumns for Vision {
    /// A row of [`CURRENT`]: answers not yet written are NULL.
    fn from_columns(row: &impl Row) -> sqlx::Result<Self> {
        let mut answers: [Option<String>; STEPS] = Default::default();
        for (i, answer) in answers.iter_mut().enumerate() {
            *answer = row.col(i)?;
        }
        Ok(Self {
            answers,
            updated_at: row.col(STEPS)?,
        })
    }
}

/// A row of `athletic_vision_versions` as selected by [`versions`]: a version is always complete.
#[derive(sqlx::FromRow)]
struct VersionRow {
    version: i64,
    q1: String,
    q2: String,
    q3: String,
    q4: String,
    q5: String,
    q6: String,
    q7: String,
    q8: String,
    q9: String,
    created_at: i64,
    updated_at: i64,
}

impl From<VersionRow> for Version {
    fn from(r: VersionRow) -> Self {
        Self {
            version: r.version,
            answers: [r.q1, r.q2, r.q3, r.q4, r.q5, r.q6, r.q7, r.q8, r.q9],
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}

pub async fn current(conn: &mut AnyConnection, user_id: &str) -> sqlx::Result<Option<Vision>> {
    Reads::from(conn).first(CURRENT, &[user_id.into()]).await
}

/// [`current`] outside a transaction: on SQLite without the hop to sqlx's connection thread
/// (see [`crate::db::SqliteReader`]).
pub(crate) async fn read_current(db: &Db, user_id: &str) -> Result<Option<Vision>, AppError> {
    Ok(db.reads().await?.first(CURRENT, &[user_id.into()]).await?)
}

/// Saves one step's answer. Run in a write transaction; answers the vision after the save.
pub(crate) async fn save_step(
    conn: &mut AnyConnection,
    user_id: &str,
    step: Step,
    answer: &Answer,
    now: i64,
) -> sqlx::Result<Vision> {
    let col = step.column();
    sqlx::query(&format!(
        "INSERT INTO athletic_visions (user_id, {col}, created_at, updated_at) VALUES ($1, $2, $3, $3) \
         ON CONFLICT (user_id) DO UPDATE SET {col} = excluded.{col}, updated_at = excluded.updated_at"
    ))
    .bind(user_id)
    .bind(answer.as_str())
    .bind(now)
    .execute(&mut *conn)
    .await?;
    after_save(conn, user_id, now).await
}

/// Saves all nine answers at once. Run in a write transaction.
pub(crate) async fn save_all(
    conn: &mut AnyConnection,
    user_id: &str,
    answers: &[Answer; STEPS],
    now: i64,
) -> sqlx::Result<Vision> {
    let sql = format!(
        "INSERT INTO athletic_visions (user_id, {Q}, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) \
         ON CONFLICT (user_id) DO UPDATE SET q1 = excluded.q1, q2 = excluded.q2, q3 = excluded.q3, \
         q4 = excluded.q4, q5 = excluded.q5, q6 = excluded.q6, q7 = excluded.q7, q8 = excluded.q8, \
         q9 = excluded.q9, updated_at = excluded.updated_at"
    );
    let mut query = sqlx::query(&sql).bind(user_id);
    for answer in answers {
        query = query.bind(answer.as_str());
    }
    query.bind(now).execute(&mut *conn).await?;
    after_save(conn, user_id, now).await
}

async fn after_save(conn: &mut AnyConnection, user_id: &str, now: i64) -> sqlx::Result<Vision> {
    let vision = current(conn, user_id)
        .await?
        .expect("the row was just written");
    if let Some(answers) = vision.complete() {
        keep_version(conn, user_id, &answers, now).await?;
    }
    Ok(vision)
}

async fn keep_version(
    conn: &mut AnyConnection,
    user_id: &str,
    answers: &[String; STEPS],
    now: i64,
) -> sqlx::Result<()> {
    let latest = versions(conn, user_id, 1).await?.into_iter().next();
    match latest {
        Some(v) if v.answers == *answers => Ok(()),
        Some(v) if now - v.updated_at < SITTING_MS => {
            let mut query = sqlx::query(
                "UPDATE athletic_vision_versions SET q1 = $1, q2 = $2, q3 = $3, q4 = $4, q5 = $5, \
                 q6 = $6, q7 = $7, q8 = $8, q9 = $9, updated_at = $10 WHERE user_id = $11 AND version = $12",
            );
            for a in answers {
                query = query.bind(a);
            }
            query
                .bind(now)
                .bind(user_id)
                .bind(v.version)
                .execute(conn)
                .await?;
            Ok(())
        }
        latest => {
            let next = latest.map_or(1, |v| v.version + 1);
            let sql = format!(
                "INSERT INTO athletic_vision_versions (id, user_id, version, {Q}, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)"
            );
            let mut query = sqlx::query(&sql)
                .bind(uuid::Uuid::new_v4().to_string())
                .bind(user_id)
                .bind(next);
            for a in answers {
                query = query.bind(a);
            }
            query.bind(now).execute(conn).await?;
            Ok(())
        }
    }
}

/// The athlete's kept versions, newest first.
pub async fn versions(
    conn: &mut AnyConnection,
    user_id: &str,
    limit: i64,
) -> sqlx::Result<Vec<Version>> {
    let rows = sqlx::query_as::<_, VersionRow>(&format!(
        "SELECT version, {Q}, created_at, updated_at FROM athletic_vision_versions \
         WHERE user_id = $1 ORDER BY version DESC LIMIT $2"
    ))
    .bind(user_id)
    .bind(limit)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(Version::from).collect())
}
