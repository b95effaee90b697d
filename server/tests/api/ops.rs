//! What an operator relies on: readiness apart from liveness, graceful shutdown, `/metrics`,
//! request ids, and JSON logs without secrets.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::binary::ServeProcess;
use crate::support::TestApp;

const METRICS_TOKEN: &str = "metrics-token-0123456789";

#[tokio::test]
async fn readiness_turns_503_on_shutdown_while_liveness_stays_ok() {
    let mut app = TestApp::builder()
        .config(|c| c.shutdown_drain_secs = 1)
        .spawn()
        .await;
    let ready = app.http.get(app.url("/readyz")).send().await.unwrap();
    assert_eq!(ready.status(), StatusCode::OK);
    assert_eq!(
        ready.json::<Value>().await.unwrap(),
        json!({ "status": "ok" })
    );

    app.state.lifecycle.drain();
    let ready = app.http.get(app.url("/readyz")).send().await.unwrap();
    assert_eq!(ready.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(
        ready.json::<Value>().await.unwrap(),
        json!({ "status": "shutting down" })
    );
    let live = app.http.get(app.url("/healthz")).send().await.unwrap();
    assert_eq!(live.status(), StatusCode::OK, "liveness is not readiness");

    assert!(
        app.server_stopped_within(Duration::from_secs(4)).await,
        "the server stops once the drain delay is over"
    );
    let fresh = reqwest::Client::new();
    assert!(
        fresh.get(app.url("/healthz")).send().await.is_err(),
        "no connection is accepted after shutdown"
    );
}

#[tokio::test]
async fn readiness_is_503_when_the_database_is_unreachable() {
    let app = TestApp::spawn().await;
    app.state.db.close().await;
    let ready = app.http.get(app.url("/readyz")).send().await.unwrap();
    assert_eq!(ready.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(
        ready.json::<Value>().await.unwrap(),
        json!({ "status": "database not ready" })
    );
}

/// A PostgreSQL restart or failover ends every pooled connection; the next requests must still
/// be answered, not fail once per dead connection.
#[tokio::test]
async fn requests_after_postgresql_drops_every_connection_are_answered() {
    if app_is_sqlite() {
        return; // SQLite's connections live in this process and cannot be dropped from outside.
    }
    let app = TestApp::spawn().await;
    let member = app.with_paid_user("ann@example.com").await;
    // Open many connections at once (the pool's and those kept for reads), all to be dropped.
    let reads: Vec<_> = (0..16)
        .map(|_| {
            let member = member.clone();
            tokio::spawn(async move { member.get("/_api/v1/swazprofile").await })
        })
        .collect();
    for read in reads {
        assert_eq!(read.await.unwrap().0, StatusCode::OK);
    }
    let url = app.state.config.database_url.expose();
    let mut admin = <sqlx::PgConnection as sqlx::Connection>::connect(url)
        .await
        .unwrap();
    let ended: i64 = sqlx::query_scalar(
        "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity \
         WHERE datname = current_database() AND pid <> pg_backend_pid()",
    )
    .fetch_one(&mut admin)
    .await
    .unwrap();
    assert!(ended > 0, "the app had connections to end");
    for attempt in 0..20 {
        let (status, body) = member.get("/_api/v1/swazprofile").await;
        assert_eq!(
            status,
            StatusCode::OK,
            "request {attempt} after the drop: {body}"
        );
    }
}

fn app_is_sqlite() -> bool {
    !std::env::var("TEST_DATABASE_URL").is_ok_and(|u| u.starts_with("postgres"))
}

#[tokio::test]
async fn a_request_in_flight_when_shutdown_starts_is_answered() {
    let mut app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    let body = br#"{"kind":"breathing_done"}"#;
    let addr = app.base.trim_start_matches("http://").to_owned();
    let mut conn = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let head = format!(
        "POST /_api/v1/practice/events HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    conn.write_all(head.as_bytes()).await.unwrap();
    conn.write_all(&body[..5]).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;

    app.state.lifecycle.drain();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        tokio::net::TcpStream::connect(&addr).await.is_err(),
        "new connections are refused while the request is still in flight"
    );
    conn.write_all(&body[5..]).await.unwrap();
    let mut answer = String::new();
    conn.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
    assert!(app.server_stopped_within(Duration::from_secs(3)).await);
    assert_eq!(app.count("practice_events").await, 1, "the write was kept");
}

#[tokio::test]
async fn a_stopped_mail_worker_gives_its_claims_back_at_once() {
    let mut app = TestApp::spawn().await;
    app.state.lifecycle.drain();
    assert!(app.server_stopped_within(Duration::from_secs(3)).await);
    let db = &app.state.db;
    let now = app.state.clock.now_ms();
    let message = swaz::mail::Message {
        to: "ann@example.com".into(),
        subject: "Hello".into(),
        text: "Hi".into(),
        html: "<p>Hi</p>".into(),
        reply_to: None,
        list_unsubscribe: None,
    };
    {
        let mut conn = db.pool().acquire().await.unwrap();
        swaz::mail::outbox::insert(&mut conn, &message, now)
            .await
            .unwrap();
    }
    let claimed = swaz::mail::outbox::claim_due(db, now, 20, 60_000)
        .await
        .unwrap();
    assert_eq!(claimed.len(), 1);
    assert!(
        swaz::mail::outbox::claim_due(db, now, 20, 60_000)
            .await
            .unwrap()
            .is_empty(),
        "a claimed message is nobody else's for the lease"
    );
    swaz::mail::outbox::release(db, &[claimed[0].id.clone()])
        .await
        .unwrap();
    let again = swaz::mail::outbox::claim_due(db, now, 20, 60_000)
        .await
        .unwrap();
    assert_eq!(again.len(), 1, "released at once, not after the lease");
    assert_eq!(again[0].attempts, 1, "the released attempt is not counted");
}

#[tokio::test]
async fn metrics_do_not_exist_without_a_token() {
    let app = TestApp::spawn().await;
    let res = app.http.get(app.url("/metrics")).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn metrics_need_the_bearer_token_and_count_requests_by_route_and_status() {
    let app = TestApp::builder()
        .config(|c| c.metrics_token = Some(swaz::config::Secret::new(METRICS_TOKEN)))
        .spawn()
        .await;
    for path in [
        "/_api/v1/inspiration/curry",
        "/_api/v1/inspiration/nobody-at-all",
    ] {
        app.http.get(app.url(path)).send().await.unwrap();
    }
    // A mail that cannot go out yet: the queue has depth and age.
    {
        let db = &app.state.db;
        let mut conn = db.pool().acquire().await.unwrap();
        swaz::mail::outbox::insert(
            &mut conn,
            &swaz::mail::Message {
                to: "ann@example.com".into(),
                subject: "Later".into(),
                text: "Hi".into(),
                html: "<p>Hi</p>".into(),
                reply_to: None,
                list_unsubscribe: None,
            },
            app.state.clock.now_ms(),
        )
        .await
        .unwrap();
        sqlx::query("UPDATE mail_outbox SET next_attempt_at = $1")
            .bind(app.state.clock.now_ms() + 3_600_000)
            .execute(&mut *conn)
            .await
            .unwrap();
    }
    app.clock().advance(chrono::Duration::seconds(90));

    let anonymous = app.http.get(app.url("/metrics")).send().await.unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(anonymous.headers()["www-authenticate"], "Bearer");
    let wrong = app
        .http
        .get(app.url("/metrics"))
        .bearer_auth("not-the-metrics-token")
        .send()
        .await
        .unwrap();
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);

    let res = app
        .http
        .get(app.url("/metrics"))
        .bearer_auth(METRICS_TOKEN)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/plain; version=0.0.4"));
    let text = res.text().await.unwrap();
    let route = r#"method="GET",route="/_api/v1/inspiration/{athlete}""#;
    assert!(
        text.contains(&format!(
            r#"swaz_http_requests_total{{{route},status="200"}} 1"#
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            r#"swaz_http_requests_total{{{route},status="404"}} 1"#
        )),
        "{text}"
    );
    assert!(text.contains(&format!(
        r#"swaz_http_request_duration_seconds_count{{{route},status="200"}} 1"#
    )));
    assert!(
        !text.contains("nobody-at-all"),
        "series are by route, never by raw path"
    );
    assert!(text.contains("\nswaz_mail_outbox_depth 1\n"), "{text}");
    let age: f64 = text
        .lines()
        .find_map(|l| l.strip_prefix("swaz_mail_outbox_oldest_age_seconds "))
        .unwrap()
        .parse()
        .unwrap();
    assert!((90.0..120.0).contains(&age), "oldest age {age}");
    assert!(text.contains("\nswaz_db_pool_connections "));
    assert!(text.contains("\nswaz_db_pool_idle_connections "));
    assert!(text.contains("\nswaz_ready 1\n"));
}

#[tokio::test]
async fn every_answer_carries_a_request_id_and_a_sane_incoming_one_is_kept() {
    let app = TestApp::spawn().await;
    let res = app.http.get(app.url("/healthz")).send().await.unwrap();
    let generated = res.headers()["x-request-id"].to_str().unwrap().to_owned();
    assert_eq!(generated.len(), 32);
    let other = app.http.get(app.url("/healthz")).send().await.unwrap();
    assert_ne!(other.headers()["x-request-id"], generated.as_str());

    let kept = app
        .http
        .get(app.url("/_api/v1/nothing-here"))
        .header("x-request-id", "edge-4f2a9c")
        .send()
        .await
        .unwrap();
    assert_eq!(kept.status(), StatusCode::NOT_FOUND);
    assert_eq!(kept.headers()["x-request-id"], "edge-4f2a9c");

    let replaced = app
        .http
        .get(app.url("/healthz"))
        .header("x-request-id", "a b\"c")
        .send()
        .await
        .unwrap();
    let id = replaced.headers()["x-request-id"].to_str().unwrap();
    assert_eq!(id.len(), 32, "an unsafe id is replaced, got {id:?}");
}

/// The newest mail to `to` with `subject` in the local mailbox of the server at `base`.
async fn mail_to(http: &reqwest::Client, base: &str, to: &str, subject: &str) -> Value {
    for _ in 0..100 {
        let list: Vec<Value> = http
            .get(format!("{base}/_dev/mailbox?to={to}"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        if let Some(m) = list.into_iter().find(|m| m["subject"] == subject) {
            return m;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no mail {subject:?} to {to}");
}

fn query_param(url: &str, name: &str) -> String {
    url::Url::parse(&url.replace('#', "?"))
        .unwrap()
        .query_pairs()
        .find(|(k, _)| k == name)
        .unwrap_or_else(|| panic!("no {name} in {url}"))
        .1
        .into_owned()
}

#[tokio::test]
async fn json_logs_carry_request_ids_hold_no_secret_and_sigterm_exits_cleanly() {
    let app = TestApp::spawn().await;
    let mut server = ServeProcess::start(
        app.cli_env(),
        &[
            (
                "SWAZ_JWT_SECRET",
                "process-test-jwt-secret-0123456789abcdef",
            ),
            ("SWAZ_LOG_FORMAT", "json"),
        ],
    )
    .await;
    let base = server.base.clone();
    let http = &app.http;
    let first_password = "signup-Secret-pw-4711";
    let second_password = "changed-Secret-pw-0815";
    let wrong_password = "wrong-Secret-pw-2342";
    let mut secrets: Vec<String> = vec![
        first_password.into(),
        second_password.into(),
        wrong_password.into(),
        "process-test-jwt-secret-0123456789abcdef".into(),
    ];
    let email = "zed@example.com";

    let signup = http
        .post(format!("{base}/auth/v1/signup"))
        .json(&json!({ "email": email, "password": first_password, "data": { "name": "Zed" } }))
        .send()
        .await
        .unwrap();
    assert_eq!(signup.status(), StatusCode::OK);
    let signup_id = signup.headers()["x-request-id"]
        .to_str()
        .unwrap()
        .to_owned();

    let link_in = |mail: &Value| {
        mail["text"]
            .as_str()
            .unwrap()
            .split_whitespace()
            .find(|w| w.starts_with(&base))
            .unwrap()
            .to_owned()
    };
    let confirm = link_in(&mail_to(http, &base, email, "Confirm your SWAZ e-mail address").await);
    secrets.push(query_param(&confirm, "token"));
    let confirmed = http.get(&confirm).send().await.unwrap();
    let location = confirmed.headers()["location"].to_str().unwrap().to_owned();
    secrets.push(query_param(&location, "access_token"));
    secrets.push(query_param(&location, "refresh_token"));

    let sign_in = |password: &'static str| {
        let base = base.clone();
        async move {
            http.post(format!("{base}/auth/v1/token?grant_type=password"))
                .json(&json!({ "email": email, "password": password }))
                .send()
                .await
                .unwrap()
        }
    };
    let session: Value = sign_in(first_password).await.json().await.unwrap();
    let access = session["access_token"].as_str().unwrap().to_owned();
    secrets.push(access.clone());
    secrets.push(session["refresh_token"].as_str().unwrap().to_owned());

    let changed = http
        .post(format!("{base}/_api/v1/supabase/changepassword"))
        .bearer_auth(&access)
        .json(&json!({ "password": second_password }))
        .send()
        .await
        .unwrap();
    assert_eq!(changed.status(), StatusCode::OK);
    assert_eq!(
        sign_in(wrong_password).await.status(),
        StatusCode::BAD_REQUEST
    );
    let session: Value = sign_in(second_password).await.json().await.unwrap();
    let refresh = session["refresh_token"].as_str().unwrap().to_owned();
    secrets.push(session["access_token"].as_str().unwrap().to_owned());
    secrets.push(refresh.clone());
    let refreshed: Value = http
        .post(format!("{base}/auth/v1/token?grant_type=refresh_token"))
        .json(&json!({ "refresh_token": refresh }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let access = refreshed["access_token"].as_str().unwrap().to_owned();
    secrets.push(access.clone());
    secrets.push(refreshed["refresh_token"].as_str().unwrap().to_owned());
    let logout = http
        .post(format!("{base}/auth/v1/logout"))
        .bearer_auth(&access)
        .send()
        .await
        .unwrap();
    assert!(logout.status().is_success());
    let recover = http
        .post(format!("{base}/auth/v1/recover"))
        .json(&json!({ "email": email }))
        .send()
        .await
        .unwrap();
    assert_eq!(recover.status(), StatusCode::OK);
    let reset = link_in(&mail_to(http, &base, email, "Reset your SWAZ password").await);
    secrets.push(query_param(&reset, "token"));

    let pid = server.child.id().unwrap().to_string();
    let stopping = Instant::now();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = tokio::time::timeout(Duration::from_secs(10), server.child.wait())
        .await
        .expect("swaz exits within 10 s of SIGTERM")
        .unwrap();
    assert!(status.success(), "{status}");
    assert!(stopping.elapsed() < Duration::from_secs(10));

    let log = server.log_text();
    let lines: Vec<Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    assert!(
        lines
            .iter()
            .any(|l| l["span"]["request_id"] == signup_id.as_str()
                && l["message"] == "request finished"
                && l["status"] == 200),
        "the sign-up's request id is in its log line:\n{log}"
    );
    assert!(
        lines.iter().any(|l| l["message"] == "shut down cleanly"),
        "{log}"
    );
    for secret in &secrets {
        assert!(secret.len() >= 8, "{secret:?} is too short to grep for");
        assert!(
            !log.contains(secret.as_str()),
            "the log holds a secret ({}…):\n{log}",
            &secret[..4]
        );
    }
    assert!(!log.contains("eyJhbGci"), "the log holds a JWT:\n{log}");
}
