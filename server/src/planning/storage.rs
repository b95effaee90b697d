//! Storage of daily actions and weekly maps. Each save records its practice event on the same
//! transaction.

use std::sync::LazyLock;

use sqlx::AnyConnection;

use super::entries::{DailyActionInput, WeeklyMapInput};
use crate::db::{FromColumns, Reads, Row, Writes};
use crate::practice::{storage as practice, PracticeKind};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyAction {
    pub id: String,
    pub r1: String,
    pub r2: String,
    pub r3: i64,
    /// `q1`..`q6`.
    pub plan: [String; 6],
    pub created_at: i64,
    /// When the athlete showed it to their team's coaches; `None` while it is private.
    pub shared_at: Option<i64>,
    /// The athlete said the plan works on their team's focus.
    pub toward_focus: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeeklyMap {
    pub id: String,
    pub first: bool,
    /// `q1`..`q3` and `q5`; blank on a first map.
    pub q1: Option<String>,
    pub q2: Option<String>,
    pub q3: Option<String>,
    pub q4: Option<i64>,
    pub q5: Option<String>,
    /// `q6`..`q11`.
    pub plan: [String; 6],
    pub created_at: i64,
    /// When the athlete showed it to their team's coaches; `None` while it is private.
    pub shared_at: Option<i64>,
}

/// Where a page of entries ends: the next page holds what is strictly older.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cursor {
    pub created_at: i64,
    pub id: String,
}

const DAILY_COLUMNS: &str =
    "id, r1, r2, r3, q1, q2, q3, q4, q5, q6, created_at, shared_at, toward_focus";
const WEEKLY_COLUMNS: &str =
    "id, is_first, q1, q2, q3, q4, q5, q6, q7, q8, q9, q10, q11, created_at, shared_at";

/// A row of [`DAILY_COLUMNS`].
impl FromColumns for DailyAction {
    fn from_columns(row: &impl Row) -> sqlx::Result<Self> {
        Ok(Self {
            id: row.col(0)?,
            r1: row.col(1)?,
            r2: row.col(2)?,
            r3: row.col(3)?,
            plan: [
                row.col(4)?,
                row.col(5)?,
                row.col(6)?,
                row.col(7)?,
                row.col(8)?,
                row.col(9)?,
            ],
            created_at: row.col(10)?,
            shared_at: row.col(11)?,
            toward_focus: row.col::<i64>(12)? != 0,
        })
    }
}

/// A row of [`WEEKLY_COLUMNS`] (`is_first` is stored as 0 or 1).
impl FromColumns for WeeklyMap {
    fn from_columns(row: &impl Row) -> sqlx::Result<Self> {
        Ok(Self {
            id: row.col(0)?,
            first: row.col::<i64>(1)? != 0,
            q1: row.col(2)?,
            q2: row.col(3)?,
            q3: row.col(4)?,
            q4: row.col(5)?,
            q5: row.col(6)?,
            plan: [
                row.col(7)?,
                row.col(8)?,
                row.col(9)?,
                row.col(10)?,
                row.col(11)?,
                row.col(12)?,
            ],
            created_at: row.col(13)?,
            shared_at: row.col(14)?,
        })
    }
}

/// Saves a daily action and records `daily_action_saved`. Run in a write transaction.
pub async fn save_daily_action<'c>(
    writes: impl Into<Writes<'c>>,
    user_id: &str,
    input: &DailyActionInput,
    now: i64,
) -> sqlx::Result<DailyAction> {
    let mut writes = writes.into();
    let saved = DailyAction {
        id: uuid::Uuid::new_v4().to_string(),
        r1: input.wins.as_str().to_owned(),
        r2: input.learned.as_str().to_owned(),
        r3: input.presence.value(),
        plan: input.plan.clone().map(|t| t.into_string()),
        created_at: now,
        shared_at: None,
        toward_focus: input.toward_focus,
    };
    let [q1, q2, q3, q4, q5, q6] = &saved.plan;
    writes
        .execute(
            "INSERT INTO daily_actions \
               (id, user_id, r1, r2, r3, q1, q2, q3, q4, q5, q6, created_at, toward_focus) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
            &[
                (&saved.id).into(),
                user_id.into(),
                (&saved.r1).into(),
                (&saved.r2).into(),
                saved.r3.into(),
                q1.into(),
                q2.into(),
                q3.into(),
                q4.into(),
                q5.into(),
                q6.into(),
                now.into(),
                i64::from(saved.toward_focus).into(),
            ],
        )
        .await?;
    practice::record(&mut writes, user_id, PracticeKind::DailyActionSaved, now).await?;
    Ok(saved)
}

