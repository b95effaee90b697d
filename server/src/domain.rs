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

    /// Parses `raw` by Supabase Auth's rule (GoTrue's `validateEmail`): present, at most 255
    /// bytes, and of the `checkmail` format: a local part of letters, digits and
    /// ``.!#$%&'*+/=?^_`{|}~-``, then `@` and dot-separated labels of letters, digits and inner
    /// hyphens (1 to 63 characters each). Lower-cased, not trimmed, as GoTrue keeps it.
    pub(crate) fn parse_gotrue(raw: &str) -> Result<Self, AddressRefusal> {
        if raw.is_empty() {
            return Err(AddressRefusal::Missing);
        }
        if raw.len() > 255 {
            return Err(AddressRefusal::TooLong);
        }
        let (local, domain) = raw.split_once('@').ok_or(AddressRefusal::Format)?;
        let local_ok = !local.is_empty()
            && local
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || ".!#$%&'*+/=?^_`{|}~-".contains(c));
        let label_ok = |label: &str| {
            let bytes = label.as_bytes();
            (1..=63).contains(&bytes.len())
                && bytes[0].is_ascii_alphanumeric()
                && bytes[bytes.len() - 1].is_ascii_alphanumeric()
                && bytes
                    .iter()
                    .all(|b| b.is_ascii_alphanumeric() || *b == b'-')
        };
        if !local_ok || !domain.split('.').all(label_ok) {
            return Err(AddressRefusal::Format);
        }
        Ok(Self(raw.to_lowercase()))
    }
}

/// Why Supabase Auth refuses an address (see [`Email::parse_gotrue`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AddressRefusal {
    Missing,
    TooLong,
    Format,
}

impl AddressRefusal {
    /// GoTrue's words for it (a 400 `validation_failed`).
    pub(crate) fn message(self) -> &'static str {
        match self {
            Self::Missing => "An email address is required",
            Self::TooLong => "An email address is too long",
            Self::Format => "Unable to validate email address: invalid format",
        }
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
    fn addresses_are_refused_as_supabase_auth_refuses_them() {
        assert_eq!(
            Email::parse_gotrue("Jane.O'Neil+x@Mail-1.Example.COM")
                .unwrap()
                .as_str(),
            "jane.o'neil+x@mail-1.example.com"
        );
        assert!(Email::parse_gotrue("root@localhost").is_ok());
        assert_eq!(
            Email::parse_gotrue("").unwrap_err(),
            AddressRefusal::Missing
        );
        let long = format!("{}@example.com", "a".repeat(250));
        assert_eq!(
            Email::parse_gotrue(&long).unwrap_err(),
            AddressRefusal::TooLong
        );
        for bad in [
            "xx:;x@x.x",
            " jane@x.co",
            "jane@x.co ",
            "jane",
            "jane@",
            "@x.co",
            "a@b@c.co",
            "a@-x.co",
            "a@x-.co",
            "a@x..co",
            "a@x.co.",
            "jané@x.co",
            "a\u{0}b@x.co",
        ] {
            assert_eq!(
                Email::parse_gotrue(bad).unwrap_err(),
                AddressRefusal::Format,
                "{bad:?}"
            );
        }
        let label = "a".repeat(63);
        assert!(Email::parse_gotrue(&format!("a@{label}.co")).is_ok());
        assert!(Email::parse_gotrue(&format!("a@{label}a.co")).is_err());
    }

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
