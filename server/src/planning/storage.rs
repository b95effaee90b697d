//! Storage of daily actions and weekly maps. Each save records its practice event on the same
//! transaction.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::entries::{DailyActionInput, WeeklyMapInput};
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
}

/// Where a page of entries ends: the next page holds what is strictly older.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cursor {
    pub created_at: i64,
    pub id: String,
}

const DAILY_COLUMNS: &str = "id, r1, r2, r3, q1, q2, q3, q4, q5, q6, created_at";
const WEEKLY_COLUMNS: &str =
    "id, is_first, q1, q2, q3, q4, q5, q6, q7, q8, q9, q10, q11, created_at";

fn plan_of(row: &AnyRow, first: usize) -> sqlx::Result<[String; 6]> {
    let mut plan: [String; 6] = Default::default();
    for (i, slot) in plan.iter_mut().enumerate() {
        *slot = row.try_get(format!("q{}", first + i).as_str())?;
    }
    Ok(plan)
}

fn daily_of(row: &AnyRow) -> sqlx::Result<DailyAction> {
    Ok(DailyAction {
        id: row.try_get("id")?,
        r1: row.try_get("r1")?,
        r2: row.try_get("r2")?,
        r3: row.try_get("r3")?,
        plan: plan_of(row, 1)?,
        created_at: row.try_get("created_at")?,
    })
}

fn weekly_of(row: &AnyRow) -> sqlx::Result<WeeklyMap> {
    Ok(WeeklyMap {
        id: row.try_get("id")?,
        first: row.try_get::<i64, _>("is_first")? != 0,
        q1: row.try_get("q1")?,
        q2: row.try_get("q2")?,
        q3: row.try_get("q3")?,
        q4: row.try_get("q4")?,
        q5: row.try_get("q5")?,
        plan: plan_of(row, 6)?,
        created_at: row.try_get("created_at")?,
    })
}

/// Saves a daily action and records `daily_action_saved`. Run in a write transaction.
pub async fn save_daily_action(
    conn: &mut AnyConnection,
    user_id: &str,
    input: &DailyActionInput,
    now: i64,
) -> sqlx::Result<DailyAction> {
    let saved = DailyAction {
        id: uuid::Uuid::new_v4().to_string(),
        r1: input.wins.as_str().to_owned(),
        r2: input.learned.as_str().to_owned(),
        r3: input.presence.value(),
        plan: input.plan.clone().map(|t| t.into_string()),
        created_at: now,
    };
    let mut query = sqlx::query(
        "INSERT INTO daily_actions (id, user_id, r1, r2, r3, q1, q2, q3, q4, q5, q6, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(&saved.id)
    .bind(user_id)
    .bind(&saved.r1)
    .bind(&saved.r2)
    .bind(saved.r3);
    for answer in &saved.plan {
        query = query.bind(answer);
    }
    query.bind(now).execute(&mut *conn).await?;
    practice::record(conn, user_id, PracticeKind::DailyActionSaved, now).await?;
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
const OLDER_THAN_CURSOR: &str = "(created_at < $2 OR (created_at = $2 AND id < $3))";

/// The athlete's daily actions older than `before` (all when `None`), newest first.
pub async fn daily_actions(
    conn: &mut AnyConnection,
    user_id: &str,
    before: Option<&Cursor>,
    limit: i64,
) -> sqlx::Result<Vec<DailyAction>> {
    let (at, id) = cursor_bounds(before);
    let rows = sqlx::query(&format!(
        "SELECT {DAILY_COLUMNS} FROM daily_actions WHERE user_id = $1 AND {OLDER_THAN_CURSOR} \
         ORDER BY created_at DESC, id DESC LIMIT $4"
    ))
    .bind(user_id)
    .bind(at)
    .bind(id)
    .bind(limit)
    .fetch_all(conn)
    .await?;
    rows.iter().map(daily_of).collect()
}

/// The athlete's weekly maps older than `before` (all when `None`), newest first.
pub async fn weekly_maps(
    conn: &mut AnyConnection,
    user_id: &str,
    before: Option<&Cursor>,
    limit: i64,
) -> sqlx::Result<Vec<WeeklyMap>> {
    let (at, id) = cursor_bounds(before);
    let rows = sqlx::query(&format!(
        "SELECT {WEEKLY_COLUMNS} FROM weekly_maps WHERE user_id = $1 AND {OLDER_THAN_CURSOR} \
         ORDER BY created_at DESC, id DESC LIMIT $4"
    ))
    .bind(user_id)
    .bind(at)
    .bind(id)
    .bind(limit)
    .fetch_all(conn)
    .await?;
    rows.iter().map(weekly_of).collect()
}

fn cursor_bounds(before: Option<&Cursor>) -> (i64, String) {
    match before {
        Some(c) => (c.created_at, c.id.clone()),
        // Past every possible entry: ids are UUIDs, which sort below '~'.
        None => (i64::MAX, "~".to_owned()),
    }
}

/// One of the athlete's own daily actions; `None` for an unknown id or someone else's.
pub async fn daily_action(
    conn: &mut AnyConnection,
    user_id: &str,
    id: &str,
) -> sqlx::Result<Option<DailyAction>> {
    if !crate::domain::can_name_a_row(id) {
        return Ok(None);
    }
    sqlx::query(&format!(
        "SELECT {DAILY_COLUMNS} FROM daily_actions WHERE user_id = $1 AND id = $2"
    ))
    .bind(user_id)
    .bind(id)
    .fetch_optional(conn)
    .await?
    .as_ref()
    .map(daily_of)
    .transpose()
}

/// One of the athlete's own weekly maps; `None` for an unknown id or someone else's.
pub async fn weekly_map(
    conn: &mut AnyConnection,
    user_id: &str,
    id: &str,
) -> sqlx::Result<Option<WeeklyMap>> {
    if !crate::domain::can_name_a_row(id) {
        return Ok(None);
    }
    sqlx::query(&format!(
        "SELECT {WEEKLY_COLUMNS} FROM weekly_maps WHERE user_id = $1 AND id = $2"
    ))
    .bind(user_id)
    .bind(id)
    .fetch_optional(conn)
    .await?
    .as_ref()
    .map(weekly_of)
    .transpose()
}

/// The newest daily action, if any.
pub(crate) async fn latest_daily_action(
    conn: &mut AnyConnection,
    user_id: &str,
) -> sqlx::Result<Option<DailyAction>> {
    Ok(daily_actions(conn, user_id, None, 1).await?.pop())
}

/// The newest weekly map, if any.
pub(crate) async fn latest_weekly_map(
    conn: &mut AnyConnection,
    user_id: &str,
) -> sqlx::Result<Option<WeeklyMap>> {
    Ok(weekly_maps(conn, user_id, None, 1).await?.pop())
}
