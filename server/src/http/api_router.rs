//! The product API's routes, gathered the way `utoipa_axum::router::OpenApiRouter` gathers them
//! (a handler and its OpenAPI operation from one `routes!`), but registered in the axum router at
//! their full path under [`PREFIX`], while the document keeps them relative to its server URL.
//!
//! `Router::nest` would do the same for the paths, at a cost paid by every request: each nested
//! route gets another boxed layer that rebuilds the request's URI without the prefix and records
//! the nesting in the request's extensions, which no handler here reads (bench/PROFILE.md,
//! finding 22).

use axum::Router;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};

/// Where the product API is served; its OpenAPI document's server URL.
pub const PREFIX: &str = "/_api/v1";

/// Routes under [`PREFIX`] with their OpenAPI document.
pub struct ApiRouter<S = ()> {
    router: Router<S>,
    /// Only its document is kept; its own router (the same handlers at the relative paths) is
    /// dropped by [`ApiRouter::split_for_parts`].
    doc: OpenApiRouter<S>,
}

impl<S: Clone + Send + Sync + 'static> Default for ApiRouter<S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: Clone + Send + Sync + 'static> ApiRouter<S> {
    pub fn new() -> Self {
        Self::with_openapi(utoipa::openapi::OpenApi::default())
    }

    /// Starts from `doc` (its info, servers and security schemes).
    pub fn with_openapi(doc: utoipa::openapi::OpenApi) -> Self {
        Self {
            router: Router::new(),
            doc: OpenApiRouter::with_openapi(doc),
        }
    }

    /// The handlers of one `routes!`, at each of their paths under [`PREFIX`].
    pub fn routes(self, (schemas, paths, method_router): UtoipaMethodRouter<S>) -> Self {
        let mut router = self.router;
        for path in paths.paths.keys() {
            router = router.route(&full_path(path), method_router.clone());
        }
        Self {
            router,
            doc: self.doc.routes((schemas, paths, method_router)),
        }
    }

    pub fn merge(self, other: ApiRouter<S>) -> Self {
        Self {
            router: self.router.merge(other.router),
            doc: self.doc.merge(other.doc),
        }
    }

    /// The axum router (full paths) and the OpenAPI document (paths relative to [`PREFIX`]).
    pub fn split_for_parts(self) -> (Router<S>, utoipa::openapi::OpenApi) {
        (self.router, self.doc.into_openapi())
    }
}

/// `path` under [`PREFIX`]: where a route of the product API is registered.
pub fn full_path(path: &str) -> String {
    match path {
        "" | "/" => format!("{PREFIX}/"),
        _ => format!("{PREFIX}{path}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::{Request, StatusCode};
    use tower::ServiceExt;

    #[utoipa::path(get, path = "/things/{id}", params(("id" = String, Path)), responses((status = 200)))]
    async fn thing(axum::extract::Path(id): axum::extract::Path<String>) -> String {
        id
    }

    #[tokio::test]
    async fn a_route_answers_under_the_prefix_and_is_documented_without_it() {
        let (router, doc) = ApiRouter::new()
            .routes(utoipa_axum::routes!(thing))
            .split_for_parts();
        assert!(doc.paths.paths.contains_key("/things/{id}"));
        assert!(!doc.paths.paths.keys().any(|p| p.starts_with(PREFIX)));

        let get = |uri: &str| Request::get(uri).body(Body::empty()).unwrap();
        let res = router
            .clone()
            .oneshot(get("/_api/v1/things/42"))
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let body = axum::body::to_bytes(res.into_body(), 64).await.unwrap();
        assert_eq!(&body[..], b"42");
        let res = router.oneshot(get("/things/42")).await.unwrap();
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
    }
}
