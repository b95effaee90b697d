//! The built React app: hashed assets cached for a year, everything else revalidated, and
//! `index.html` for every client route. The build writes `.br` and `.gz` copies of text files
//! (web/vite.config.ts); they are sent as they are to a browser that accepts them.

use std::path::Path;

use axum::extract::Request;
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use axum::Router;
use tower_http::services::{ServeDir, ServeFile};

pub(crate) fn router<S: Clone + Send + Sync + 'static>(web_dir: &Path) -> Router<S> {
    let index = ServeFile::new(web_dir.join("index.html"));
    Router::new()
        .nest_service(
            "/assets",
            precompressed(ServeDir::new(web_dir.join("assets"))),
        )
        .fallback_service(precompressed(ServeDir::new(web_dir)).fallback(index))
        .layer(axum::middleware::from_fn(cache_headers))
}

fn precompressed<F>(dir: ServeDir<F>) -> ServeDir<F> {
    dir.precompressed_br().precompressed_gzip()
}

async fn cache_headers(req: Request, next: Next) -> Response {
    let immutable = req.uri().path().starts_with("/assets/");
    let mut res = next.run(req).await;
    let value = if immutable && res.status().is_success() {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    res
}
