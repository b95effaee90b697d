//! The router: joins every capability's routes under `/_api/v1` and `/auth/v1`, the operational
//! endpoints and the web app, and wraps them in the app-wide layers.

use axum::extract::DefaultBodyLimit;
use axum::routing::{any, get};
use axum::{Json, Router};
use std::convert::Infallible;

use axum::body::{Bytes, HttpBody};
use axum::extract::Request;
use axum::response::Response;
use tower::{BoxError, Service};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};
use tower_http::compression::{CompressionLayer, CompressionLevel};
use utoipa::{Modify, OpenApi};
use utoipa_axum::routes;

use super::guard::GuardLayer;
use super::observe::{NoteRouteLayer, ObserveLayer};
use super::state::AppState;
use super::{dev_clock, meta, observe, panics};
use crate::error::AppError;
use crate::http::api_router::{full_path, ApiRouter, PREFIX};
use crate::http::openapi::{BearerAuth, ClientErrors};
use crate::http::{security, static_files};
use crate::{
    account, auth, billing, checkins, coaching, content, dashboard, mail, planning, practice, push,
    reminders, streak, teams, vision,
};

#[derive(OpenApi)]
#[openapi(
    info(title = "SWAZ API", description = "The product API of SWAZ."),
    modifiers(&BearerAuth),
    servers((url = "/_api/v1"))
)]
struct ApiDoc;

/// The product API (its routes at their full paths under `/_api/v1`) and its OpenAPI document
/// (paths relative to that prefix), built from the same handlers.
fn api() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (router, doc) = ApiRouter::with_openapi(ApiDoc::openapi())
        .merge(account::routes())
        .merge(reminders::routes::routes())
        .routes(routes!(meta::env_info))
        .merge(vision::routes::routes())
        .merge(practice::routes::routes())
        .merge(push::routes::routes())
        .merge(planning::routes::routes())
        .merge(checkins::routes::routes())
        .merge(dashboard::routes::routes())
        .merge(streak::routes::routes())
        .merge(billing::routes::routes())
        .merge(teams::routes::routes())
        .merge(coaching::routes::routes())
        .merge(content::routes::routes())
        .split_for_parts();
    // After the routes: the document's operations exist only now.
    let mut doc = doc;
    ClientErrors.modify(&mut doc);
    (router, doc)
}

/// The OpenAPI document of `/_api/v1`.
pub fn openapi() -> utoipa::openapi::OpenApi {
    api().1
}

async fn api_not_found() -> AppError {
    AppError::not_found("This API endpoint does not exist.")
}

/// Answers smaller than this go out as they are: with its head such an answer fits in one packet
/// whether compressed or not, so compressing it costs the server and the browser and saves the
/// member nothing.
const COMPRESS_FROM_BYTES: u16 = 1024;

/// What the compression layer compresses is compressed as it goes out, at every request: the
/// API's JSON and the server's own pages (the web app's files are compressed by its build, at the
/// strongest level, and sent as they are). Brotli's quality 1 and gzip's level 1 rather than the
/// layer's default (brotli 4, gzip 6): the dashboard's 4.2 KB go out as 554 bytes instead of 451
/// (gzip 634 instead of 567), and a browser's dashboards are 1.5-1.7 times as many a second, as
/// compressing took more than everything else in one (bench/PROFILE.md, finding 31).
const COMPRESSION_QUALITY: i32 = 1;

/// Which answers the compression layer compresses: those of a known size from
/// [`COMPRESS_FROM_BYTES`] (or of an unknown size), but no gRPC, images (SVG aside), event streams
/// or audio (compressed already, and a player's byte ranges must be of the stored bytes). The
/// size comes first, so a small answer is let through without its content type being read, and
/// without a `Vary: Accept-Encoding` it would not honour.
fn worth_compressing() -> impl Predicate {
    SizeAbove::new(COMPRESS_FROM_BYTES)
        .and(NotForContentType::GRPC)
        .and(NotForContentType::IMAGES)
        .and(NotForContentType::SSE)
        .and(NotForContentType::const_new("audio/"))
}

/// The whole app as one service, for the accept loop (`http::serve`).
pub(crate) fn router(
    state: AppState,
) -> impl Service<
    Request,
    Response = Response<impl HttpBody<Data = Bytes, Error = impl Into<BoxError>> + Send + 'static>,
    Error = Infallible,
    Future = impl Send + 'static,
> + Clone
       + Send
       + 'static {
    let (api, doc) = api();
    let doc = std::sync::Arc::new(doc);
    let api = api
        .route(
            &full_path("/openapi.json"),
            get(move || async move { Json((*doc).clone()) }),
        )
        // Stripe calls this; it is verified by signature, not documented for clients.
        .route(
            &full_path("/stripe/webhook"),
            axum::routing::post(billing::stripe::routes::receive),
        )
        // The prefix itself and any path below it that no route takes: the API's JSON 404, not
        // the web app.
        .route(PREFIX, any(api_not_found))
        .route(&full_path("/"), any(api_not_found))
        .route(&full_path("/{*rest}"), any(api_not_found));
    let max_body = state.config.max_body_bytes;
    let routes = Router::new()
        .route("/healthz", get(meta::healthz))
        .route("/readyz", get(meta::readyz))
        .route("/metrics", get(observe::metrics))
        .route("/_dev/mailbox", get(mail::routes::list_mailbox))
        .route("/_dev/pushbox", get(push::routes::list_pushbox))
        .route("/_dev/clock", get(dev_clock::get).post(dev_clock::set))
        .route(
            "/_invoice/{token}",
            get(billing::local::routes::invoice_page),
        )
        .merge(reminders::routes::pages())
        // The product API's routes are at their full paths already (`ApiRouter`): merged, not
        // nested, so a request is routed once and its URI is not rebuilt.
        .merge(api)
        .nest(
            "/auth/v1",
            auth::routes::router(account::routes::admin_account_deletion()),
        )
        // A nested router's fallback covers the prefix and what follows its slash, not the slash
        // alone; without this the web app would answer it.
        .route("/auth/v1/", auth::routes::prefix_slash())
        .merge(static_files::router(&state.config.web_dir))
        // The only per-route layer: it sees which route matched, for the logs and metrics.
        .layer(NoteRouteLayer)
        .with_state(state.clone());
    // The app-wide layers wrap the finished router once. `Router::layer` would box every route
    // again for each layer, and axum clones the matched route's whole stack for every request:
    // that was three quarters of a request that touches no database (bench/PROFILE.md).
    tower::ServiceBuilder::new()
        .layer(ObserveLayer::new(state.clone()))
        .layer(CatchPanicLayer::custom(panics::panic_response))
        .layer(
            CompressionLayer::new()
                .quality(CompressionLevel::Precise(COMPRESSION_QUALITY))
                .compress_when(worth_compressing()),
        )
        .layer(security::headers(!state.config.is_development()))
        // Outside the routes (to give their plain-text client errors the JSON shape), inside the
        // header and compression layers.
        .layer(GuardLayer::new(max_body))
        .layer(DefaultBodyLimit::max(max_body))
        .service(routes)
}
