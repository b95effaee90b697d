//! Storage of check-ins: one row per athlete and local day.

use std::sync::LazyLock;

use sqlx::AnyConnection;

use super::input::CheckinInput;
use crate::db::{FromColumns, Reads, Row};
use crate::practice::{storage as practice, PracticeKind};

/// A row of `checkins`.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct StoredCheckin {
    pub id: String,
    pub day: String,
    pub sleep: i64,
    pub energy: i64,
    pub mood: i64,
    pub stress: i64,
    pub confidence: i64,
    pub note: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str =
    "id, day, sleep, energy, mood, stress, confidence, note, created_at, updated_at";

impl StoredCheckin {
    /// The check-in in the columns from `first` on, in [`COLUMNS`]' order; `None` where they are
    /// NULL (a left join that found none).
    fn at(row: &impl Row, first: usize) -> sqlx::Result<Option<Self>> {
        let Some(id) = row.col(first)? else {
            return Ok(None);
        };
        Ok(Some(Self {
            id,
            day: row.col(first + 1)?,
            sleep: row.col(first + 2)?,
            energy: row.col(first + 3)?,
            mood: row.col(first + 4)?,
            stress: row.col(first + 5)?,
            confidence: row.col(first + 6)?,
            note: row.col(first + 7)?,
            created_at: row.col(first + 8)?,
            updated_at: row.col(first + 9)?,
        }))
    }
}

/// A row of [`ZONE_AND_SINCE`]: the athlete's stored zone and one check-in, if they have any.
struct ZoneAndCheckin {
    zone: Option<String>,
    checkin: Option<StoredCheckin>,
}

impl FromColumns for ZoneAndCheckin {
    fn from_columns(row: &impl Row) -> sqlx::Result<Self> {
        Ok(Self {
            zone: row.col(0)?,
            checkin: StoredCheckin::at(row, 1)?,
        })
    }
}

/// The zone of the user `$1` beside each of their check-ins on or after the day `$2`, newest
/// first, at most `$3`; one row with no check-in when there is none, no row without the user.
static ZONE_AND_SINCE: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT u.time_zone, c.* \
         FROM users u LEFT JOIN (SELECT {COLUMNS} FROM checkins WHERE user_id = $1 AND day >= $2 \
           ORDER BY day DESC LIMIT $3) c ON 1 = 1 \
         WHERE u.id = $1 ORDER BY c.day DESC"
    )
});

/// The athlete's stored zone and their check-ins on or after `since` (`YYYY-MM-DD`), newest
/// first, at most `limit`, in one statement; `None` when the account no longer exists.
pub(crate) async fn zone_and_since<'c>(
    reads: impl Into<Reads<'c>>,
    user_id: &str,
    since: &str,
    limit: i64,
) -> sqlx::Result<Option<(Option<String>, Vec<StoredCheckin>)>> {
    let rows: Vec<ZoneAndCheckin> = reads
        .into()
        .all(
            &ZONE_AND_SINCE,
            &[user_id.into(), since.into(), limit.into()],
        )
        .await?;
    let Some(zone) = rows.first().map(|row| row.zone.clone()) else {
        return Ok(None);
    };
    Ok(Some((
        zone,
        rows.into_iter().filter_map(|row| row.checkin).collect(),
    )))
}

