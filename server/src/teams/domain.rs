//! The validated values of teams: a member's role, the team's name and a removal reason.

use std::fmt;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::AppError;

/// A member's role in a team (SPEC §3). `pending_admin` is a member the admin asked to become
/// co-admin, until they accept (DESIGN §4); until then they have a member's rights.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TeamRole {
    Admin,
    PendingAdmin,
    Member,
}

impl TeamRole {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Admin => "admin",
            Self::PendingAdmin => "pending_admin",
            Self::Member => "member",
        }
    }

    /// Reads a stored role; anything unknown has no more than a member's rights.
    pub(crate) fn from_stored(raw: &str) -> Self {
        match raw {
            "admin" => Self::Admin,
            "pending_admin" => Self::PendingAdmin,
            _ => Self::Member,
        }
    }
}

impl From<String> for TeamRole {
    fn from(stored: String) -> Self {
        Self::from_stored(&stored)
    }
}

impl fmt::Display for TeamRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A team's name: trimmed, 3 to 60 characters, no control characters (SPEC §5: at least 3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamName(String);

impl TeamName {
    pub(crate) const MIN_LEN: usize = 3;
    pub(crate) const MAX_LEN: usize = 60;

    pub fn parse(raw: &str) -> Result<Self, AppError> {
        let value = raw.trim();
        let len = value.chars().count();
        if len == 0 {
            return Err(AppError::bad_request("Team name is required."));
        }
        if len < Self::MIN_LEN {
            return Err(AppError::bad_request(format!(
                "Team name must be at least {} characters.",
                Self::MIN_LEN
            )));
        }
        if len > Self::MAX_LEN {
            return Err(AppError::bad_request(format!(
                "Team name must be {} characters or fewer.",
                Self::MAX_LEN
            )));
        }
        if value.chars().any(char::is_control) {
            return Err(AppError::bad_request(
                "Team name cannot contain line breaks or other control characters.",
            ));
        }
        Ok(Self(value.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Why an admin removed a member; it is e-mailed to them, so it is required and bounded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemovalReason(String);

impl RemovalReason {
    pub(crate) const MAX_LEN: usize = 500;

    pub fn parse(raw: &str) -> Result<Self, AppError> {
        let value = raw.trim();
        if value.is_empty() {
            return Err(AppError::bad_request(
                "Give a reason for removing this member; it is sent to them by e-mail.",
            ));
        }
        if value.chars().count() > Self::MAX_LEN {
            return Err(AppError::bad_request(format!(
                "Keep the reason to {} characters or fewer.",
                Self::MAX_LEN
            )));
        }
        Ok(Self(value.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_round_trip_and_unknown_ones_are_members() {
        for role in [TeamRole::Admin, TeamRole::PendingAdmin, TeamRole::Member] {
            assert_eq!(TeamRole::from_stored(role.as_str()), role);
        }
        assert_eq!(TeamRole::from_stored("owner"), TeamRole::Member);
        assert_eq!(
            serde_json::to_value(TeamRole::PendingAdmin).unwrap(),
            "pending_admin"
        );
    }

    #[test]
    fn team_names_are_trimmed_and_between_3_and_60_characters() {
        assert_eq!(TeamName::parse("  Eagles ").unwrap().as_str(), "Eagles");
        assert_eq!(TeamName::parse("Élan").unwrap().as_str(), "Élan");
        assert_eq!(
            TeamName::parse("   ").unwrap_err().to_string(),
            "Team name is required."
        );
        assert_eq!(
            TeamName::parse(" ab ").unwrap_err().to_string(),
            "Team name must be at least 3 characters."
        );
        assert!(TeamName::parse(&"é".repeat(60)).is_ok());
        assert_eq!(
            TeamName::parse(&"x".repeat(61)).unwrap_err().to_string(),
            "Team name must be 60 characters or fewer."
        );
        assert!(TeamName::parse("Two\nlines").is_err());
    }

    #[test]
    fn a_removal_reason_is_required_and_bounded() {
        assert_eq!(
            RemovalReason::parse(" Left the club ").unwrap().as_str(),
            "Left the club"
        );
        assert!(RemovalReason::parse("  ").is_err());
        assert!(RemovalReason::parse(&"x".repeat(500)).is_ok());
        assert!(RemovalReason::parse(&"x".repeat(501)).is_err());
    }
}
