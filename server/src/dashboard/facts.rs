//! The dashboard's small facts about the athlete, read in one round trip: whether they hid the
//! streak, whether they hold a membership, and their team's focus for the week.

use sqlx::AnyConnection;

use crate::billing::entitlements::PAID;

pub(crate) struct Facts {
    pub streak_hidden: bool,
    pub paid: bool,
    /// The week's focus the athlete's coach set for the team, while one is set.
    pub team_focus: Option<String>,
}

/// The facts of `user_id` at `now` (ms).
pub(crate) async fn of(conn: &mut AnyConnection, user_id: &str, now: i64) -> sqlx::Result<Facts> {
    let sql = format!(
        "SELECT (SELECT hidden_at FROM streak_preferences WHERE user_id = $1), \
           CAST(CASE WHEN EXISTS ({PAID}) THEN 1 ELSE 0 END AS BIGINT), \
           (SELECT t.focus_text FROM teams t JOIN team_members m ON m.team_id = t.id \
             WHERE m.user_id = $1 LIMIT 1)"
    );
    let (hidden_at, paid, team_focus): (Option<i64>, i64, Option<String>) = sqlx::query_as(&sql)
        .bind(user_id)
        .bind(now)
        .fetch_one(conn)
        .await?;
    Ok(Facts {
        streak_hidden: hidden_at.is_some(),
        paid: paid == 1,
        team_focus,
    })
}