/// Saves a weekly map and records `weekly_map_saved`. Run in a write transaction.
pub async fn save_weekly_map(
    conn: &mut AnyConnection,
    user_id: &str,
    input: &WeeklyMapInput,
    now: i64,
) -> sqlx::Result<WeeklyMap> {
    let text = |t: &Option<super::fields::PlanText>| t.as_ref().map(|t| t.as_str().to_owned());
    let review = &input.review;
    let saved = WeeklyMap {
        id: uuid::Uuid::new_v4().to_string(),
        first: input.first,
        q1: text(&review.win),
        q2: text(&review.lesson),
        q3: text(&review.differently),
        q4: review.lived_vision.map(|r| r.value()),
        q5: text(&review.gratitude),
        plan: input.plan.clone().map(|t| t.into_string()),
        created_at: now,
        shared_at: None,
    };
    let mut query = sqlx::query(
        "INSERT INTO weekly_maps (id, user_id, is_first, q1, q2, q3, q4, q5, \
         q6, q7, q8, q9, q10, q11, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
    )
    .bind(&saved.id)
    .bind(user_id)
    .bind(i64::from(saved.first))
    .bind(&saved.q1)
    .bind(&saved.q2)
    .bind(&saved.q3)
    .bind(saved.q4)
    .bind(&saved.q5);
    for answer in &saved.plan {
        query = query.bind(answer);
    }
    query.bind(now).execute(&mut *conn).await?;
    practice::record(conn, user_id, PracticeKind::WeeklyMapSaved, now).await?;
    Ok(saved)
}

/// Keyset condition for "older than the cursor", with its two parameters at `$2` and `$3`.
pub(super) const OLDER_THAN_CURSOR: &str = "(created_at < $2 OR (created_at = $2 AND id < $3))";

/// The athlete's daily actions older than `before` (all when `None`), newest first.
pub async fn daily_actions<'c>(
    conn: impl Into<Reads<'c>>,
    user_id: &str,
    before: Option<&Cursor>,
    limit: i64,
) -> sqlx::Result<Vec<DailyAction>> {
    static SQL: LazyLock<String> = LazyLock::new(|| {
        format!(
            "SELECT {DAILY_COLUMNS} FROM daily_actions WHERE user_id = $1 AND {OLDER_THAN_CURSOR} \
             ORDER BY created_at DESC, id DESC LIMIT $4"
        )
    });
    let (at, id) = cursor_bounds(before);
    conn.into()
        .all(
            &SQL,
            &[user_id.into(), at.into(), (&id).into(), limit.into()],
        )
        .await
}

/// The athlete's weekly maps older than `before` (all when `None`), newest first.
pub async fn weekly_maps<'c>(
    conn: impl Into<Reads<'c>>,
    user_id: &str,
    before: Option<&Cursor>,
    limit: i64,
) -> sqlx::Result<Vec<WeeklyMap>> {
    static SQL: LazyLock<String> = LazyLock::new(|| {
        format!(
            "SELECT {WEEKLY_COLUMNS} FROM weekly_maps WHERE user_id = $1 AND {OLDER_THAN_CURSOR} \
             ORDER BY created_at DESC, id DESC LIMIT $4"
        )
    });
    let (at, id) = cursor_bounds(before);
    conn.into()
        .all(
            &SQL,
            &[user_id.into(), at.into(), (&id).into(), limit.into()],
        )
        .await
}

pub(super) fn cursor_bounds(before: Option<&Cursor>) -> (i64, String) {
    match before {
        Some(c) => (c.created_at, c.id.clone()),
        // Past every possible entry: ids are UUIDs, which sort below '~'.
        None => (i64::MAX, "~".to_owned()),
    }
}

