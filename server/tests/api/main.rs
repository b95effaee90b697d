//! API tests: the real server on a random port, one fresh database per test (SQLite, or
//! PostgreSQL when `TEST_DATABASE_URL` is set).

mod account;
mod account_data;
mod authz_matrix;
mod backup;
mod bad_input;
mod billing;
mod binary;
mod cli;
mod connections;
mod contact;
mod crash;
mod dashboard;
mod fake_stripe;
mod forged_token;
mod fuzz_findings;
mod hardening;
mod identity;
mod identity_admin;
mod identity_mfa;
mod identity_otp;
mod identity_settings;
mod inspiration;
mod layering;
mod mail;
mod ops;
mod planning;
mod platform;
mod reconcile;
mod reminders;
mod settings;
mod stripe;
mod support;
mod teams;
mod test_user;
mod vision;
