//! A daily action (review today, plan tomorrow) and a weekly map (review the week, plan the next),
//! as saved (DESIGN §5, SPEC §3).

use serde_json::Value;

use super::dto::{DailyActionBody, WeeklyMapBody};
use super::fields::{flag, PlanText, Rating};
use crate::error::AppError;
use crate::http::json::WireBody;

/// The questions of a daily action, in the wizard's order: key and the label errors name.
pub(crate) const DAILY_ACTION_QUESTIONS: [(&str, &str); 9] = [
    ("r1", "Today's wins"),
    ("r2", "What I learned today"),
    ("r3", "How present I was today"),
    ("q1", "Vision objective 1"),
    ("q2", "Vision objective 2"),
    ("q3", "Vision objective 3"),
    ("q4", "Mind"),
    ("q5", "Body"),
    ("q6", "Soul"),
];

/// The questions of a weekly map, in the wizard's order.
pub(crate) const WEEKLY_MAP_QUESTIONS: [(&str, &str); 11] = [
    ("q1", "This week's biggest win"),
    ("q2", "This week's lesson"),
    ("q3", "What I will do differently"),
    ("q4", "How closely I lived my vision"),
    ("q5", "What I am grateful for"),
    ("q6", "Vision objective 1"),
    ("q7", "Vision objective 2"),
    ("q8", "Vision objective 3"),
    ("q9", "Mind"),
    ("q10", "Body"),
    ("q11", "Soul"),
];

fn label(questions: &[(&str, &'static str)], key: &str) -> &'static str {
    questions
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, l)| *l)
        .expect("a known question key")
}

/// A daily action ready to save: every answer is required.
#[derive(Clone, Debug)]
pub struct DailyActionInput {
    pub wins: PlanText,
    pub learned: PlanText,
    pub presence: Rating,
    /// `q1`..`q6`: vision objectives 1–3, Mind, Body, Soul.
    pub plan: [PlanText; 6],
    /// The athlete says the plan works on their team's focus (`towardFocus`).
    pub toward_focus: bool,
}

impl DailyActionInput {
    /// Reads a body given as JSON (the API reads it with `ApiBody`).
    pub fn parse(body: &Value) -> Result<Self, AppError> {
        Self::try_from(DailyActionBody::from_value(body.clone())?)
    }
}

impl TryFrom<DailyActionBody> for DailyActionInput {
    type Error = AppError;

    fn try_from(body: DailyActionBody) -> Result<Self, AppError> {
        let q = &DAILY_ACTION_QUESTIONS;
        let text = |raw: &Option<Value>, key: &str| PlanText::required(raw.as_ref(), label(q, key));
        Ok(Self {
            wins: text(&body.r1, "r1")?,
            learned: text(&body.r2, "r2")?,
            presence: Rating::required(body.r3.as_ref(), label(q, "r3"))?,
            plan: [
                text(&body.q1, "q1")?,
                text(&body.q2, "q2")?,
                text(&body.q3, "q3")?,
                text(&body.q4, "q4")?,
                text(&body.q5, "q5")?,
                text(&body.q6, "q6")?,
            ],
            toward_focus: match &body.toward_focus {
                None | Some(Value::Null) => false,
                Some(Value::Bool(b)) => *b,
                Some(_) => {
                    return Err(AppError::bad_request(
                        "towardFocus must be true or false: does today's plan work on your team's focus?",
                    ))
                }
            },
        })
    }
}

/// The review half of a weekly map; every part may be blank on the athlete's first map.
#[derive(Clone, Debug, Default)]
pub struct WeeklyReview {
    pub win: Option<PlanText>,
    pub lesson: Option<PlanText>,
    pub differently: Option<PlanText>,
    pub lived_vision: Option<Rating>,
    pub gratitude: Option<PlanText>,
}

/// A weekly map ready to save.
#[derive(Clone, Debug)]
pub struct WeeklyMapInput {
    /// The athlete's first map: there is no past week to review.
    pub first: bool,
    pub review: WeeklyReview,
    /// `q6`..`q11`: vision objectives 1–3, Mind, Body, Soul.
    pub plan: [PlanText; 6],
}

impl WeeklyMapInput {
    /// Reads a body given as JSON (the API reads it with `ApiBody`).
    pub fn parse(body: &Value) -> Result<Self, AppError> {
        Self::try_from(WeeklyMapBody::from_value(body.clone())?)
    }
}

impl TryFrom<WeeklyMapBody> for WeeklyMapInput {
    type Error = AppError;

    fn try_from(body: WeeklyMapBody) -> Result<Self, AppError> {
        let q = &WEEKLY_MAP_QUESTIONS;
        let first = flag(body.first.as_ref(), "first")?;
        let review_text = |raw: &Option<Value>, key: &str| {
            if first {
                PlanText::optional(raw.as_ref(), label(q, key))
            } else {
                PlanText::required(raw.as_ref(), label(q, key)).map(Some)
            }
        };
        let review = WeeklyReview {
            win: review_text(&body.q1, "q1")?,
            lesson: review_text(&body.q2, "q2")?,
            differently: review_text(&body.q3, "q3")?,
            lived_vision: if first {
                Rating::optional(body.q4.as_ref(), label(q, "q4"))?
            } else {
                Some(Rating::required(body.q4.as_ref(), label(q, "q4"))?)
            },
            gratitude: review_text(&body.q5, "q5")?,
        };
        let text = |raw: &Option<Value>, key: &str| PlanText::required(raw.as_ref(), label(q, key));
        Ok(Self {
            first,
            review,
            plan: [
                text(&body.q6, "q6")?,
                text(&body.q7, "q7")?,
                text(&body.q8, "q8")?,
                text(&body.q9, "q9")?,
                text(&body.q10, "q10")?,
                text(&body.q11, "q11")?,
            ],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn daily() -> Value {
        json!({"r1": "Won", "r2": "Breathe", "r3": 8, "q1": "a", "q2": "b", "q3": "c",
               "q4": "read", "q5": "stretch", "q6": "call mum"})
    }

    #[test]
    fn a_daily_action_needs_every_answer() {
        assert!(DailyActionInput::parse(&daily()).is_ok());
        let mut missing = daily();
        missing.as_object_mut().unwrap().remove("q5");
        assert_eq!(
            DailyActionInput::parse(&missing).unwrap_err().to_string(),
            "Please answer 'Body' before saving."
        );
        assert!(DailyActionInput::parse(&json!([1, 2])).is_err());
    }

    #[test]
    fn a_first_weekly_map_may_skip_the_review_but_a_later_one_may_not() {
        let plan = json!({"q6": "a", "q7": "b", "q8": "c", "q9": "m", "q10": "b", "q11": "s"});
        let mut first = plan.clone();
        first["first"] = json!(true);
        let parsed = WeeklyMapInput::parse(&first).unwrap();
        assert!(parsed.first && parsed.review.win.is_none());
        assert_eq!(
            WeeklyMapInput::parse(&plan).unwrap_err().to_string(),
            "Please answer 'This week's biggest win' before saving."
        );
        first["q4"] = json!(12);
        assert!(WeeklyMapInput::parse(&first).is_err());
    }
}
