//! Membership: what makes a member PAID. Payments and plans build on this.

pub mod entitlements;
pub mod paid;

pub use paid::PaidUser;
