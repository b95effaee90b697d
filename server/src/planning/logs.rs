//! The daily logs' page: daily actions and weekly maps together, newest first, read in one
//! statement that merges the two tables' newest rows and stops at the page's end; its shape
//! differs between SQLite and PostgreSQL (bench/PROFILE.md, finding 13).

use std::sync::LazyLock;

use super::storage::{cursor_bounds, Cursor, DailyAction, WeeklyMap, OLDER_THAN_CURSOR};
use crate::db::{FromColumns, Reads, Row};

/// One entry of the daily logs.
#[derive(Debug)]
pub enum Logged {
    Daily(DailyAction),
    Weekly(WeeklyMap),
}

impl Logged {
    /// Where a page that ends with this entry ends.
    pub fn cursor(&self) -> Cursor {
        let (created_at, id) = match self {
            Self::Daily(d) => (d.created_at, &d.id),
            Self::Weekly(w) => (w.created_at, &w.id),
        };
        Cursor {
            created_at,
            id: id.clone(),
        }
    }
}

/// Both kinds in the same columns: the kind, the id, when it was saved and shared, a flag
/// (toward the focus, or the first map), a number (`r3` or `q4`), four texts (`r1`, `r2` or
/// `q1`, `q2`, `q3`, `q5`) and the plan's six answers.
const DAILY: &str = "'daily' AS kind, id, created_at, shared_at, \
    CAST(toward_focus AS BIGINT) AS flag, r3 AS n, r1 AS t1, r2 AS t2, \
    CAST(NULL AS TEXT) AS t3, CAST(NULL AS TEXT) AS t4, \
    q1 AS p1, q2 AS p2, q3 AS p3, q4 AS p4, q5 AS p5, q6 AS p6";
const WEEKLY: &str =
    "'weekly', id, created_at, shared_at, is_first, q4, q1, q2, q3, q5, q6, q7, q8, q9, q10, q11";
const NEWEST_FIRST: &str = "ORDER BY created_at DESC, id DESC LIMIT $4";

/// SQLite merges the two tables' indexes in order and stops at the page's end (about half the
/// time of the PostgreSQL shape on SQLite, and of two statements).
static MERGED: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {DAILY} FROM daily_actions WHERE user_id = $1 AND {OLDER_THAN_CURSOR} \
         UNION ALL SELECT {WEEKLY} FROM weekly_maps WHERE user_id = $1 AND {OLDER_THAN_CURSOR} \
         {NEWEST_FIRST}"
    )
});

/// PostgreSQL does not merge the bare union: it read and sorted every entry of the athlete.
/// Each kind stops at the page's size first, and the two are merged (a Merge Append of two
/// backward index scans).
static EACH_THEN_MERGED: LazyLock<String> = LazyLock::new(|| {
    let newest = |columns: &str, table: &str| {
        format!(
            "SELECT * FROM (SELECT {columns} FROM {table} \
             WHERE user_id = $1 AND {OLDER_THAN_CURSOR} {NEWEST_FIRST}) AS {table}"
        )
    };
    format!(
        "{} UNION ALL {} {NEWEST_FIRST}",
        newest(DAILY, "daily_actions"),
        newest(WEEKLY, "weekly_maps")
    )
});

impl FromColumns for Logged {
    fn from_columns(row: &impl Row) -> sqlx::Result<Self> {
        let plan = [
            row.col(10)?,
            row.col(11)?,
            row.col(12)?,
            row.col(13)?,
            row.col(14)?,
            row.col(15)?,
        ];
        let id = row.col(1)?;
        let created_at = row.col(2)?;
        let shared_at = row.col(3)?;
        let flag = row.col::<i64>(4)? != 0;
        if row.col::<String>(0)? == "daily" {
            return Ok(Self::Daily(DailyAction {
                id,
                r1: row.col(6)?,
                r2: row.col(7)?,
                r3: row.col(5)?,
                plan,
                created_at,
                shared_at,
                toward_focus: flag,
            }));
        }
        Ok(Self::Weekly(WeeklyMap {
            id,
            first: flag,
            q1: row.col(6)?,
            q2: row.col(7)?,
            q3: row.col(8)?,
            q4: row.col(5)?,
            q5: row.col(9)?,
            plan,
            created_at,
            shared_at,
        }))
    }
}

/// Up to `limit` of the athlete's entries older than `before` (from the newest when `None`),
/// newest first.
pub async fn page<'c>(
    conn: impl Into<Reads<'c>>,
    user_id: &str,
    before: Option<&Cursor>,
    limit: i64,
) -> sqlx::Result<Vec<Logged>> {
    let (at, id) = cursor_bounds(before);
    let mut reads = conn.into();
    let sql: &str = if reads.on_postgres() {
        &EACH_THEN_MERGED
    } else {
        &MERGED
    };
    reads
        .all(
            sql,
            &[user_id.into(), at.into(), (&id).into(), limit.into()],
        )
        .await
}
