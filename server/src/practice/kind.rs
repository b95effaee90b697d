//! What an athlete can practise.

use std::fmt;

/// One kind of practice event; stored by its [`PracticeKind::as_str`] name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PracticeKind {
    /// Played back the Athletic Vision (bedtime routine, step 1).
    VisionListened,
    /// Finished the 4-7-8 breathing exercise.
    BreathingDone,
    /// Saved a daily action (review today, plan tomorrow).
    DailyActionSaved,
    /// Saved a weekly map.
    WeeklyMapSaved,
    /// Saved the day's first morning check-in (saving it again that day records nothing more).
    CheckinSaved,
    /// Tapped "Done" on a reminder or a coach's note (recorded once per notification).
    MarkedDone,
}

impl PracticeKind {
    pub(crate) const ALL: [Self; 6] = [
        Self::VisionListened,
        Self::BreathingDone,
        Self::DailyActionSaved,
        Self::WeeklyMapSaved,
        Self::CheckinSaved,
        Self::MarkedDone,
    ];

    /// The kinds the web app records directly; planning saves and check-ins record their own.
    pub(crate) const RECORDABLE: [Self; 2] = [Self::VisionListened, Self::BreathingDone];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::VisionListened => "vision_listened",
            Self::BreathingDone => "breathing_done",
            Self::DailyActionSaved => "daily_action_saved",
            Self::WeeklyMapSaved => "weekly_map_saved",
            Self::CheckinSaved => "checkin_saved",
            Self::MarkedDone => "marked_done",
        }
    }

    pub(crate) fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == name)
    }
}

impl fmt::Display for PracticeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back_from_its_stored_name() {
        for kind in PracticeKind::ALL {
            assert_eq!(PracticeKind::from_name(kind.as_str()), Some(kind));
        }
        assert_eq!(PracticeKind::from_name("napping"), None);
    }
}
