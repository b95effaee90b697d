//! Mail delivery: the outbox worker speaks real SMTP to a server when `SMTP_URL` is set.

use serde_json::json;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::mpsc;

use crate::support::TestApp;

/// A minimal SMTP server that accepts every message and hands over its raw DATA.
pub async fn smtp_sink() -> (u16, mpsc::UnboundedReceiver<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        loop {
            let (stream, _) = listener.accept().await.unwrap();
            let tx = tx.clone();
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 sink ESMTP\r\n").await.unwrap();
                let mut in_data = false;
                let mut data = String::new();
                while let Ok(Some(line)) = lines.next_line().await {
                    if in_data {
                        if line == "." {
                            in_data = false;
                            tx.send(std::mem::take(&mut data)).unwrap();
                            write.write_all(b"250 queued\r\n").await.unwrap();
                        } else {
                            data.push_str(&line);
                            data.push('\n');
                        }
                        continue;
                    }
                    let verb = line
                        .split_whitespace()
                        .next()
                        .unwrap_or("")
                        .to_ascii_uppercase();
                    let reply: &[u8] = match verb.as_str() {
                        "EHLO" | "HELO" => b"250-sink\r\n250 8BITMIME\r\n",
                        "DATA" => {
                            in_data = true;
                            b"354 go ahead\r\n"
                        }
                        "QUIT" => {
                            write.write_all(b"221 bye\r\n").await.unwrap();
                            break;
                        }
                        _ => b"250 ok\r\n",
                    };
                    write.write_all(reply).await.unwrap();
                }
            });
        }
    });
    (port, rx)
}

#[tokio::test]
async fn with_smtp_configured_mail_goes_out_over_smtp_and_not_to_the_mailbox() {
    let (port, mut received) = smtp_sink().await;
    let app = TestApp::builder()
        .config(move |c| {
            c.smtp_url = Some(swaz::config::Secret::new(format!(
                "smtp://127.0.0.1:{port}"
            )))
        })
        .spawn()
        .await;
    app.create_user("ann@example.com", "first-password-1", "Ann")
        .await;
    app.post_json("/auth/v1/recover", json!({ "email": "ann@example.com" }))
        .await;
    let raw = tokio::time::timeout(std::time::Duration::from_secs(10), received.recv())
        .await
        .expect("the SMTP server receives the message in time")
        .unwrap();
    assert!(raw.contains("Subject: Reset your SWAZ password"), "{raw}");
    assert!(raw.contains("To: ann@example.com"), "{raw}");
    assert!(raw.contains("From: SWAZ <no-reply@swaz.local>"), "{raw}");
    assert!(raw.contains("multipart/alternative"), "{raw}");
    assert!(
        !raw.contains("List-Unsubscribe"),
        "only reminders carry it: {raw}"
    );
    assert!(app.mailbox("ann@example.com", 0).await.is_empty());

    // A reminder carries RFC 8058's one-click unsubscribe.
    let (status, _) = app
        .put_as(
            &app.fresh_token("ann@example.com").await,
            "/_api/v1/notificationsettings",
            json!({"dailyReminder": true, "dailyReminderTime": "20:00", "timeZone": "UTC",
                   "weeklyMapReminder": false, "liveCallReminder": false, "productNews": false}),
        )
        .await;
    assert_eq!(status, reqwest::StatusCode::OK);
    let evening = app
        .state
        .clock
        .now()
        .date_naive()
        .and_hms_opt(20, 0, 30)
        .unwrap();
    app.clock()
        .set(evening.and_utc() + chrono::Duration::days(1));
    swaz::reminders::scheduler::tick(&app.state.reminders())
        .await
        .unwrap();
    let raw = tokio::time::timeout(std::time::Duration::from_secs(10), received.recv())
        .await
        .expect("the reminder arrives")
        .unwrap();
    assert!(
        raw.contains("Subject: Your 10 minutes of SWAZ practice today"),
        "{raw}"
    );
    let unfolded = raw.replace("\r\n ", " ").replace("\r\n\t", " ");
    let header = unfolded
        .lines()
        .find(|l| l.starts_with("List-Unsubscribe: "))
        .unwrap_or_else(|| panic!("no List-Unsubscribe in {raw}"));
    assert!(
        header.contains(&format!("<{}/_reminders/unsubscribe?t=", app.url(""))),
        "{header}"
    );
    assert!(
        unfolded.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"),
        "{raw}"
    );
}

#[tokio::test]
async fn an_unreachable_smtp_server_keeps_the_message_for_a_later_attempt() {
    let closed = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let app = TestApp::builder()
        .config(move |c| {
            c.smtp_url = Some(swaz::config::Secret::new(format!(
                "smtp://127.0.0.1:{port}"
            )))
        })
        .spawn()
        .await;
    app.create_user("ann@example.com", "first-password-1", "Ann")
        .await;
    app.post_json("/auth/v1/recover", json!({ "email": "ann@example.com" }))
        .await;
    let mut last_error: Option<String> = None;
    for _ in 0..100 {
        last_error = sqlx::query_scalar(
            "SELECT last_error FROM mail_outbox WHERE to_addr = $1 AND sent_at IS NULL",
        )
        .bind("ann@example.com")
        .fetch_optional(app.state.db.pool())
        .await
        .unwrap()
        .flatten();
        if last_error.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(
        last_error.is_some(),
        "the failed attempt is recorded and the message stays queued"
    );
}

#[tokio::test]
async fn the_outbox_wakes_the_mail_worker_when_the_change_commits_and_never_for_a_rollback() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let outbox = swaz::mail::Outbox::new();
    let wakes = outbox.wakes();
    let message = swaz::mail::Message {
        to: "ann@example.com".into(),
        subject: "Hello".into(),
        text: "Hi".into(),
        html: "<p>Hi</p>".into(),
        reply_to: None,
        list_unsubscribe: None,
    };
    let quiet = || tokio::time::timeout(std::time::Duration::from_millis(100), wakes.notified());

    let mut tx = db.begin_write().await.unwrap();
    outbox
        .enqueue(&mut tx, &message, app.state.clock.now_ms())
        .await
        .unwrap();
    tx.rollback().await.unwrap();
    assert!(
        quiet().await.is_err(),
        "a rolled-back message woke the worker"
    );
    let (depth, _) = swaz::mail::outbox::pending(db).await.unwrap();
    assert_eq!(depth, 0, "a rolled-back message stayed in the outbox");

    let mut tx = db.begin_write().await.unwrap();
    outbox
        .enqueue(&mut tx, &message, app.state.clock.now_ms())
        .await
        .unwrap();
    assert!(
        quiet().await.is_err(),
        "the worker was woken before the commit"
    );
    tx.commit().await.unwrap();
    assert!(quiet().await.is_ok(), "the commit did not wake the worker");
}