/// Saves `user_id`'s check-in for `day` (`YYYY-MM-DD`), replacing one already saved that day.
/// The first of the day also records `checkin_saved`. Run in a write transaction.
pub async fn save(
    conn: &mut AnyConnection,
    user_id: &str,
    day: &str,
    input: &CheckinInput,
    now: i64,
) -> sqlx::Result<StoredCheckin> {
    let scores = [
        input.sleep.value(),
        input.energy.value(),
        input.mood.value(),
        input.stress.value(),
        input.confidence.value(),
    ];
    let mut insert = sqlx::query(
        "INSERT INTO checkins (id, user_id, day, sleep, energy, mood, stress, confidence, note, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) \
         ON CONFLICT (user_id, day) DO NOTHING",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(user_id)
    .bind(day);
    for s in scores {
        insert = insert.bind(s);
    }
    let inserted = insert
        .bind(input.note.as_deref())
        .bind(now)
        .execute(&mut *conn)
        .await?
        .rows_affected();
    if inserted == 1 {
        practice::record(&mut *conn, user_id, PracticeKind::CheckinSaved, now).await?;
    } else {
        let mut update = sqlx::query(
            "UPDATE checkins SET sleep = $1, energy = $2, mood = $3, stress = $4, \
             confidence = $5, note = $6, updated_at = $7 WHERE user_id = $8 AND day = $9",
        );
        for s in scores {
            update = update.bind(s);
        }
        update
            .bind(input.note.as_deref())
            .bind(now)
            .bind(user_id)
            .bind(day)
            .execute(&mut *conn)
            .await?;
    }
    sqlx::query_as::<_, StoredCheckin>(&format!(
        "SELECT {COLUMNS} FROM checkins WHERE user_id = $1 AND day = $2"
    ))
    .bind(user_id)
    .bind(day)
    .fetch_one(conn)
    .await
}

/// The athlete's check-ins for `since` (`YYYY-MM-DD`) and later, newest first, at most `limit`.
pub async fn since(
    conn: &mut AnyConnection,
    user_id: &str,
    since: &str,
    limit: i64,
) -> sqlx::Result<Vec<StoredCheckin>> {
    sqlx::query_as::<_, StoredCheckin>(&format!(
        "SELECT {COLUMNS} FROM checkins WHERE user_id = $1 AND day >= $2 \
         ORDER BY day DESC LIMIT $3"
    ))
    .bind(user_id)
    .bind(since)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// A check-in's five numbers without its note, as a coach may see them.
#[derive(Clone, Debug)]
pub(crate) struct CheckinNumbers {
    pub user_id: String,
    pub day: String,
    pub sleep: i64,
    pub energy: i64,
    pub mood: i64,
    pub stress: i64,
    pub confidence: i64,
}

/// The numbers of several athletes' check-ins on or after the day `since` (the notes are not
/// read), each athlete's oldest first. On PostgreSQL a row per athlete, the check-ins joined
/// into one text column by the database, as sqlx converts every row it hands over; on SQLite's
/// reader a row per check-in, which costs less there than the lists (bench/PROFILE.md, finding
/// 16).
pub(crate) async fn team_numbers_since<'c>(
    conn: impl Into<Reads<'c>>,
    user_ids: &[&str],
    since: &str,
) -> sqlx::Result<Vec<CheckinNumbers>> {
    if user_ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut reads: Reads<'c> = conn.into();
    let args = crate::db::args_then_ids([since.into()], user_ids);
    let ids = crate::db::id_list(2, user_ids.len());
    if !reads.on_postgres() {
        let sql = format!(
            "SELECT user_id, day, sleep, energy, mood, stress, confidence FROM checkins \
             WHERE day >= $1 AND user_id IN ({ids}) ORDER BY user_id, day"
        );
        return reads.all(&sql, &args).await;
    }
    let sql = format!(
        "SELECT user_id, string_agg(day || ' ' || CAST(sleep AS TEXT) || ' ' || \
         CAST(energy AS TEXT) || ' ' || CAST(mood AS TEXT) || ' ' || CAST(stress AS TEXT) || \
         ' ' || CAST(confidence AS TEXT), ',') FROM checkins \
         WHERE day >= $1 AND user_id IN ({ids}) GROUP BY user_id"
    );
    let rows: Vec<(String, String)> = reads.all(&sql, &args).await?;
    let mut numbers: Vec<CheckinNumbers> = rows
        .iter()
        .flat_map(|(user_id, list)| list.split(',').filter_map(|item| numbers_of(user_id, item)))
        .collect();
    numbers.sort_by(|a, b| (&a.user_id, &a.day).cmp(&(&b.user_id, &b.day)));
    Ok(numbers)
}

/// One item of [`team_numbers_since`]'s list: `day sleep energy mood stress confidence`.
fn numbers_of(user_id: &str, item: &str) -> Option<CheckinNumbers> {
    let mut parts = item.split(' ');
    let day = parts.next()?.to_owned();
    let mut next = || parts.next()?.parse::<i64>().ok();
    Some(CheckinNumbers {
        user_id: user_id.to_owned(),
        day,
        sleep: next()?,
        energy: next()?,
        mood: next()?,
        stress: next()?,
        confidence: next()?,
    })
}

/// A row of [`team_numbers_since`] on SQLite.
impl FromColumns for CheckinNumbers {
    fn from_columns(row: &impl Row) -> sqlx::Result<Self> {
        Ok(Self {
            user_id: row.col(0)?,
            day: row.col(1)?,
            sleep: row.col(2)?,
            energy: row.col(3)?,
            mood: row.col(4)?,
            stress: row.col(5)?,
            confidence: row.col(6)?,
        })
    }
}