/// One of the athlete's own daily actions; `None` for an unknown id or someone else's.
pub async fn daily_action<'c>(
    conn: impl Into<Reads<'c>>,
    user_id: &str,
    id: &str,
) -> sqlx::Result<Option<DailyAction>> {
    if !crate::domain::can_name_a_row(id) {
        return Ok(None);
    }
    let sql = format!("SELECT {DAILY_COLUMNS} FROM daily_actions WHERE user_id = $1 AND id = $2");
    conn.into().first(&sql, &[user_id.into(), id.into()]).await
}

/// One of the athlete's own weekly maps; `None` for an unknown id or someone else's.
pub async fn weekly_map<'c>(
    conn: impl Into<Reads<'c>>,
    user_id: &str,
    id: &str,
) -> sqlx::Result<Option<WeeklyMap>> {
    if !crate::domain::can_name_a_row(id) {
        return Ok(None);
    }
    let sql = format!("SELECT {WEEKLY_COLUMNS} FROM weekly_maps WHERE user_id = $1 AND id = $2");
    conn.into().first(&sql, &[user_id.into(), id.into()]).await
}

/// The newest daily action, if any.
pub(crate) async fn latest_daily_action<'c>(
    conn: impl Into<Reads<'c>>,
    user_id: &str,
) -> sqlx::Result<Option<DailyAction>> {
    Ok(daily_actions(conn, user_id, None, 1).await?.pop())
}

/// The newest weekly map, if any.
pub(crate) async fn latest_weekly_map<'c>(
    conn: impl Into<Reads<'c>>,
    user_id: &str,
) -> sqlx::Result<Option<WeeklyMap>> {
    Ok(weekly_maps(conn, user_id, None, 1).await?.pop())
}

/// Shows (`Some(now)`) or hides (`None`) one of the athlete's own entries to their coach;
/// false when the athlete has no such entry.
pub(crate) async fn set_shared(
    conn: &mut AnyConnection,
    user_id: &str,
    id: &str,
    shared_at: Option<i64>,
) -> sqlx::Result<bool> {
    if !crate::domain::can_name_a_row(id) {
        return Ok(false);
    }
    for table in ["daily_actions", "weekly_maps"] {
        let changed = sqlx::query(&format!(
            "UPDATE {table} SET shared_at = $1 WHERE user_id = $2 AND id = $3"
        ))
        .bind(shared_at)
        .bind(user_id)
        .bind(id)
        .execute(&mut *conn)
        .await?
        .rows_affected();
        if changed > 0 {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The athlete's entries shown to their coach, newest first, at most `limit` of each kind.
pub(crate) async fn shared_entries(
    conn: &mut AnyConnection,
    user_id: &str,
    limit: i64,
) -> sqlx::Result<(Vec<DailyAction>, Vec<WeeklyMap>)> {
    let mut reads = Reads::from(conn);
    let args = [user_id.into(), limit.into()];
    let daily = reads
        .all(
            &format!(
                "SELECT {DAILY_COLUMNS} FROM daily_actions WHERE user_id = $1 \
                 AND shared_at IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT $2"
            ),
            &args,
        )
        .await?;
    let weekly = reads
        .all(
            &format!(
                "SELECT {WEEKLY_COLUMNS} FROM weekly_maps WHERE user_id = $1 \
                 AND shared_at IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT $2"
            ),
            &args,
        )
        .await?;
    Ok((daily, weekly))
}

/// When several athletes saved daily actions that work on their team's focus, since `since`:
/// (user id, time).
pub(crate) async fn team_toward_focus<'c>(
    conn: impl Into<Reads<'c>>,
    user_ids: &[&str],
    since: i64,
) -> sqlx::Result<Vec<(String, i64)>> {
    if user_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT user_id, created_at FROM daily_actions \
         WHERE toward_focus <> 0 AND created_at >= $1 AND user_id IN ({})",
        crate::db::id_list(2, user_ids.len())
    );
    let args = crate::db::args_then_ids([since.into()], user_ids);
    conn.into().all(&sql, &args).await
}
