//! The account's routes: profile, time zone, password, data export and account deletion.

use axum::routing::{delete, MethodRouter};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;

/// This capability's product-API routes, joined under `/_api/v1` by `app::router`.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            super::profile::get_profile,
            super::profile::put_profile
        ))
        .routes(routes!(super::profile::put_time_zone))
        .routes(routes!(super::password::change_password))
        .routes(routes!(super::data::export))
        .routes(routes!(super::data::delete_account))
}

/// The identity admin API's account deletion, which erases the product's data too; `app::router`
/// hands it to `auth::routes::router`.
pub fn admin_account_deletion() -> MethodRouter<AppState> {
    delete(super::data::delete_as_admin)
}
