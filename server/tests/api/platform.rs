//! What every response shares: health, security headers, the static app, limits, the
//! OpenAPI document and the development mailbox.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::TestApp;

fn fake_web_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("swaz-web-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><div id=\"root\">SWAZ app</div>",
    )
    .unwrap();
    std::fs::write(
        dir.join("assets/app-3f2a9c.js"),
        "console.log('swaz');".repeat(200),
    )
    .unwrap();
    dir
}

#[tokio::test]
async fn health_is_ok_once_the_database_is_migrated() {
    let app = TestApp::spawn().await;
    let res = app.http.get(app.url("/healthz")).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.json::<Value>().await.unwrap(),
        json!({ "status": "ok" })
    );
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = TestApp::spawn().await;
    let res = app.http.get(app.url("/healthz")).send().await.unwrap();
    let h = res.headers();
    let csp = h["content-security-policy"].to_str().unwrap();
    assert!(
        csp.contains("script-src 'self';") && !csp.contains("script-src 'self' 'unsafe-inline'")
    );
    assert!(csp.contains("frame-ancestors 'none'"));
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert_eq!(h["referrer-policy"], "strict-origin-when-cross-origin");
}

#[tokio::test]
async fn api_answers_carry_the_strict_set_and_pages_the_document_one() {
    let app = TestApp::spawn().await;
    for path in [
        "/_api/v1/plans",
        "/_api/v1/nothing-here",
        "/auth/v1/settings",
    ] {
        let res = app.http.get(app.url(path)).send().await.unwrap();
        let h = res.headers();
        assert_eq!(
            h["content-security-policy"], "default-src 'none'; frame-ancestors 'none'",
            "{path}"
        );
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(h["x-frame-options"], "DENY", "{path}");
        assert_eq!(h["cache-control"], "no-store", "{path}");
        assert!(h.get("permissions-policy").is_none(), "{path}");
    }
    // The pages keep the document set: the playback page needs its microphone.
    let res = app.http.get(app.url("/healthz")).send().await.unwrap();
    assert_eq!(
        res.headers()["permissions-policy"],
        "camera=(), microphone=(self), geolocation=()"
    );
    assert_eq!(res.headers()["cross-origin-opener-policy"], "same-origin");
}

