//! Plumbing for the OpenAPI document: the bearer scheme, and the client errors every operation of
//! a kind can answer.

use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::Modify;

/// The bearer-token security scheme every signed-in operation names.
pub(crate) struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
        );
    }
}

/// The client errors every operation of a kind can answer, added where a handler's own
/// annotation leaves them out: 400 and 413 with a JSON body (unreadable or too large), 400 with
/// query parameters (a value of the wrong kind), 401 with a bearer token (missing or expired).
pub(crate) struct ClientErrors;

impl Modify for ClientErrors {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::path::ParameterIn;
        use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
        let error = |description: &str| {
            ResponseBuilder::new()
                .description(description)
                .content(
                    "application/json",
                    ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name("ErrorBody")))
                        .build(),
                )
                .build()
        };
        for item in openapi.paths.paths.values_mut() {
            let operations = [
                &mut item.get,
                &mut item.put,
                &mut item.post,
                &mut item.delete,
                &mut item.patch,
            ];
            for op in operations.into_iter().flatten() {
                let has_body = op.request_body.is_some();
                let has_query = op
                    .parameters
                    .iter()
                    .flatten()
                    .any(|p| p.parameter_in == ParameterIn::Query);
                let signed_in = op.security.as_ref().is_some_and(|s| !s.is_empty());
                let responses = &mut op.responses.responses;
                let mut add = |code: &str, description: &str| {
                    responses
                        .entry(code.to_owned())
                        .or_insert_with(|| error(description).into());
                };
                if has_body || has_query {
                    add(
                        "400",
                        "The request could not be read: the message names the field",
                    );
                }
                if has_body {
                    add("413", "The request body is too large");
                }
                if signed_in {
                    add("401", "Not signed in, or the session has ended");
                }
            }
        }
    }
}
