//! The dashboard's facts about the athlete, read in one statement: their name and zone, whether
//! they hid the streak, whether they hold a membership, their team's focus for the week,
//! whether their vision is written, the plans of their newest daily action and weekly map, and
//! their recent practice ([`super::recent`]). One statement is one round trip: on PostgreSQL
//! the dashboard's time was mostly its statements' sending and answering.

use std::sync::LazyLock;

use crate::billing::entitlements::PAID;
use chrono::{DateTime, Utc};

use super::recent::{self, Practice, Window};
use crate::db::{FromColumns, Reads, Row};
use crate::planning::dto::RecentObjectives;
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
    pub latest_objectives: RecentObjectives,
    pub practice: Practice,
}

/// The statement, with the practice columns `practice`.
fn statement(practice: &str) -> String {
    format!(
        "SELECT u.first_name, u.time_zone, \
           (SELECT hidden_at FROM streak_preferences WHERE user_id = $1), \
           CAST(CASE WHEN EXISTS ({PAID}) THEN 1 ELSE 0 END AS BIGINT), \
           (SELECT t.focus_text FROM teams t JOIN team_members m ON m.team_id = t.id \
             WHERE m.user_id = $1 LIMIT 1), \
           v.q1, v.q2, v.q3, v.q4, v.q5, v.q6, v.q7, v.q8, v.q9, \
           d.q1, d.q2, d.q3, d.q4, d.q5, d.q6, \
           w.q6, w.q7, w.q8, w.q9, w.q10, w.q11, {practice} \
         FROM users u LEFT JOIN athletic_visions v ON v.user_id = u.id \
         LEFT JOIN practice_summary s ON s.user_id = u.id \
         LEFT JOIN (SELECT q1, q2, q3, q4, q5, q6 FROM daily_actions WHERE user_id = $1 \
           ORDER BY created_at DESC, id DESC LIMIT 1) d ON 1 = 1 \
         LEFT JOIN (SELECT q6, q7, q8, q9, q10, q11 FROM weekly_maps WHERE user_id = $1 \
           ORDER BY created_at DESC, id DESC LIMIT 1) w ON 1 = 1 \
         WHERE u.id = $1"
    )
}

/// The statement: one round trip on PostgreSQL, one step on SQLite's reader.
static SQL: LazyLock<String> = LazyLock::new(|| statement(recent::COLUMNS));

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
            latest_objectives: RecentObjectives {
                daily_objectives: plan_at(row, 5 + STEPS)?.map(Into::into),
                weekly_map: plan_at(row, 5 + STEPS + 6)?.map(Into::into),
            },
            practice: Practice {
                summary_zone: row.col(PRACTICE)?,
                days: row.col(PRACTICE + 1)?,
                rest: row.col(PRACTICE + 2)?,
                latest: row.col(PRACTICE + 3)?,
                practised_ever: row.col::<i64>(PRACTICE + 4)? == 1,
            },
        })
    }
}

/// The first of the practice columns, after the facts' and the two plans' six answers each.
const PRACTICE: usize = 5 + STEPS + 12;

/// The six answers of a plan from column `first` on; `None` when there is no such entry.
fn plan_at(row: &impl Row, first: usize) -> sqlx::Result<Option<[String; 6]>> {
    let mut plan: [String; 6] = Default::default();
    for (i, answer) in plan.iter_mut().enumerate() {
        match row.col::<Option<String>>(first + i)? {
            Some(text) => *answer = text,
            None => return Ok(None),
        }
    }
    Ok(Some(plan))
}

/// The facts of `user_id` at `now`; `None` when the account no longer exists.
pub(crate) async fn of<'c>(
    conn: impl Into<Reads<'c>>,
    user_id: &str,
    now: DateTime<Utc>,
) -> sqlx::Result<Option<Facts>> {
    let window = Window::at(now);
    let now = now.timestamp_millis();
    let args = [user_id.into(), now.into(), (&window.first_day).into()];
    let mut reads = conn.into();
    let Some(mut facts) = reads.first::<Facts>(&SQL, &args).await? else {
        return Ok(None);
    };
    facts
        .practice
        .complete(&mut reads, user_id, &window, now)
        .await?;
    Ok(Some(facts))
}
