//! The Monday summary: at 08:00 on Monday in each team admin's own time zone, an e-mail with the
//! board's figures, unless the admin turned it off in the notification settings. The reminder
//! scheduler sends it, exactly once per admin, team and Monday.

use chrono::{DateTime, Datelike, Days, NaiveDate, Utc, Weekday};
use chrono_tz::Tz;
use sqlx::AnyConnection;

use super::team_board::{Board, BoardAthlete};
use crate::domain::TimeZone;
use crate::mail::{templates, Message};

/// When on Monday the summary goes out, in the admin's zone.
pub(crate) const SUMMARY_HOUR: u32 = 8;

/// What names a summary in the scheduler's occasions.
pub(crate) const KIND: &str = "coach_summary";

/// An admin of a team, with what the summary needs.
pub(crate) struct Coach {
    pub user_id: String,
    pub email: String,
    pub first_name: String,
    pub team_id: String,
    pub team_name: String,
    pub tz: Tz,
}

#[derive(sqlx::FromRow)]
struct CoachRow {
    user_id: String,
    email: String,
    first_name: String,
    team_id: String,
    team_name: String,
    settings_zone: Option<String>,
    profile_zone: Option<String>,
}

/// Every admin who has not turned the summary off, in the zone of their notification settings
/// (or their profile's, or UTC).
pub(crate) async fn coaches(conn: &mut AnyConnection) -> sqlx::Result<Vec<Coach>> {
    let rows: Vec<CoachRow> = sqlx::query_as(
        "SELECT m.user_id, u.email, u.first_name, t.id AS team_id, t.name AS team_name, \
           n.time_zone AS settings_zone, u.time_zone AS profile_zone \
         FROM team_members m JOIN users u ON u.id = m.user_id JOIN teams t ON t.id = m.team_id \
         LEFT JOIN notification_settings n ON n.user_id = m.user_id \
         WHERE m.role = 'admin' AND (n.coach_summary IS NULL OR n.coach_summary <> 0) \
         ORDER BY m.user_id",
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| Coach {
            user_id: r.user_id,
            email: r.email,
            first_name: r.first_name,
            team_id: r.team_id,
            team_name: r.team_name,
            tz: TimeZone::stored_or_utc(r.settings_zone.or(r.profile_zone).as_deref()).tz(),
        })
        .collect())
}

/// The Monday whose summary is due at `now` in `tz` (from 08:00 for `late` after), with the
/// instant it was due.
pub(crate) fn due(
    tz: Tz,
    now: DateTime<Utc>,
    late: chrono::Duration,
) -> Option<(NaiveDate, DateTime<Utc>)> {
    let today = now.with_timezone(&tz).date_naive();
    [today.checked_sub_days(Days::new(1)), Some(today)]
        .into_iter()
        .flatten()
        .filter(|d| d.weekday() == Weekday::Mon)
        .map(|d| {
            let at = crate::reminders::schedule::local_instant(
                d,
                crate::reminders::settings::TimeOfDay::from_minutes(i64::from(SUMMARY_HOUR) * 60),
                tz,
            );
            (d, at)
        })
        .find(|(_, at)| *at <= now && now - *at < late)
}

/// The occasion's key: one summary per team and Monday.
pub(crate) fn key(coach: &Coach, monday: NaiveDate) -> String {
    format!("{}:{monday}", coach.team_id)
}

fn name(a: &BoardAthlete) -> String {
    format!("{} {}", a.first_name.trim(), a.last_name.trim())
        .trim()
        .to_owned()
}

/// One line per athlete: practice in the last 7 days, streak, check-ins, flags.
fn athlete_line(a: &BoardAthlete) -> String {
    let mut parts = Vec::new();
    match (a.practice_days7, a.streak_days) {
        (Some(days7), Some(streak)) => {
            parts.push(format!("practised {days7} of the last 7 days"));
            parts.push(format!(
                "streak {streak} day{}",
                if streak == 1 { "" } else { "s" }
            ));
        }
        _ => parts.push("keeps their practice private".to_owned()),
    }
    if let Some(n) = a.planned_toward_focus.filter(|n| *n > 0) {
        parts.push(format!(
            "planned toward the focus on {n} day{}",
            if n == 1 { "" } else { "s" }
        ));
    }
    if let Some(avg) = a.checkin.as_ref().and_then(|c| c.averages28.as_ref()) {
        parts.push(format!(
            "28-day check-in averages: sleep {}, energy {}, mood {}, stress {}, confidence {}",
            avg.sleep, avg.energy, avg.mood, avg.stress, avg.confidence
        ));
    }
    let flags: Vec<&str> = a.flags.iter().map(|f| f.label.as_str()).collect();
    let needs = if flags.is_empty() {
        String::new()
    } else {
        format!(" — needs a word: {}", flags.join("; "))
    };
    format!("{}: {}{needs}.", name(a), parts.join(", "))
}

/// The summary mail of `board` for `coach`.
pub(crate) fn message(coach: &Coach, board: &Board, base_url: &str) -> Message {
    let week = board
        .athletes
        .iter()
        .filter(|a| a.practice_days7.is_some_and(|n| n > 0))
        .count();
    let sharing = board.practised_today.of;
    let total = board.athletes.len();
    let mut paragraphs = vec![format!(
        "Here is {} on SWAZ this Monday morning. In the last 7 days {week} of {sharing} athletes who share their practice practised at least once{}.",
        coach.team_name,
        match total.saturating_sub(sharing as usize) {
            0 => String::new(),
            private => format!(
                " ({private} more keep{} their practice private)",
                if private == 1 { "s" } else { "" }
            ),
        }
    )];
    let flagged: Vec<&BoardAthlete> = board
        .athletes
        .iter()
        .filter(|a| !a.flags.is_empty())
        .collect();
    paragraphs.push(if flagged.is_empty() {
        "Nobody is flagged this week: no one has gone three days without practice, and no shared check-in has dipped.".to_owned()
    } else {
        format!(
            "Who needs a word: {}.",
            flagged
                .iter()
                .map(|a| format!(
                    "{} ({})",
                    name(a),
                    a.flags
                        .iter()
                        .map(|f| f.label.as_str())
                        .collect::<Vec<_>>()
                        .join("; ")
                ))
                .collect::<Vec<_>>()
                .join(", ")
        )
    });
    paragraphs.push(match &board.focus.text {
        Some(text) => format!("Last week's focus: \u{201c}{text}\u{201d}. Set this week's on the board."),
        None => "No team focus is set yet: set one on the board and every athlete sees it on their dashboard.".to_owned(),
    });
    if board.athletes.is_empty() {
        paragraphs.push("No athletes have joined yet: invite them from the team page.".to_owned());
    }
    paragraphs.extend(board.athletes.iter().map(athlete_line));
    paragraphs.push(format!(
        "You get this summary every Monday as an admin of {}. Turn it off in your notification settings: {base_url}/account/notification-settings",
        coach.team_name
    ));
    templates::coach_summary(
        &coach.email,
        &coach.first_name,
        &coach.team_name,
        &paragraphs,
        &format!("{base_url}/account/team-config/board"),
    )
}
