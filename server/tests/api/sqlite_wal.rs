//! SQLite's WAL file stays bounded under a steady write load: checkpoints that run beside the
//! writer never copy the whole WAL, so without a checkpoint that holds the write turn now and
//! then, SQLite never starts the WAL over and the file grows with every write (3.5 GB after
//! bench/run's ten seconds of daily actions).

use serde_json::json;

use crate::support::TestApp;

/// Concurrent members writing daily actions, and the daily actions each writes.
const WRITERS: usize = 32;
const WRITES_EACH: usize = 125;
/// The most the WAL file may hold: its size kept once it starts over (16 MiB) plus room for the
/// writes made while a checkpoint waits its turn. With the bound these 4,000 writes left 7.7 MB;
/// without it, 43.6 MB.
const WAL_LIMIT_BYTES: u64 = 24 * 1024 * 1024;

#[tokio::test]
async fn the_wal_file_stays_bounded_under_a_steady_write_load() {
    if std::env::var("TEST_DATABASE_URL").is_ok_and(|u| u.starts_with("postgres")) {
        return; // PostgreSQL keeps its own write-ahead log
    }
    let app = TestApp::spawn().await;
    let mut writers = Vec::new();
    for w in 0..WRITERS {
        let (_, token) = app.paid_user(&format!("wal{w}@example.com")).await;
        let (http, url) = (app.http.clone(), app.url("/_api/v1/userinput/dailyaction"));
        writers.push(tokio::spawn(async move {
            for i in 0..WRITES_EACH {
                let answer = http
                    .post(&url)
                    .bearer_auth(&token)
                    .json(
                        &json!({ "r1": format!("Writer {w}, day {i}"), "r2": "Breathe first",
                        "r3": 7, "q1": "Serve", "q2": "Sprint", "q3": "Film", "q4": "Calm",
                        "q5": "Sleep", "q6": "Thanks" }),
                    )
                    .send()
                    .await
                    .unwrap();
                assert!(answer.status().is_success(), "{}", answer.status());
            }
        }));
    }
    for writer in writers {
        writer.await.unwrap();
    }
    assert_eq!(
        app.count("daily_actions").await,
        (WRITERS * WRITES_EACH) as i64
    );
    let wal = app.state.config.data_dir.join("swaz.db-wal");
    let size = std::fs::metadata(&wal).map_or(0, |m| m.len());
    assert!(
        size < WAL_LIMIT_BYTES,
        "the WAL file holds {size} bytes after {} writes",
        WRITERS * WRITES_EACH
    );
}
