//! Practice sent after it happened (done offline): when it counts, within a bounded past.

use crate::error::{AppError, Result};

/// How long after it happened practice done offline may still be sent. Keep it well under the
/// coach board's 84-day calendar: what happened before that calendar is counted once and kept
/// (`coaching::board::StreakCache`).
pub(crate) const LATE_PRACTICE_DAYS: i64 = 7;

/// How far ahead of the server a device's clock may be.
const CLOCK_SKEW_MS: i64 = 5 * 60 * 1000;

/// When a practice sent now happened: `at`, or now.
pub(crate) fn happened_at(at: Option<&str>, now: i64) -> Result<i64> {
    let Some(raw) = at else { return Ok(now) };
    let at = chrono::DateTime::parse_from_rfc3339(raw.trim())
        .map_err(|_| {
            AppError::bad_request(
                "at must be the time the practice happened, written like 2026-11-25T21:30:00Z.",
            )
        })?
        .timestamp_millis();
    if at > now + CLOCK_SKEW_MS {
        return Err(AppError::bad_request(
            "at is in the future: check the date and time on your device.",
        ));
    }
    if at < now - LATE_PRACTICE_DAYS * 24 * 3600 * 1000 {
        return Err(AppError::bad_request(format!(
            "at is more than {LATE_PRACTICE_DAYS} days ago: practice can be sent up to {LATE_PRACTICE_DAYS} days after it happened."
        )));
    }
    Ok(at.min(now))
}
