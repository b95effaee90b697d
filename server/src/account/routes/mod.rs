//! The account's routes: profile, time zone, password, data export and account deletion.

use axum::routing::{delete, MethodRouter};
use utoipa_axum::routes;

use crate::app::AppState;
use crate::http::api_router::ApiRouter;

mod data;
mod password;
mod profile;

/// This capability's product-API routes, joined under `/_api/v1` by `app::router`.
pub fn routes() -> ApiRouter<AppState> {
    ApiRouter::new()
        .routes(routes!(profile::get_profile, profile::put_profile))
        .routes(routes!(profile::put_time_zone))
        .routes(routes!(password::change_password))
        .routes(routes!(data::export))
        .routes(routes!(data::delete_account))
}

/// The identity admin API's account deletion, which erases the product's data too; `app::router`
/// hands it to `auth::routes::router`.
pub(crate) fn admin_account_deletion() -> MethodRouter<AppState> {
    delete(data::delete_as_admin)
}
