//! The real `swaz` binary run by tests: one-shot commands and `swaz serve` as a process.

use std::os::unix::process::ExitStatusExt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use reqwest::StatusCode;

/// Runs `swaz args…` with `envs` (usually `TestApp::cli_env`), logging warnings only.
pub async fn swaz_cli(envs: Vec<(String, String)>, args: &[&str]) -> std::process::Output {
    tokio::process::Command::new(env!("CARGO_BIN_EXE_swaz"))
        .args(args)
        .envs(envs)
        .env("SWAZ_LOG", "warn")
        .output()
        .await
        .unwrap()
}

/// `swaz serve` on a free loopback port, its stderr in a log file; killed when dropped.
pub struct ServeProcess {
    pub child: tokio::process::Child,
    pub base: String,
    pub log: PathBuf,
}

impl ServeProcess {
    /// Starts the server with `envs`, then `overrides` (reminders off, the default log level
    /// unless an override sets one), and answers once `/readyz` says ready.
    pub async fn start(envs: Vec<(String, String)>, overrides: &[(&str, &str)]) -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let base = format!("http://127.0.0.1:{port}");
        let log = std::env::temp_dir().join(format!("swaz-serve-{}.log", uuid::Uuid::new_v4()));
        let child = tokio::process::Command::new(env!("CARGO_BIN_EXE_swaz"))
            .arg("serve")
            .envs(envs)
            .env("SWAZ_ADDR", format!("127.0.0.1:{port}"))
            .env("SWAZ_PUBLIC_URL", &base)
            .env("SWAZ_REMINDER_TICK_SECS", "0")
            .env_remove("SWAZ_LOG")
            .envs(overrides.iter().copied())
            .stdout(std::process::Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let mut server = ServeProcess { child, base, log };
        let http = reqwest::Client::new();
        let started = Instant::now();
        loop {
            if let Ok(res) = http.get(format!("{}/readyz", server.base)).send().await {
                if res.status() == StatusCode::OK {
                    return server;
                }
            }
            if let Some(status) = server.child.try_wait().unwrap() {
                panic!("swaz serve exited ({status}):\n{}", server.log_text());
            }
            assert!(
                started.elapsed() < Duration::from_secs(15),
                "swaz serve did not become ready:\n{}",
                server.log_text()
            );
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// A real SIGKILL: no shutdown code of the server runs.
    pub async fn sigkill(&mut self) {
        let pid = self.child.id().expect("the server is still running") as libc::pid_t;
        // SAFETY: `pid` is our own child, not yet reaped, so it names no other process.
        let sent = unsafe { libc::kill(pid, libc::SIGKILL) };
        assert_eq!(sent, 0, "kill -KILL {pid}");
        let status = tokio::time::timeout(Duration::from_secs(5), self.child.wait())
            .await
            .expect("a SIGKILLed server is gone within 5 s")
            .unwrap();
        assert_eq!(
            status.signal(),
            Some(libc::SIGKILL),
            "the server died of SIGKILL: {status}"
        );
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for ServeProcess {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.log);
    }
}
