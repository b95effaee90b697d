//! Where a notification goes: as a push message to the member's devices, by e-mail, or both.

use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::error::AppError;

/// A member's choice for one kind of notification: `push` (a notification on each device that
/// turned them on, by e-mail when there is none or none takes it), `email` or `both`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    /// To every subscribed device; by e-mail when there is none, or when none takes it.
    Push,
    Email,
    Both,
}

/// How one notification goes out, given the member's devices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Route {
    pub push: bool,
    pub email: bool,
    /// Mail it after all if no device takes the push message.
    pub fallback: bool,
}

impl Channel {
    pub const DEFAULT: Self = Self::Push;

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Push => "push",
            Self::Email => "email",
            Self::Both => "both",
        }
    }

    /// A stored name; an unknown one (written by a newer build) reads as the default.
    pub fn stored(name: &str) -> Self {
        Self::from_name(name).unwrap_or(Self::DEFAULT)
    }

    fn from_name(name: &str) -> Option<Self> {
        [Self::Push, Self::Email, Self::Both]
            .into_iter()
            .find(|c| c.as_str() == name)
    }

    /// Reads the field `name` of a request: `None` when left out.
    pub fn parse(raw: Option<&Value>, name: &str) -> Result<Option<Self>, AppError> {
        match raw {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Self::from_name(s.trim()).map(Some).ok_or_else(|| {
                AppError::bad_request(format!(
                    "{name} must be \"push\" (notifications on your devices), \"email\" or \"both\"."
                ))
            }),
            Some(_) => Err(AppError::bad_request(format!(
                "{name} must be \"push\", \"email\" or \"both\"."
            ))),
        }
    }

    /// The way out for a member with `devices` subscribed devices.
    pub fn route(self, devices: usize) -> Route {
        let has_devices = devices > 0;
        match self {
            Self::Email => Route {
                push: false,
                email: true,
                fallback: false,
            },
            Self::Both => Route {
                push: has_devices,
                email: true,
                fallback: false,
            },
            Self::Push => Route {
                push: has_devices,
                email: !has_devices,
                fallback: has_devices,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn push_falls_back_to_email_without_devices() {
        assert_eq!(
            Channel::Push.route(0),
            Route {
                push: false,
                email: true,
                fallback: false
            }
        );
        assert_eq!(
            Channel::Push.route(2),
            Route {
                push: true,
                email: false,
                fallback: true
            }
        );
        assert!(Channel::Both.route(1).push && Channel::Both.route(1).email);
        assert!(!Channel::Email.route(3).push);
    }

    #[test]
    fn a_channel_is_one_of_three_words() {
        assert_eq!(
            Channel::parse(Some(&json!("both")), "c").unwrap(),
            Some(Channel::Both)
        );
        assert_eq!(Channel::parse(None, "c").unwrap(), None);
        assert_eq!(
            Channel::parse(Some(&json!("sms")), "dailyReminderChannel")
                .unwrap_err()
                .to_string(),
            "dailyReminderChannel must be \"push\" (notifications on your devices), \"email\" or \"both\"."
        );
        assert!(Channel::parse(Some(&json!(1)), "c").is_err());
        assert_eq!(Channel::stored("pigeon"), Channel::Push);
    }
}
