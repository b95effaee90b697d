//! Membership and payments: plans, the payment provider (local test mode or Stripe), turning
//! paid checkouts into memberships, and what makes a member PAID.

pub mod change;
pub mod dto;
pub mod entitlements;
pub mod extract;
pub mod local;
pub mod notices;
pub mod plans;
pub mod proration;
pub mod provider;
pub mod reconcile;
pub mod routes;
pub mod service;
pub mod storage;
pub mod stripe;

pub(crate) use extract::PaidUser;
