//! The four plans (SPEC §6) with prices from settings, and `GET /_api/v1/plans`.

use serde::Serialize;
use utoipa::ToSchema;

use crate::config::BillingConfig;
use crate::domain::Cents;
use crate::error::AppError;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlanId {
    Solo,
    SoloYearly,
    Team,
    TeamYearly,
}

pub(crate) const ALL: [PlanId; 4] = [
    PlanId::Solo,
    PlanId::SoloYearly,
    PlanId::Team,
    PlanId::TeamYearly,
];

impl PlanId {
    pub fn parse(raw: &str) -> Result<Self, AppError> {
        ALL.into_iter()
            .find(|p| p.as_str() == raw.trim())
            .ok_or_else(|| {
                AppError::bad_request(
                    "Choose one of the plans: solo, solo_yearly, team, team_yearly.",
                )
            })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Solo => "solo",
            Self::SoloYearly => "solo_yearly",
            Self::Team => "team",
            Self::TeamYearly => "team_yearly",
        }
    }

    pub(crate) fn is_team(self) -> bool {
        matches!(self, Self::Team | Self::TeamYearly)
    }

    pub(crate) fn months(self) -> u32 {
        match self {
            Self::Solo | Self::Team => 1,
            Self::SoloYearly | Self::TeamYearly => 12,
        }
    }

    fn index(self) -> usize {
        ALL.iter().position(|p| *p == self).unwrap_or(0)
    }
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Plan {
    /// `solo`, `solo_yearly`, `team` or `team_yearly`.
    pub id: String,
    /// `Individual` or `Team`.
    pub name: String,
    /// `month` or `year`.
    pub interval: String,
    /// Price in minor units (cents).
    #[schema(value_type = i64)]
    pub amount: Cents,
    pub currency: String,
    /// Athletes covered.
    pub seats: i64,
}

pub fn plan(config: &BillingConfig, id: PlanId) -> Plan {
    let amount = match id {
        PlanId::Solo => config.price_solo,
        PlanId::SoloYearly => config.price_solo_yearly,
        PlanId::Team => config.price_team,
        PlanId::TeamYearly => config.price_team_yearly,
    };
    Plan {
        id: id.as_str().to_owned(),
        name: if id.is_team() { "Team" } else { "Individual" }.to_owned(),
        interval: if id.months() == 12 { "year" } else { "month" }.to_owned(),
        amount: Cents(amount),
        currency: config.currency.clone(),
        seats: if id.is_team() { config.team_seats } else { 1 },
    }
}

/// The plan as members read it: "Individual · Monthly".
pub(crate) fn label(id: PlanId) -> &'static str {
    match id {
        PlanId::Solo => "Individual · Monthly",
        PlanId::SoloYearly => "Individual · Yearly",
        PlanId::Team => "Team · Monthly",
        PlanId::TeamYearly => "Team · Yearly",
    }
}

/// The Stripe price id configured for `id`.
pub(crate) fn stripe_price(config: &BillingConfig, id: PlanId) -> &str {
    &config.stripe_prices[id.index()]
}

#[derive(Serialize, ToSchema)]
pub(crate) struct Plans {
    pub plans: Vec<Plan>,
}

/// The answer of `GET /plans`, serialised once at start: the plans and prices come from the
/// configuration, which does not change while the instance runs.
pub(crate) fn plans_json(config: &BillingConfig) -> axum::body::Bytes {
    let plans = Plans {
        plans: ALL.into_iter().map(|id| plan(config, id)).collect(),
    };
    serde_json::to_vec(&plans)
        .expect("the plans serialise")
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_parse_and_carry_their_interval_and_seats() {
        let config = BillingConfig::defaults();
        assert_eq!(PlanId::parse("team_yearly").unwrap(), PlanId::TeamYearly);
        assert!(PlanId::parse("gold").is_err());
        let team = plan(&config, PlanId::TeamYearly);
        assert_eq!(
            (
                team.name.as_str(),
                team.interval.as_str(),
                team.amount.0,
                team.seats
            ),
            ("Team", "year", 199000, 25)
        );
        // The yearly plans save about 17% against twelve monthly payments.
        let saving = 1.0 - config.price_solo_yearly as f64 / (12.0 * config.price_solo as f64);
        assert!((saving - 0.17).abs() < 0.01, "{saving}");
    }
}
