//! Validated pieces of a vision.

use crate::error::AppError;

pub(crate) const STEPS: usize = 9;
pub(crate) const MAX_ANSWER_CHARS: usize = 10_000;

/// A step number, 1 to 9.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step(usize);

impl Step {
    pub fn parse(raw: &str) -> Result<Self, AppError> {
        match raw.trim().parse::<usize>() {
            Ok(n) if (1..=STEPS).contains(&n) => Ok(Self(n)),
            _ => Err(AppError::bad_request(format!(
                "The step must be a number from 1 to {STEPS}, not {:?}.",
                raw.chars().take(20).collect::<String>()
            ))),
        }
    }

    pub fn number(self) -> usize {
        self.0
    }

    /// The storage column of this step's answer (`q1`..`q9`).
    pub fn column(self) -> String {
        format!("q{}", self.0)
    }
}

/// One answer: trimmed, not empty, at most 10,000 characters, stored and shown verbatim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer(String);

impl Answer {
    pub fn parse(raw: Option<&str>, step: usize) -> Result<Self, AppError> {
        let text = raw.unwrap_or("").trim();
        if text.is_empty() {
            return Err(AppError::bad_request(format!(
                "Please answer question {step} before saving."
            )));
        }
        if text.chars().count() > MAX_ANSWER_CHARS {
            return Err(AppError::bad_request(format!(
                "Answer {step} is too long: keep it under 10,000 characters."
            )));
        }
        Ok(Self(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub(crate) fn into_string(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_one_to_nine() {
        assert_eq!(Step::parse("9").unwrap().column(), "q9");
        for bad in ["0", "10", "-1", "two", ""] {
            assert!(Step::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn answers_are_trimmed_required_and_bounded() {
        assert_eq!(
            Answer::parse(Some("  I lead.  "), 1).unwrap().as_str(),
            "I lead."
        );
        assert_eq!(
            Answer::parse(Some("   "), 4).unwrap_err().to_string(),
            "Please answer question 4 before saving."
        );
        assert!(Answer::parse(Some(&"é".repeat(10_000)), 2).is_ok());
        assert!(Answer::parse(Some(&"é".repeat(10_001)), 2).is_err());
    }
}
