//! Storage faults heal: a full disk on SQLite and terminated backends on PostgreSQL leave no
//! broken connection in the pool, so the first request once the storage works again succeeds,
//! and `/readyz` answers 503 while writes fail.

use std::future::Future;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use reqwest::StatusCode;
use serde_json::json;

use crate::support::{TestApp, TEST_PASSWORD};

const EMAIL: &str = "disk@example.com";
const VISION_STEP: &str = "/_api/v1/userinput/athleticvision/single/1";

/// A small tmpfs mounted for the test, unmounted when dropped (also when the test fails).
struct SmallDisk {
    dir: PathBuf,
}

impl SmallDisk {
    /// Mounts a tmpfs of `megabytes` at a new directory; `None` (with the reason printed) where
    /// mounting is not allowed, as for a user who is not root.
    fn mount(megabytes: u32) -> Option<Self> {
        let dir = std::env::temp_dir().join(format!("swaz-disk-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={megabytes}m"), "tmpfs"])
            .arg(&dir)
            .output();
        match mounted {
            Ok(out) if out.status.success() => Some(Self { dir }),
            Ok(out) => {
                eprintln!(
                    "skipped: mounting a tmpfs needs root ({})",
                    String::from_utf8_lossy(&out.stderr).trim()
                );
                None
            }
            Err(e) => {
                eprintln!("skipped: cannot run mount ({e})");
                None
            }
        }
    }

    /// Writes a file until the disk refuses more bytes.
    fn fill(&self) -> PathBuf {
        let path = self.dir.join("filler");
        let mut file = std::fs::File::create(&path).unwrap();
        let block = vec![0u8; 64 * 1024];
        while file.write_all(&block).is_ok() {}
        let small = [0u8; 512];
        while file.write_all(&small).is_ok() {}
        let _ = file.sync_all();
        path
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.dir).status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

async fn save_step(app: &TestApp, token: &str, text: &str) -> StatusCode {
    app.post_as(token, VISION_STEP, json!({ "text": text }))
        .await
        .0
}

async fn ready(app: &TestApp) -> StatusCode {
    app.http
        .get(app.url("/readyz"))
        .send()
        .await
        .unwrap()
        .status()
}

fn sqlite_url_in(dir: &Path) -> String {
    swaz::config::sqlite_url(&dir.join("swaz.db"))
}

/// An instance whose SQLite database lives on an 8 MB disk, with a paid member's token; `None`
/// on PostgreSQL or where no disk can be mounted.
async fn on_small_sqlite_disk() -> Option<(SmallDisk, TestApp, String)> {
    if std::env::var("TEST_DATABASE_URL").is_ok_and(|u| u.starts_with("postgres")) {
        return None;
    }
    let disk = SmallDisk::mount(8)?;
    let url = sqlite_url_in(&disk.dir);
    let app = TestApp::builder()
        .config(move |c| c.database_url = swaz::config::Secret::new(url))
        .spawn()
        .await;
    let (_, token) = app.paid_user(EMAIL).await;
    Some((disk, app, token))
}

#[tokio::test]
async fn a_full_disk_on_sqlite_refuses_writes_and_readiness_until_space_is_freed() {
    // On PostgreSQL, the test of terminated backends below covers storage faults.
    let Some((disk, app, token)) = on_small_sqlite_disk().await else {
        return;
    };
    assert_eq!(
        save_step(&app, &token, "Before the disk filled").await,
        StatusCode::OK
    );
    assert_eq!(ready(&app).await, StatusCode::OK);

    let filler = disk.fill();
    let long = "I see myself calm before the serve. ".repeat(50);
    let mut refused = 0;
    for n in 0..20 {
        if save_step(&app, &token, &format!("{n} {long}")).await != StatusCode::OK {
            refused += 1;
        }
    }
    assert!(refused > 0, "a full disk should refuse at least one write");
    assert_eq!(
        ready(&app).await,
        StatusCode::SERVICE_UNAVAILABLE,
        "/readyz should say the instance cannot take writes"
    );

    std::fs::remove_file(filler).unwrap();
    // The very first requests after space is freed succeed: no connection went back to the pool
    // inside a transaction the driver could no longer end.
    assert_eq!(
        save_step(&app, &token, "After space was freed").await,
        StatusCode::OK
    );
    let signed_in = app
        .post_json(
            "/auth/v1/token?grant_type=password",
            json!({ "email": EMAIL, "password": TEST_PASSWORD }),
        )
        .await;
    assert_eq!(signed_in.status(), StatusCode::OK);
    for n in 0..16 {
        assert_eq!(
            save_step(&app, &token, &format!("Again {n}")).await,
            StatusCode::OK,
            "every pooled connection should work again"
        );
    }
    assert_eq!(ready(&app).await, StatusCode::OK);
    let (_, vision) = app.get_as(&token, VISION_STEP).await;
    assert!(
        vision.to_string().contains("Again 15"),
        "the last write should be stored: {vision}"
    );
    drop(app);
}

