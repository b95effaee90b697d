//! The dashboard's facts about the athlete, read in one statement: their name and zone, whether
//! they hid the streak, whether they hold a membership, their team's focus for the week, and
//! whether their vision is written.

use std::sync::LazyLock;

use crate::billing::entitlements::PAID;
use crate::db::{FromColumns, Reads, Row};
use crate::vision::answers::STEPS;
use crate::vision::storage::all_answered;

pub(crate) struct Facts {
    pub first_name: String,
    /// The zone the athlete's days are counted in, once the app sent one.
    pub time_zone: Option<String>,
    pub streak_hidden: bool,
    pub paid: bool,
    /// The week's focus the athlete's coach set for the team, while one is set.
    pub team_focus: Option<String>,
    pub vision_complete: bool,
}

static SQL: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT u.first_name, u.time_zone, \
           (SELECT hidden_at FROM streak_preferences WHERE user_id = $1), \
           CAST(CASE WHEN EXISTS ({PAID}) THEN 1 ELSE 0 END AS BIGINT), \
           (SELECT t.focus_text FROM teams t JOIN team_members m ON m.team_id = t.id \
             WHERE m.user_id = $1 LIMIT 1), \
           v.q1, v.q2, v.q3, v.q4, v.q5, v.q6, v.q7, v.q8, v.q9 \
         FROM users u LEFT JOIN athletic_visions v ON v.user_id = u.id WHERE u.id = $1"
    )
});

impl FromColumns for Facts {
    fn from_columns(row: &impl Row) -> sqlx::Result<Self> {
        let mut answers: [Option<String>; STEPS] = Default::default();
        for (i, answer) in answers.iter_mut().enumerate() {
            *answer = row.col(5 + i)?;
        }
        Ok(Self {
            first_name: row.col(0)?,
            time_zone: row.col(1)?,
            streak_hidden: row.col::<Option<i64>>(2)?.is_some(),
            paid: row.col::<i64>(3)? == 1,
            team_focus: row.col(4)?,
            vision_complete: all_answered(&answers),
        })
    }
}

/// The facts of `user_id` at `now` (ms); `None` when the account no longer exists.
pub(crate) async fn of<'c>(
    conn: impl Into<Reads<'c>>,
    user_id: &str,
    now: i64,
) -> sqlx::Result<Option<Facts>> {
    conn.into().first(&SQL, &[user_id.into(), now.into()]).await
}
