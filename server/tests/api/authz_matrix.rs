//! The authorization matrix, generated from the OpenAPI document the server serves, so an
//! endpoint added tomorrow is in it without anyone remembering to add it:
//! - every signed-in operation refuses a missing, malformed, tampered, expired, foreign-key or
//!   `alg: none` token with 401;
//! - every operation open to anyone is one this file names as public on purpose;
//! - every signed-in read of a resource by id answers another athlete's id with 404.

use base64::Engine;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::forged_token::{claims_of, resigned};
use crate::planning::{daily, save, weekly};
use crate::support::TestApp;

/// Operations anyone may call, each for a reason: the public site, the plans, the checkout and
/// its result (before an account exists), the team invite preview, the local test payments.
const PUBLIC: &[&str] = &[
    "POST /contact/message",
    "GET /env",
    "GET /inspiration",
    "GET /inspiration/{athlete}",
    "GET /livecall.ics",
    "GET /localpay/checkout/{session}",
    "POST /localpay/checkout/{session}/pay",
    "GET /plans",
    // A notification's buttons: the signed single-purpose token in the body is the authority.
    "POST /push/actions/done",
    "POST /push/actions/snooze",
    "GET /site",
    "POST /stripe/checkout",
    "POST /stripe/subscriptionsuccess-result",
    "GET /team/invite/{hash}",
];

struct Operation {
    method: Method,
    /// As documented, e.g. `/userinput/dailyaction/{id}`.
    template: String,
    signed_in: bool,
}

impl Operation {
    /// What the matrix sends as the body: an empty JSON object to a POST or PUT, none otherwise.
    fn body(&self) -> Option<Value> {
        (self.method == Method::POST || self.method == Method::PUT).then(|| json!({}))
    }
}

fn operations() -> Vec<Operation> {
    let doc = serde_json::to_value(swaz::app::openapi()).unwrap();
    let mut found = Vec::new();
    for (template, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let Ok(method) = method.to_uppercase().parse::<Method>() else {
                continue;
            };
            found.push(Operation {
                method,
                template: template.clone(),
                signed_in: operation.get("security").is_some(),
            });
        }
    }
    assert!(found.len() > 40, "the OpenAPI document lists the API");
    found
}

/// The template with every path parameter filled with a well-formed value of its kind.
fn concrete(template: &str, id: &str) -> String {
    let mut path = String::new();
    for segment in template.split('/').filter(|s| !s.is_empty()) {
        path.push('/');
        path.push_str(match segment {
            "{order}" => "1",
            s if s.starts_with('{') => id,
            s => s,
        });
    }
    format!("/_api/v1{path}")
}

fn b64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

#[tokio::test]
async fn every_signed_in_operation_refuses_every_kind_of_bad_token() {
    let app = TestApp::spawn().await;
    let (_, _, session) = app.signed_in_user("ann@example.com").await;
    let good = session["access_token"].as_str().unwrap().to_owned();
    let secret = app.state.config.jwt_secret.expose().to_owned();
    let now = app.state.clock.now_secs();
    let [header, payload, signature] = good.split('.').collect::<Vec<_>>()[..] else {
        panic!("a JWT has three parts");
    };
    let mut flipped = signature.to_owned().into_bytes();
    flipped[0] = if flipped[0] == b'A' { b'B' } else { b'A' };
    let tampered_claims = {
        let mut claims = claims_of(&good);
        claims["sub"] = json!(uuid::Uuid::new_v4().to_string());
        b64(claims.to_string().as_bytes())
    };
    let bad_tokens: Vec<(&str, Option<String>)> = vec![
        ("no token", None),
        ("not a JWT", Some("not-a-jwt".into())),
        (
            "tampered signature",
            Some(format!(
                "{header}.{payload}.{}",
                String::from_utf8(flipped).unwrap()
            )),
        ),
        (
            "claims changed after signing",
            Some(format!("{header}.{tampered_claims}.{signature}")),
        ),
        (
            "expired",
            Some(resigned(&good, &secret, |c| c["exp"] = json!(now - 1))),
        ),
        (
            "signed with another key",
            Some(resigned(
                &good,
                "another-secret-another-secret-0123",
                |_| {},
            )),
        ),
        (
            "alg none",
            Some(format!(
                "{}.{payload}.",
                b64(br#"{"alg":"none","typ":"JWT"}"#)
            )),
        ),
    ];

    let signed_in: Vec<_> = operations().into_iter().filter(|op| op.signed_in).collect();
    assert!(signed_in.len() > 30);
    for op in &signed_in {
        let path = concrete(&op.template, &uuid::Uuid::new_v4().to_string());
        for (what, token) in &bad_tokens {
            let (status, body) = app
                .request(op.method.clone(), &path, token.as_deref(), op.body())
                .await;
            assert_eq!(
                status,
                StatusCode::UNAUTHORIZED,
                "{} {} with {what}: {body}",
                op.method,
                op.template
            );
            assert!(
                body["message"].as_str().is_some_and(|m| !m.is_empty()),
                "{} {} with {what} says why: {body}",
                op.method,
                op.template
            );
        }
    }
    // The good token still works, so the 401s above are about the tokens.
    let (status, _) = app.get_as(&good, "/_api/v1/swazprofile").await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn every_operation_open_to_anyone_is_public_on_purpose() {
    let open: Vec<String> = operations()
        .into_iter()
        .filter(|op| !op.signed_in)
        .map(|op| format!("{} {}", op.method, op.template))
        .collect();
    for name in &open {
        assert!(
            PUBLIC.contains(&name.as_str()),
            "{name} needs no sign-in: require one, or add it to PUBLIC with a reason"
        );
    }
    for name in PUBLIC {
        assert!(
            open.contains(&name.to_string()),
            "{name} is no longer public"
        );
    }
}

#[tokio::test]
async fn another_athletes_resources_are_not_found() {
    let app = TestApp::spawn().await;
    let (_, owner) = app.paid_user("owner@example.com").await;
    let (_, stranger) = app.paid_user("stranger@example.com").await;
    let daily_id = save(&app, &owner, "/_api/v1/userinput/dailyaction", daily("Own")).await;
    let weekly_id = save(&app, &owner, "/_api/v1/userinput/weeklymap", weekly("Own")).await;

    // Every signed-in GET of one resource by id, with the owner's resource it reads.
    let by_id: Vec<_> = operations()
        .into_iter()
        .filter(|op| op.signed_in && op.method == Method::GET && op.template.contains("/{id}"))
        .collect();
    assert!(!by_id.is_empty());
    for op in &by_id {
        let id = match op.template.as_str() {
            "/userinput/dailyaction/{id}" | "/dailylogs/{id}" => &daily_id,
            "/userinput/weeklymap/{id}" => &weekly_id,
            other => panic!("{other} reads a resource by id: say here which one the owner creates"),
        };
        let path = concrete(&op.template, id);
        let (status, body) = app
            .request(op.method.clone(), &path, Some(&owner), op.body())
            .await;
        assert_eq!(status, StatusCode::OK, "the owner reads {path}: {body}");
        let (status, body) = app
            .request(op.method.clone(), &path, Some(&stranger), op.body())
            .await;
        assert_eq!(
            status,
            StatusCode::NOT_FOUND,
            "a stranger reads {path}: {body}"
        );
        assert!(
            !body.to_string().contains("Own"),
            "nothing of the owner's leaks: {body}"
        );
    }
}