#[tokio::test]
async fn terminated_postgresql_backends_are_replaced_before_the_next_request() {
    let Ok(base) = std::env::var("TEST_DATABASE_URL") else {
        return;
    };
    if !base.starts_with("postgres") {
        return;
    }
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user(EMAIL).await;
    assert_eq!(save_step(&app, &token, "Before").await, StatusCode::OK);

    for round in 0..3 {
        let admin = sqlx::PgPool::connect(app.state.config.database_url.expose())
            .await
            .unwrap();
        sqlx::query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = current_database() AND pid <> pg_backend_pid()",
        )
        .execute(&admin)
        .await
        .unwrap();
        admin.close().await;
        assert_eq!(
            save_step(&app, &token, &format!("After termination {round}")).await,
            StatusCode::OK,
            "the first write after the backends were terminated should succeed"
        );
        let (status, _) = app.get_as(&token, VISION_STEP).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(ready(&app).await, StatusCode::OK);
    }
}

async fn save_daily_action(app: &TestApp, token: &str, wins: &str) -> StatusCode {
    let body = json!({
        "r1": wins, "r2": "Breathe first", "r3": 7,
        "q1": "Serve", "q2": "Sprint", "q3": "Film", "q4": "Calm", "q5": "Sleep", "q6": "Thanks",
    });
    app.post_as(token, "/_api/v1/userinput/dailyaction", body)
        .await
        .0
}

/// A daily action is written on the instance's own SQLite writer connection, not through sqlx's
/// pool: a commit the full disk refused must leave that connection outside any transaction too.
#[tokio::test]
async fn a_full_disk_on_sqlite_refuses_daily_actions_and_the_writer_recovers_once_space_is_freed() {
    let Some((disk, app, token)) = on_small_sqlite_disk().await else {
        return;
    };
    assert_eq!(
        save_daily_action(&app, &token, "Before the disk filled").await,
        StatusCode::CREATED
    );

    let filler = disk.fill();
    let long = "Won every sprint in the second half. ".repeat(120);
    let mut refused = 0;
    for n in 0..20 {
        if save_daily_action(&app, &token, &format!("{n} {long}")).await != StatusCode::CREATED {
            refused += 1;
        }
    }
    assert!(
        refused > 0,
        "a full disk should refuse at least one daily action"
    );
    assert_eq!(ready(&app).await, StatusCode::SERVICE_UNAVAILABLE);

    std::fs::remove_file(filler).unwrap();
    for n in 0..3 {
        assert_eq!(
            save_daily_action(&app, &token, &format!("After space was freed {n}")).await,
            StatusCode::CREATED,
            "the writer should write again at once"
        );
    }
    assert_eq!(ready(&app).await, StatusCode::OK);
    let (_, list) = app.get_as(&token, "/_api/v1/userinput/dailyaction").await;
    assert!(
        list.to_string().contains("After space was freed 2"),
        "the last daily action should be stored: {list}"
    );
    drop(app);
}

/// On PostgreSQL a short read takes a connection kept out of sqlx's pool (no ping before or
/// after): a read cancelled while its answer is on the way must not leave that answer for the
/// next read on the same connection.
#[tokio::test]
async fn a_postgresql_read_cancelled_midway_leaves_nothing_for_the_next_read() {
    if !std::env::var("TEST_DATABASE_URL").is_ok_and(|u| u.starts_with("postgres")) {
        return;
    }
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    for n in 0..3i64 {
        let slow = async {
            let mut reads = db.reads().await.unwrap();
            reads
                .first::<(i64,)>("SELECT 1::bigint FROM pg_sleep(0.3)", &[])
                .await
        };
        let cancelled = tokio::time::timeout(std::time::Duration::from_millis(50), slow).await;
        assert!(cancelled.is_err(), "the slow read should still be running");
        let next: Option<(i64,)> = db
            .reads()
            .await
            .unwrap()
            .first("SELECT $1::bigint + 100", &[n.into()])
            .await
            .unwrap();
        assert_eq!(next, Some((n + 100,)), "the next read got its own answer");
    }
}

/// sqlx counts a PostgreSQL transaction as open only once its BEGIN has been answered, so a
/// write cancelled in between (a client that hung up) left its pooled connection inside a
/// transaction that nothing would ever end: the next plain statement on it would never be
/// committed, and the next write's BEGIN ran inside it. However a write is cancelled while it
/// begins, no connection may stay idle inside a transaction.
#[tokio::test]
async fn a_postgresql_write_cancelled_while_it_begins_leaves_no_transaction_open() {
    if !std::env::var("TEST_DATABASE_URL").is_ok_and(|u| u.starts_with("postgres")) {
        return;
    }
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    // Each step polls the write once, then lets the runtime take in the server's answers: the
    // write is dropped after 6, 5, … 1 steps, so one of them falls between BEGIN and its answer
    // (a write that began in time is dropped too, which rolls it back and cleans its connection,
    // so the shortest come last).
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    for steps in (1..=6).rev() {
        for _ in 0..3 {
            let mut begin = std::pin::pin!(db.begin_write());
            for _ in 0..steps {
                if begin.as_mut().poll(&mut cx).is_ready() {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(2)).await;
            }
        }
    }
    // Dropped transactions roll back, and connections go back to the pool, in tasks of their own;
    // a connection left inside a transaction stays so. Counted from a connection of its own, so
    // the count cannot run on (and hide) the very connection it looks for.
    let mut own =
        <sqlx::AnyConnection as sqlx::Connection>::connect_with(&db.pool().connect_options())
            .await
            .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let stuck: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() \
             AND state LIKE 'idle in transaction%'",
        )
        .fetch_one(&mut own)
        .await
        .unwrap();
        if stuck == 0 {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{stuck} connections left inside a transaction"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}