#[tokio::test]
async fn client_routes_get_the_app_and_hashed_assets_are_cached_for_good() {
    let app = TestApp::builder().web_dir(fake_web_dir()).spawn().await;
    for path in [
        "/",
        "/account/membership",
        "/auth/login?returnUrl=%2Faccount",
    ] {
        let res = app.http.get(app.url(path)).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        assert_eq!(res.headers()["cache-control"], "no-cache");
        assert!(res.text().await.unwrap().contains("SWAZ app"));
    }
    let res = app
        .http
        .get(app.url("/assets/app-3f2a9c.js"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(res.headers()["content-encoding"], "gzip");
    let missing = app
        .http
        .get(app.url("/assets/gone-123.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_answer_under_a_kilobyte_goes_out_as_it_is_and_a_larger_one_compressed() {
    let app = TestApp::spawn().await;
    let res = app
        .http
        .get(app.url("/_api/v1/plans"))
        .header("accept-encoding", "gzip, br")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.headers().get("content-encoding").is_none());
    // It does not vary with the encoding asked for, so caches are not told it does.
    assert!(res.headers().get("vary").is_none());
    let plans: Value = res.json().await.unwrap();
    assert!(serde_json::to_vec(&plans).unwrap().len() < 1024);

    let res = app
        .http
        .get(app.url("/_api/v1/openapi.json"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-encoding"], "gzip");
    assert_eq!(res.headers()["vary"], "accept-encoding");
}

#[tokio::test]
async fn a_precompressed_copy_of_an_asset_is_sent_as_it_is() {
    let dir = fake_web_dir();
    // The build writes the strongest brotli beside each asset; its bytes go out untouched.
    let precompressed = b"brotli bytes written by the build".to_vec();
    std::fs::write(dir.join("assets/app-3f2a9c.js.br"), &precompressed).unwrap();
    let app = TestApp::builder().web_dir(dir).spawn().await;
    let res = app
        .http
        .get(app.url("/assets/app-3f2a9c.js"))
        .header("accept-encoding", "br, gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-encoding"], "br");
    assert_eq!(
        res.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .contains("javascript"));
    assert_eq!(res.bytes().await.unwrap().to_vec(), precompressed);

    // A client that takes no brotli still gets the file, compressed on the fly.
    let res = app
        .http
        .get(app.url("/assets/app-3f2a9c.js"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["content-encoding"], "gzip");
}

#[tokio::test]
async fn unknown_api_paths_answer_json_404() {
    let app = TestApp::spawn().await;
    let res = app
        .http
        .get(app.url("/_api/v1/nothing-here"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(res.json::<Value>().await.unwrap()["code"], "not_found");
}

#[tokio::test]
async fn the_api_prefixes_themselves_answer_their_own_404_not_the_web_app() {
    let app = TestApp::spawn().await;
    for (path, field) in [
        ("/_api/v1", "code"),
        ("/_api/v1/", "code"),
        ("/auth/v1", "error_code"),
        ("/auth/v1/", "error_code"),
        ("/auth/v1/nothing-here", "error_code"),
    ] {
        let res = app.http.get(app.url(path)).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{path}");
        assert_eq!(res.headers()["cache-control"], "no-store", "{path}");
        assert_eq!(
            res.json::<Value>().await.unwrap()[field],
            "not_found",
            "{path}"
        );
    }
    // In the identity API's dated version too, as every other identity answer.
    for path in ["/auth/v1", "/auth/v1/", "/auth/v1/nothing-here"] {
        let res = app
            .http
            .get(app.url(path))
            .header("X-Supabase-Api-Version", "2024-01-01")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{path}");
        assert_eq!(res.headers()["x-sb-error-code"], "not_found", "{path}");
        assert_eq!(
            res.json::<Value>().await.unwrap()["code"],
            "not_found",
            "{path}"
        );
    }
}

#[tokio::test]
async fn oversized_bodies_are_refused_with_413() {
    let app = TestApp::builder()
        .config(|c| c.max_body_bytes = 1024)
        .spawn()
        .await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let res = app
        .http
        .put(app.url("/_api/v1/swazprofile"))
        .bearer_auth(&token)
        .json(&json!({ "firstName": "x".repeat(4000), "lastName": "", "email": "ann@example.com" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn the_openapi_document_describes_the_product_api() {
    let app = TestApp::spawn().await;
    let doc: Value = app.get_public_json("/_api/v1/openapi.json").await;
    assert_eq!(doc["openapi"], "3.1.0");
    for path in ["/swazprofile", "/supabase/changepassword", "/env"] {
        assert!(doc["paths"].get(path).is_some(), "{path} is documented");
    }
    assert!(doc["components"]["schemas"].get("Profile").is_some());
}

#[tokio::test]
async fn the_committed_web_api_schema_matches_the_server() {
    let committed = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../web/src/lib/api/openapi.json"
    ))
    .expect("web/src/lib/api/openapi.json is committed");
    let committed: Value = serde_json::from_str(&committed).unwrap();
    let current = serde_json::to_value(swaz::app::openapi()).unwrap();
    assert!(
        committed == current,
        "the OpenAPI document changed: run `cargo run -q -- openapi > web/src/lib/api/openapi.json && (cd web && npm run gen:api)`"
    );
}

#[tokio::test]
async fn the_env_page_facts_hold_no_secret() {
    let app = TestApp::spawn().await;
    let res = app.http.get(app.url("/_api/v1/env")).send().await.unwrap();
    let text = res.text().await.unwrap();
    let env: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(env["commit"], "testcommit");
    assert_eq!(env["mailMode"], "local mailbox");
    assert!(["sqlite", "postgresql"].contains(&env["databaseKind"].as_str().unwrap()));
    assert!(!text.contains(app.state.config.jwt_secret.expose()));
}

#[tokio::test]
async fn the_mailbox_is_hidden_in_production() {
    let app = TestApp::builder()
        .config(|c| c.env = swaz::config::Environment::Production)
        .spawn()
        .await;
    let res = app.http.get(app.url("/_dev/mailbox")).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn query_and_path_mistakes_and_oversized_bodies_answer_json() {
    let app = TestApp::builder()
        .config(|c| c.max_body_bytes = 1024)
        .spawn()
        .await;
    let (_, token, _) = app.signed_in_user("ann@example.com").await;
    let res = app
        .get_auth("/_api/v1/practice/events?days=abc", &token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "bad_request");
    assert!(body["message"].as_str().unwrap().contains("days"), "{body}");
    let res = app
        .http
        .get(app.url("/_api/v1/localpay/checkout/%FF"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(res.json::<Value>().await.unwrap()["code"], "bad_request");
    let res = app
        .http
        .post(app.url("/auth/v1/signup"))
        .header("content-type", "application/json")
        .body(vec![b' '; 4096])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["msg"], "The request body is too large.");
}
