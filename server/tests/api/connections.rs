//! Connection limits: idle sockets and slow clients cannot starve the server.

use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::support::TestApp;

async fn short_timeouts(max_connections: usize) -> TestApp {
    TestApp::builder()
        .config(move |c| {
            c.max_connections = max_connections;
            c.header_read_timeout_secs = 1;
            c.idle_timeout_secs = 2;
        })
        .spawn()
        .await
}

async fn connect(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.state.config.addr).await.unwrap()
}

/// Reads until the server closes the connection; how long that took, or `None` within `limit`.
async fn closed_within(stream: &mut TcpStream, limit: Duration) -> Option<Duration> {
    let started = Instant::now();
    let mut buf = [0u8; 4096];
    tokio::time::timeout(limit, async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return started.elapsed(),
                Ok(_) => continue,
            }
        }
    })
    .await
    .ok()
}

async fn healthz_within(app: &TestApp, limit: Duration) -> bool {
    let asked = app.http.get(app.url("/healthz")).send();
    matches!(tokio::time::timeout(limit, asked).await, Ok(Ok(res)) if res.status().is_success())
}

#[tokio::test]
async fn a_connection_that_never_sends_a_request_is_closed() {
    let app = short_timeouts(100).await;
    let mut silent = connect(&app).await;
    let took = closed_within(&mut silent, Duration::from_secs(5)).await;
    assert!(took.is_some(), "a silent connection stayed open");
}

#[tokio::test]
async fn a_connection_that_never_speaks_is_closed_at_the_header_timeout_not_the_idle_one() {
    let app = TestApp::builder()
        .config(|c| {
            c.header_read_timeout_secs = 1;
            c.idle_timeout_secs = 60;
        })
        .spawn()
        .await;
    let mut silent = connect(&app).await;
    let took = closed_within(&mut silent, Duration::from_secs(20)).await;
    assert!(
        took.is_some(),
        "a silent connection was held for the idle timeout (60 s), not the header timeout (1 s)"
    );
}

#[tokio::test]
async fn a_client_trickling_its_headers_is_cut_off() {
    let app = short_timeouts(100).await;
    let mut slow = connect(&app).await;
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let started = Instant::now();
    let mut cut = false;
    while started.elapsed() < Duration::from_secs(6) {
        if slow.write_all(b"X-Slow: a\r\n").await.is_err() {
            cut = true;
            break;
        }
        if closed_within(&mut slow, Duration::from_millis(300))
            .await
            .is_some()
        {
            cut = true;
            break;
        }
    }
    assert!(cut, "a slowloris client kept its connection");
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed_after_its_request() {
    let app = short_timeouts(100).await;
    let mut client = connect(&app).await;
    client
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut buf = [0u8; 1024];
    let n = client.read(&mut buf).await.unwrap();
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 200"));
    let took = closed_within(&mut client, Duration::from_secs(6)).await;
    assert!(took.is_some(), "an idle keep-alive connection stayed open");
}

#[tokio::test]
async fn connections_beyond_the_limit_wait_and_are_served_once_idle_ones_time_out() {
    let app = short_timeouts(20).await;
    let mut idle = Vec::new();
    for _ in 0..60 {
        idle.push(connect(&app).await);
    }
    assert!(
        healthz_within(&app, Duration::from_secs(8)).await,
        "/healthz did not answer while idle sockets were open"
    );
}

#[tokio::test]
async fn no_more_than_the_configured_connections_are_served_at_once() {
    let app = TestApp::builder()
        .config(|c| c.max_connections = 3)
        .spawn()
        .await;
    let mut idle = Vec::new();
    for _ in 0..3 {
        idle.push(connect(&app).await);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(
        !healthz_within(&app, Duration::from_millis(700)).await,
        "a fourth connection was served beyond the limit of three"
    );
    idle.clear();
    assert!(healthz_within(&app, Duration::from_secs(5)).await);
}

/// A connection to `app` from the loopback address `from` (all of 127.0.0.0/8 is this machine),
/// so one test can play several clients.
async fn connect_from(app: &TestApp, from: [u8; 4]) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(std::net::SocketAddr::from((from, 0))).unwrap();
    socket.connect(app.state.config.addr).await.unwrap()
}

#[tokio::test]
async fn one_client_cannot_hold_every_connection() {
    let app = TestApp::builder()
        .config(|c| {
            c.max_connections = 20;
            c.max_connections_per_client = 5;
        })
        .spawn()
        .await;
    let mut held = Vec::new();
    for _ in 0..12 {
        held.push(connect_from(&app, [127, 0, 0, 2]).await);
    }
    let mut closed = 0;
    for stream in held.iter_mut() {
        if closed_within(stream, Duration::from_millis(300))
            .await
            .is_some()
        {
            closed += 1;
        }
    }
    assert_eq!(
        closed, 7,
        "connections beyond the five a client may hold should be closed"
    );
    assert!(healthz_within(&app, Duration::from_secs(1)).await);
    // The client's held connections still work.
    held[0]
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = String::new();
    held[0].read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

/// The ops check of the hardening issue: 10,000 idle sockets from one client, with the
/// production limits, leave the server answering everyone else at once.
#[tokio::test]
async fn healthz_answers_within_a_second_while_one_client_holds_10000_idle_sockets() {
    let app = TestApp::builder()
        .config(|c| {
            c.max_connections = 10_000;
            c.max_connections_per_client = 256;
            c.header_read_timeout_secs = 10;
            c.idle_timeout_secs = 60;
        })
        .spawn()
        .await;
    let mut idle = Vec::with_capacity(10_000);
    for _ in 0..10_000 {
        idle.push(connect_from(&app, [127, 0, 0, 3]).await);
    }
    for _ in 0..4 {
        let started = Instant::now();
        assert!(
            healthz_within(&app, Duration::from_secs(1)).await,
            "/healthz did not answer within a second"
        );
        assert!(started.elapsed() < Duration::from_secs(1));
    }
    drop(idle);
}
