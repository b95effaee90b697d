//! `swaz backup`: an online copy of the SQLite database that restores; PostgreSQL is pg_dump's.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::binary::swaz_cli;
use crate::support::TestApp;

fn is_postgres() -> bool {
    std::env::var("TEST_DATABASE_URL").is_ok_and(|u| u.starts_with("postgres"))
}

#[tokio::test]
async fn backup_on_postgresql_is_refused_with_the_way_to_pg_dump() {
    if !is_postgres() {
        return;
    }
    let app = TestApp::spawn().await;
    let target = std::env::temp_dir().join(format!("swaz-backup-{}.db", uuid::Uuid::new_v4()));
    let out = swaz_cli(app.cli_env(), &["backup", target.to_str().unwrap()]).await;
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("pg_dump"), "{stderr}");
    assert!(!target.exists());
}

#[tokio::test]
async fn a_backup_taken_under_write_load_migrates_and_holds_every_acknowledged_write() {
    if is_postgres() {
        return;
    }
    let app = TestApp::spawn().await;
    let (_, token) = app.paid_user("ann@example.com").await;
    let acked = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writers: Vec<_> = (0..3)
        .map(|_| {
            let (http, url, token) = (
                app.http.clone(),
                app.url("/_api/v1/practice/events"),
                token.clone(),
            );
            let (acked, stop) = (acked.clone(), stop.clone());
            tokio::spawn(async move {
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let res = http
                        .post(&url)
                        .bearer_auth(&token)
                        .json(&json!({ "kind": "breathing_done" }))
                        .send()
                        .await
                        .unwrap();
                    assert_eq!(res.status(), StatusCode::CREATED);
                    let event: Value = res.json().await.unwrap();
                    acked
                        .lock()
                        .unwrap()
                        .push(event["id"].as_str().unwrap().to_owned());
                }
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(400)).await;

    let dir = std::env::temp_dir().join(format!("swaz-backup-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let target = dir.join("copy.db");
    let before: Vec<String> = acked.lock().unwrap().clone();
    let out = swaz_cli(app.cli_env(), &["backup", target.to_str().unwrap()]).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for w in writers {
        w.await.unwrap();
    }
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("backup written to"));
    let total = acked.lock().unwrap().len();
    assert!(
        before.len() >= 5 && total > before.len(),
        "writes ran before and during the backup ({} then {total})",
        before.len()
    );

    let again = swaz_cli(app.cli_env(), &["backup", target.to_str().unwrap()]).await;
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));

    let restored_url = swaz::config::sqlite_url(&target);
    let migrated = swaz_cli(
        vec![
            ("DATABASE_URL".into(), restored_url.clone()),
            ("SWAZ_DATA_DIR".into(), dir.display().to_string()),
        ],
        &["migrate"],
    )
    .await;
    assert!(
        migrated.status.success(),
        "{}",
        String::from_utf8_lossy(&migrated.stderr)
    );
    sqlx::any::install_default_drivers();
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&restored_url)
        .await
        .unwrap();
    let kept: std::collections::HashSet<String> =
        sqlx::query_scalar("SELECT id FROM practice_events")
            .fetch_all(&mut conn)
            .await
            .unwrap()
            .into_iter()
            .collect();
    let missing = before.iter().filter(|id| !kept.contains(*id)).count();
    assert_eq!(
        missing, 0,
        "writes acknowledged before the backup are missing"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
