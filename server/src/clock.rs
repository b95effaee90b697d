//! The app's one source of "now". Production reads the system clock; tests (and the browser
//! tests' server, with `SWAZ_SETTABLE_CLOCK=true`) use a [`SettableClock`] they can move, so
//! streaks, expiries and renewals are tested without editing rows.

use std::sync::atomic::{AtomicI64, Ordering};

use chrono::{DateTime, Utc};

/// Where the app asks what time it is.
pub trait Clock: Send + Sync + 'static {
    fn now(&self) -> DateTime<Utc>;

    /// Milliseconds since the Unix epoch: the one time representation in storage.
    fn now_ms(&self) -> i64 {
        self.now().timestamp_millis()
    }

    /// Whole seconds since the Unix epoch (JWT claims).
    fn now_secs(&self) -> i64 {
        self.now().timestamp()
    }
}

/// The real time.
#[derive(Debug, Default)]
pub(crate) struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// The real time shifted by an offset the caller moves. Time keeps flowing (timeouts, busy waits
/// and token rotations behave as in production); only the reading jumps.
#[derive(Debug, Default)]
pub struct SettableClock {
    offset_ms: AtomicI64,
}

impl SettableClock {
    pub fn new() -> Self {
        Self::default()
    }

    /// Moves the clock forward (or back, with a negative duration).
    pub fn advance(&self, by: chrono::Duration) {
        self.offset_ms
            .fetch_add(by.num_milliseconds(), Ordering::SeqCst);
    }

    /// Makes the clock read `at` now; it flows on from there.
    pub fn set(&self, at: DateTime<Utc>) {
        let offset = at.timestamp_millis() - Utc::now().timestamp_millis();
        self.offset_ms.store(offset, Ordering::SeqCst);
    }
}

impl Clock for SettableClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now() + chrono::Duration::milliseconds(self.offset_ms.load(Ordering::SeqCst))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_settable_clock_jumps_where_it_is_told_and_flows_from_there() {
        let clock = SettableClock::new();
        let at = DateTime::parse_from_rfc3339("2027-03-14T09:30:00Z")
            .unwrap()
            .with_timezone(&Utc);
        clock.set(at);
        let read = clock.now();
        assert!(read >= at && read - at < chrono::Duration::seconds(5));
        clock.advance(chrono::Duration::days(2));
        let later = clock.now();
        assert!(later - at >= chrono::Duration::days(2));
        assert!(later - at < chrono::Duration::days(2) + chrono::Duration::seconds(5));
    }
}
