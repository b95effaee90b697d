//! A bare axum server answering "hello" on the address given as the first argument.

use axum::routing::get;
use axum::Router;

#[tokio::main]
async fn main() {
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:18081".into());
    let app = Router::new().route("/", get(|| async { "hello" }));
    let listener = tokio::net::TcpListener::bind(&addr)
        .await
        .expect("bind the address");
    axum::serve(listener, app).await.expect("serve");
}
