//! The answers of a daily action and a weekly map, validated once at the edge.
//!
//! Bodies are read as loose JSON values so that a wrong type ("seven" for a rating, a number for
//! a text) gets a sentence naming the question, not a parser's wording.

use serde_json::Value;

use crate::error::AppError;

/// Longest answer kept, in characters.
pub(crate) const MAX_TEXT_CHARS: usize = 5_000;

/// One written answer: trimmed, at most [`MAX_TEXT_CHARS`], shown verbatim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanText(String);

impl PlanText {
    /// Parses a required answer; `label` names the question for the person ("Today's wins").
    pub fn required(raw: Option<&Value>, label: &str) -> Result<Self, AppError> {
        Self::optional(raw, label)?
            .ok_or_else(|| AppError::bad_request(format!("Please answer '{label}' before saving.")))
    }

    /// Parses an answer that may be left blank (`None` when blank or absent).
    pub(crate) fn optional(raw: Option<&Value>, label: &str) -> Result<Option<Self>, AppError> {
        let text = match raw {
            None | Some(Value::Null) => return Ok(None),
            Some(Value::String(s)) => s.trim(),
            Some(_) => return Err(AppError::bad_request(format!("'{label}' must be text."))),
        };
        if text.is_empty() {
            return Ok(None);
        }
        if text.chars().count() > MAX_TEXT_CHARS {
            return Err(AppError::bad_request(format!(
                "'{label}' is too long: keep it under {} characters.",
                "5,000"
            )));
        }
        Ok(Some(Self(text.to_owned())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub(crate) fn into_string(self) -> String {
        self.0
    }
}

/// A self-rating from 1 to 10. Accepts a whole number or its digits as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rating(i64);

impl Rating {
    pub fn required(raw: Option<&Value>, label: &str) -> Result<Self, AppError> {
        Self::optional(raw, label)?.ok_or_else(|| {
            AppError::bad_request(format!("Please rate '{label}' from 1 to 10 before saving."))
        })
    }

    pub(crate) fn optional(raw: Option<&Value>, label: &str) -> Result<Option<Self>, AppError> {
        let out_of_range =
            || AppError::bad_request(format!("'{label}' must be a whole number from 1 to 10."));
        let n = match raw {
            None | Some(Value::Null) => return Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
            Some(Value::String(s)) => s.trim().parse::<i64>().map_err(|_| out_of_range())?,
            Some(Value::Number(n)) => n.as_i64().ok_or_else(out_of_range)?,
            Some(_) => return Err(out_of_range()),
        };
        if (1..=10).contains(&n) {
            Ok(Some(Self(n)))
        } else {
            Err(out_of_range())
        }
    }

    pub fn value(self) -> i64 {
        self.0
    }
}

/// Reads a yes/no flag; absent means no.
pub(crate) fn flag(raw: Option<&Value>, label: &str) -> Result<bool, AppError> {
    match raw {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(AppError::bad_request(format!(
            "'{label}' must be true or false."
        ))),
    }
}

/// The request body as an object, or a 400 saying what was expected.
pub fn object(body: &Value) -> Result<&serde_json::Map<String, Value>, AppError> {
    body.as_object().ok_or_else(|| {
        AppError::bad_request("Send the answers as a JSON object, for example {\"q1\": \"…\"}.")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn texts_are_trimmed_bounded_and_named_in_errors() {
        let v = json!("  Won every sprint.  ");
        assert_eq!(
            PlanText::required(Some(&v), "Today's wins")
                .unwrap()
                .as_str(),
            "Won every sprint."
        );
        assert_eq!(
            PlanText::required(Some(&json!("  ")), "Today's wins")
                .unwrap_err()
                .to_string(),
            "Please answer 'Today's wins' before saving."
        );
        assert_eq!(
            PlanText::required(Some(&json!(7)), "Mind")
                .unwrap_err()
                .to_string(),
            "'Mind' must be text."
        );
        assert!(PlanText::required(Some(&json!("é".repeat(5_000))), "x").is_ok());
        assert!(PlanText::required(Some(&json!("é".repeat(5_001))), "x").is_err());
        assert_eq!(PlanText::optional(None, "x").unwrap(), None);
    }

    #[test]
    fn ratings_are_whole_numbers_from_one_to_ten() {
        assert_eq!(Rating::required(Some(&json!(7)), "r").unwrap().value(), 7);
        assert_eq!(
            Rating::required(Some(&json!("10")), "r").unwrap().value(),
            10
        );
        for bad in [json!(0), json!(11), json!(7.5), json!("seven"), json!(true)] {
            assert_eq!(
                Rating::required(Some(&bad), "How present I was")
                    .unwrap_err()
                    .to_string(),
                "'How present I was' must be a whole number from 1 to 10.",
                "{bad}"
            );
        }
        assert!(Rating::required(None, "r").is_err());
        assert_eq!(Rating::optional(Some(&json!("")), "r").unwrap(), None);
    }
}
