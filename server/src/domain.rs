//! Validated values shared by several capabilities. Each is parsed once at the edge and trusted
//! after that.

use std::fmt;

use crate::error::AppError;

/// An e-mail address: trimmed, lower-cased, `something@something.something` without spaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub(crate) const MAX_LEN: usize = 254;

    /// Parses `raw`; `None` when it is not a usable address.
    pub(crate) fn try_parse(raw: &str) -> Option<Self> {
        let value = raw.trim().to_lowercase();
        if value.is_empty()
            || value.len() > Self::MAX_LEN
            || value.chars().any(|c| c.is_whitespace() || c.is_control())
        {
            return None;
        }
        let (local, domain) = value.split_once('@')?;
        if local.is_empty() || domain.contains('@') {
            return None;
        }
        let (host, tld) = domain.rsplit_once('.')?;
        if host.is_empty() || tld.is_empty() {
            return None;
        }
        Some(Self(value))
    }

    /// Parses with the profile form's messages (SPEC §5).
    pub fn parse(raw: &str) -> Result<Self, AppError> {
        if raw.trim().is_empty() {
            return Err(AppError::bad_request("Email is required"));
        }
        Self::try_parse(raw)
            .ok_or_else(|| AppError::bad_request("Please enter a valid email address"))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Whether `key`, an id from a path or query, can name a stored row at all. PostgreSQL's text
/// cannot hold U+0000, so a key with one names nothing, and binding it would fail the query.
pub(crate) fn can_name_a_row(key: &str) -> bool {
    !key.contains('\0')
}

/// A person's name part: trimmed, at most 100 characters, no control characters.
pub(crate) fn name_part(raw: &str, label: &str, required: bool) -> Result<String, AppError> {
    let value = raw.trim();
    if required && value.is_empty() {
        return Err(AppError::bad_request(format!("{label} is required")));
    }
    if value.chars().count() > 100 {
        return Err(AppError::bad_request(format!(
            "{label} must be 100 characters or fewer"
        )));
    }
    if value.chars().any(char::is_control) {
        return Err(AppError::bad_request(format!(
            "{label} cannot contain control characters"
        )));
    }
    Ok(value.to_owned())
}

/// An IANA time zone such as `Europe/Paris`, in which an athlete's days are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeZone(chrono_tz::Tz);

impl TimeZone {
    pub const UTC: Self = Self(chrono_tz::UTC);

    pub fn parse(raw: &str) -> Result<Self, AppError> {
        let name = raw.trim();
        if name.is_empty() {
            return Err(AppError::bad_request(
                "Choose a time zone, for example America/Los_Angeles.",
            ));
        }
        name.parse::<chrono_tz::Tz>().map(Self).map_err(|_| {
            AppError::bad_request(format!(
                "{:?} is not a time zone we know: use a name such as America/Los_Angeles or Europe/Paris.",
                name.chars().take(60).collect::<String>()
            ))
        })
    }

    /// A stored name, or UTC when none is stored (or it is no longer known).
    pub(crate) fn stored_or_utc(stored: Option<&str>) -> Self {
        stored
            .and_then(|s| s.parse::<chrono_tz::Tz>().ok())
            .map_or(Self::UTC, Self)
    }

    pub(crate) fn tz(self) -> chrono_tz::Tz {
        self.0
    }

    pub fn name(self) -> &'static str {
        self.0.name()
    }
}

/// An amount of money in minor units (cents), as Stripe counts it; on the wire (and in OpenAPI,
/// with `#[schema(value_type = i64)]`), a whole number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(transparent)]
pub struct Cents(pub i64);

impl Cents {
    /// `$29.00` for US dollars, `29.00 EUR` otherwise.
    pub fn display(self, currency: &str) -> String {
        let major = format!("{}.{:02}", self.0 / 100, (self.0 % 100).abs());
        if currency.eq_ignore_ascii_case("usd") {
            format!("${major}")
        } else {
            format!("{major} {}", currency.to_uppercase())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_normalised_and_malformed_ones_refused() {
        assert_eq!(
            Email::try_parse("  Jane.Doe@Example.COM ")
                .unwrap()
                .as_str(),
            "jane.doe@example.com"
        );
        for bad in [
            "",
            "jane",
            "jane@",
            "@x.co",
            "jane@x",
            "ja ne@x.co",
            "a@b@c.co",
            "a@.co",
            "a@b.",
        ] {
            assert!(Email::try_parse(bad).is_none(), "{bad} should be refused");
        }
        assert_eq!(
            Email::parse(" ").unwrap_err().to_string(),
            "Email is required"
        );
        assert_eq!(
            Email::parse("nope").unwrap_err().to_string(),
            "Please enter a valid email address"
        );
    }

    #[test]
    fn time_zones_are_iana_names() {
        assert_eq!(
            TimeZone::parse(" Asia/Tokyo ").unwrap().name(),
            "Asia/Tokyo"
        );
        assert!(TimeZone::parse("Mars/Olympus").is_err());
        assert!(TimeZone::parse("").is_err());
        assert_eq!(TimeZone::stored_or_utc(None), TimeZone::UTC);
        assert_eq!(TimeZone::stored_or_utc(Some("nope")), TimeZone::UTC);
    }

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(name_part("  Ann ", "First name", true).unwrap(), "Ann");
        assert_eq!(
            name_part("  ", "First name", true).unwrap_err().to_string(),
            "First name is required"
        );
        assert_eq!(name_part("", "Last name", false).unwrap(), "");
        assert!(name_part(&"x".repeat(101), "Last name", false).is_err());
    }
}
