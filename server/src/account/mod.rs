//! The signed-in member's own account: profile and password (SPEC §2 Account).

pub mod data;
pub mod password;
pub mod profile;
pub mod routes;

pub use routes::routes;
