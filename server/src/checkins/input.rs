//! A check-in as saved: five ratings from 1 to 5 and an optional note, validated once at the
//! edge with messages that name the measure.

use serde_json::Value;

use super::dto::CheckinBody;
use crate::error::AppError;

/// Longest note kept, in characters.
pub(crate) const MAX_NOTE_CHARS: usize = 500;

/// A rating from 1 to 5. Accepts a whole number or its digits as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score(i64);

impl Score {
    /// Parses a required rating; `name` is the measure ("sleep").
    pub(crate) fn required(raw: Option<&Value>, name: &str) -> Result<Self, AppError> {
        let out_of_range =
            || AppError::bad_request(format!("{name} must be a whole number from 1 to 5."));
        let n = match raw {
            None | Some(Value::Null) => {
                return Err(AppError::bad_request(format!(
                    "Please rate {name} from 1 to 5 before saving."
                )))
            }
            Some(Value::String(s)) => s.trim().parse::<i64>().map_err(|_| out_of_range())?,
            Some(Value::Number(n)) => n.as_i64().ok_or_else(out_of_range)?,
            Some(_) => return Err(out_of_range()),
        };
        if (1..=5).contains(&n) {
            Ok(Self(n))
        } else {
            Err(out_of_range())
        }
    }

    pub fn value(self) -> i64 {
        self.0
    }
}

/// The optional note: trimmed, at most [`MAX_NOTE_CHARS`], `None` when blank; kept as text.
pub(crate) fn note(raw: Option<&Value>) -> Result<Option<String>, AppError> {
    let text = match raw {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) => s.trim(),
        Some(_) => return Err(AppError::bad_request("note must be text.")),
    };
    if text.is_empty() {
        return Ok(None);
    }
    if text.chars().count() > MAX_NOTE_CHARS {
        return Err(AppError::bad_request(format!(
            "note is too long: keep it to {MAX_NOTE_CHARS} characters."
        )));
    }
    Ok(Some(text.to_owned()))
}

/// A check-in ready to save.
#[derive(Clone, Debug)]
pub struct CheckinInput {
    pub sleep: Score,
    pub energy: Score,
    pub mood: Score,
    pub stress: Score,
    pub confidence: Score,
    pub note: Option<String>,
}

impl TryFrom<CheckinBody> for CheckinInput {
    type Error = AppError;

    fn try_from(body: CheckinBody) -> Result<Self, AppError> {
        Ok(Self {
            sleep: Score::required(body.sleep.as_ref(), "sleep")?,
            energy: Score::required(body.energy.as_ref(), "energy")?,
            mood: Score::required(body.mood.as_ref(), "mood")?,
            stress: Score::required(body.stress.as_ref(), "stress")?,
            confidence: Score::required(body.confidence.as_ref(), "confidence")?,
            note: note(body.note.as_ref())?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn scores_are_whole_numbers_from_one_to_five() {
        assert_eq!(
            Score::required(Some(&json!(1)), "sleep").unwrap().value(),
            1
        );
        assert_eq!(
            Score::required(Some(&json!(" 5 ")), "sleep")
                .unwrap()
                .value(),
            5
        );
        for bad in [
            json!(0),
            json!(6),
            json!(2.5),
            json!("four"),
            json!(true),
            json!(""),
        ] {
            assert_eq!(
                Score::required(Some(&bad), "sleep")
                    .unwrap_err()
                    .to_string(),
                "sleep must be a whole number from 1 to 5.",
                "{bad}"
            );
        }
        assert_eq!(
            Score::required(None, "mood").unwrap_err().to_string(),
            "Please rate mood from 1 to 5 before saving."
        );
    }

    #[test]
    fn notes_are_optional_trimmed_and_bounded() {
        assert_eq!(note(None).unwrap(), None);
        assert_eq!(note(Some(&json!("   "))).unwrap(), None);
        assert_eq!(
            note(Some(&json!("  slept badly <b>x</b> ")))
                .unwrap()
                .as_deref(),
            Some("slept badly <b>x</b>")
        );
        assert!(note(Some(&json!("é".repeat(500)))).is_ok());
        assert_eq!(
            note(Some(&json!("é".repeat(501)))).unwrap_err().to_string(),
            "note is too long: keep it to 500 characters."
        );
        assert_eq!(
            note(Some(&json!(7))).unwrap_err().to_string(),
            "note must be text."
        );
    }
}
