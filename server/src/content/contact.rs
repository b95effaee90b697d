//! A message sent through the public contact form (SPEC §3, §5), validated once at the edge.
//!
//! The body's fields are read loosely so that a missing or wrong field gets a sentence naming
//! it, not a parser's wording.

use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::domain::Email;
use crate::error::AppError;
use crate::http::json::WireBody;

pub(crate) const MAX_NAME_CHARS: usize = 100;
pub(crate) const MAX_SUBJECT_CHARS: usize = 200;
pub(crate) const MAX_MESSAGE_CHARS: usize = 5_000;

/// A contact message ready to store and forward.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ContactMessage {
    pub name: String,
    pub email: Email,
    pub subject: String,
    pub message: String,
}

/// A contact message (SPEC §3): every field is required.
#[derive(Deserialize, ToSchema)]
pub(crate) struct ContactMessageBody {
    /// Up to 100 characters.
    #[schema(value_type = String, required = true)]
    pub name: Option<Value>,
    /// The address the operator replies to.
    #[schema(value_type = String, required = true)]
    pub email: Option<Value>,
    /// Up to 200 characters, one line.
    #[schema(value_type = String, required = true)]
    pub subject: Option<Value>,
    /// Up to 5,000 characters.
    #[schema(value_type = String, required = true)]
    pub message: Option<Value>,
}

impl WireBody for ContactMessageBody {
    const NOT_AN_OBJECT: &'static str =
        "Send the message as a JSON object with name, email, subject and message.";
}

impl TryFrom<ContactMessageBody> for ContactMessage {
    type Error = AppError;

    fn try_from(body: ContactMessageBody) -> Result<Self, AppError> {
        let name = text(body.name.as_ref(), "Name", MAX_NAME_CHARS, false)?;
        let email = match &body.email {
            None | Some(Value::Null) => Email::parse("")?,
            Some(Value::String(s)) => Email::parse(s)?,
            Some(_) => return Err(AppError::bad_request("Email must be text.")),
        };
        let subject = text(body.subject.as_ref(), "Subject", MAX_SUBJECT_CHARS, false)?;
        let message = text(body.message.as_ref(), "Message", MAX_MESSAGE_CHARS, true)?;
        Ok(Self {
            name,
            email,
            subject,
            message,
        })
    }
}

/// A required, trimmed text field of at most `max` characters. Only `multiline` fields may hold
/// line breaks and tabs; no field may hold other control characters.
fn text(raw: Option<&Value>, label: &str, max: usize, multiline: bool) -> Result<String, AppError> {
    let value = match raw {
        None | Some(Value::Null) => "",
        Some(Value::String(s)) => s.trim(),
        Some(_) => return Err(AppError::bad_request(format!("{label} must be text."))),
    };
    if value.is_empty() {
        return Err(AppError::bad_request(format!(
            "{label} is required: please fill it in."
        )));
    }
    if value.chars().count() > max {
        return Err(AppError::bad_request(format!(
            "{label} is too long: keep it to {max} characters or fewer."
        )));
    }
    let allowed = |c: char| multiline && matches!(c, '\n' | '\r' | '\t');
    if value.chars().any(|c| c.is_control() && !allowed(c)) {
        return Err(AppError::bad_request(format!(
            "{label} contains characters that cannot be sent; please remove them."
        )));
    }
    Ok(value.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    impl ContactMessage {
        fn parse(body: &Value) -> Result<Self, AppError> {
            Self::try_from(ContactMessageBody::from_value(body.clone())?)
        }
    }

    fn valid() -> Value {
        json!({ "name": "Ann", "email": "Ann@Example.com", "subject": "Hi", "message": "Line 1\nLine 2" })
    }

    #[test]
    fn a_complete_message_is_trimmed_and_its_email_lower_cased() {
        let mut body = valid();
        body["name"] = json!("  Ann  ");
        let m = ContactMessage::parse(&body).unwrap();
        assert_eq!(m.name, "Ann");
        assert_eq!(m.email.as_str(), "ann@example.com");
        assert_eq!(m.message, "Line 1\nLine 2");
    }

    #[test]
    fn a_subject_may_not_break_lines() {
        let mut body = valid();
        body["subject"] = json!("Hi\nBcc: x@y.z");
        assert!(ContactMessage::parse(&body).is_err());
    }
}
