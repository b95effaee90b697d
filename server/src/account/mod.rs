//! The signed-in member's own account: profile, password, data export and deletion (SPEC §2
//! Account).

pub mod data;
pub mod profile;
pub mod routes;

pub use routes::routes;
