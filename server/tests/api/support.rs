//! `TestApp`: the real app on a random port with a fresh database per test — a SQLite file in a
//! temporary directory, or a new PostgreSQL database when `TEST_DATABASE_URL` is set.

use std::path::PathBuf;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};
use swaz::config::{Environment, Secret};
use swaz::{AppState, Config};

/// The password of the users [`TestApp::signed_in_user`] makes.
pub const TEST_PASSWORD: &str = "first-password-1";

pub struct TestApp {
    pub base: String,
    pub http: reqwest::Client,
    pub state: AppState,
    dir: PathBuf,
    pg_database: Option<(String, String)>,
    served: Option<tokio::task::JoinHandle<()>>,
}

type ConfigTweak = Box<dyn FnOnce(&mut Config)>;

pub struct Builder {
    tweak: Vec<ConfigTweak>,
    web_dir: Option<PathBuf>,
    shared_database: Option<String>,
}

impl TestApp {
    pub async fn spawn() -> Self {
        Self::builder().spawn().await
    }

    pub fn builder() -> Builder {
        Builder {
            tweak: vec![],
            web_dir: None,
            shared_database: None,
        }
    }

    /// The app's clock, which tests move instead of editing stored times.
    pub fn clock(&self) -> &swaz::clock::SettableClock {
        self.state
            .settable_clock
            .as_deref()
            .expect("test apps run on a settable clock")
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    /// The environment a `swaz` command needs to work on this app's database.
    pub fn cli_env(&self) -> Vec<(String, String)> {
        vec![
            (
                "DATABASE_URL".into(),
                self.state.config.database_url.expose().to_owned(),
            ),
            ("SWAZ_DATA_DIR".into(), self.dir.display().to_string()),
            ("SWAZ_PUBLIC_URL".into(), self.base.clone()),
            (
                "SWAZ_JWT_SECRET".into(),
                self.state.config.jwt_secret.expose().to_owned(),
            ),
        ]
    }

    /// Creates a confirmed user through the sign-up rules' storage path and answers its id.
    pub async fn create_user(&self, email: &str, password: &str, first_name: &str) -> String {
        self.create_user_with(email, password, first_name, true)
            .await
    }

    pub async fn create_user_with(
        &self,
        email: &str,
        password: &str,
        first_name: &str,
        confirmed: bool,
    ) -> String {
        let email = swaz::domain::Email::parse(email).unwrap();
        let password = swaz::auth::password::NewPassword::parse(password).unwrap();
        let created = swaz::auth::service::create_user(
            &self.state.db,
            self.state.mailer(),
            swaz::auth::service::CreateUser {
                email: &email,
                password: &password,
                first_name,
                last_name: "",
                metadata: json!({}),
                confirmed,
                confirmation_redirect: Some(format!("{}/user-dashboard", self.base)),
            },
            self.state.clock.now_ms(),
        )
        .await
        .unwrap_or_else(|e| panic!("creating a test user: {e}"));
        created.user.id
    }

    pub async fn post_json(&self, path: &str, body: Value) -> reqwest::Response {
        self.http
            .post(self.url(path))
            .json(&body)
            .send()
            .await
            .unwrap()
    }

    /// Signs in with the password grant and answers GoTrue's session JSON.
    pub async fn sign_in(&self, email: &str, password: &str) -> Value {
        let res = self
            .post_json(
                "/auth/v1/token?grant_type=password",
                json!({ "email": email, "password": password }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "sign-in should succeed");
        res.json().await.unwrap()
    }

    /// A new access token for a user made by [`TestApp::signed_in_user`] or
    /// [`TestApp::paid_user`]: what a member gets by signing in again after the clock moved past
    /// their old token's expiry.
    pub async fn fresh_token(&self, email: &str) -> String {
        self.sign_in(email, TEST_PASSWORD).await["access_token"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    /// A confirmed user, signed in: answers (user id, access token, session JSON).
    pub async fn signed_in_user(&self, email: &str) -> (String, String, Value) {
        let id = self.create_user(email, TEST_PASSWORD, "Ann").await;
        let session = self.sign_in(email, TEST_PASSWORD).await;
        let token = session["access_token"].as_str().unwrap().to_owned();
        (id, token, session)
    }

    /// A signed-in member with a complimentary membership: answers (user id, access token).
    pub async fn paid_user(&self, email: &str) -> (String, String) {
        let user = self.with_paid_user(email).await;
        (user.id, user.token)
    }

    /// GET with the bearer token, decoded as JSON.
    pub async fn get_json(&self, path: &str, token: &str) -> Value {
        self.get_auth(path, token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }

    /// GET without a token, decoded as JSON.
    pub async fn get_public_json(&self, path: &str) -> Value {
        self.http
            .get(self.url(path))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }

    /// How many rows `table` has.
    pub async fn count(&self, table: &str) -> i64 {
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
            .fetch_one(self.state.db.pool())
            .await
            .unwrap()
    }

    pub fn get_auth(&self, path: &str, token: &str) -> reqwest::RequestBuilder {
        self.http.get(self.url(path)).bearer_auth(token)
    }

    /// POSTs JSON as `token`'s user; the status and the JSON answer.
    pub async fn post_as(&self, token: &str, path: &str, body: Value) -> (StatusCode, Value) {
        self.request(reqwest::Method::POST, path, Some(token), Some(body))
            .await
    }

    /// PUTs JSON as `token`'s user; the status and the JSON answer.
    pub async fn put_as(&self, token: &str, path: &str, body: Value) -> (StatusCode, Value) {
        self.request(reqwest::Method::PUT, path, Some(token), Some(body))
            .await
    }

    /// GETs as `token`'s user; the status and the JSON answer.
    pub async fn get_as(&self, token: &str, path: &str) -> (StatusCode, Value) {
        self.request(reqwest::Method::GET, path, Some(token), None)
            .await
    }

    /// Messages in the local mailbox for `to`, newest first; waits up to 5 s for `min` of them.
    pub async fn mailbox(&self, to: &str, min: usize) -> Vec<Value> {
        for _ in 0..100 {
            let res = self
                .http
                .get(self.url(&format!("/_dev/mailbox?to={}", urlencoding::encode(to))))
                .send()
                .await
                .unwrap();
            let messages: Vec<Value> = res.json().await.unwrap();
            if messages.len() >= min {
                return messages;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("expected at least {min} message(s) to {to} in the mailbox");
    }

    /// Whether `swaz::serve` returned (after a shutdown) within `within`.
    pub async fn server_stopped_within(&mut self, within: Duration) -> bool {
        let served = self.served.take().expect("the server is watched once");
        tokio::time::timeout(within, served).await.is_ok()
    }

    /// The first link in a mailed text that starts with this app's address.
    pub fn link_in(&self, message: &Value) -> String {
        let text = message["text"].as_str().unwrap();
        text.split_whitespace()
            .find(|w| w.starts_with(&self.base))
            .unwrap_or_else(|| panic!("no link in {text}"))
            .to_owned()
    }
}

impl Builder {
    pub fn config(mut self, f: impl FnOnce(&mut Config) + 'static) -> Self {
        self.tweak.push(Box::new(f));
        self
    }

    pub fn web_dir(mut self, dir: PathBuf) -> Self {
        self.web_dir = Some(dir);
        self
    }

    /// A second instance on `other`'s database (the multi-instance set-up); `other` owns the
    /// database and drops it.
    pub fn same_database_as(mut self, other: &TestApp) -> Self {
        self.shared_database = Some(other.state.config.database_url.expose().to_owned());
        self
    }

    pub async fn spawn(self) -> TestApp {
        let dir = std::env::temp_dir().join(format!("swaz-test-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let shared = self.shared_database.clone();
        let (database_url, pg_database) = match std::env::var("TEST_DATABASE_URL") {
            _ if shared.is_some() => (shared.unwrap_or_default(), None),
            Ok(base) if base.starts_with("postgres") => {
                let name = format!("swaz_t_{}", uuid::Uuid::new_v4().simple());
                create_pg_database(&base, &name).await;
                (replace_db_name(&base, &name), Some((base, name)))
            }
            _ => (swaz::config::sqlite_url(&dir.join("swaz.db")), None),
        };
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let mut config = Config {
            addr,
            data_dir: dir.clone(),
            database_url: Secret::new(database_url),
            web_dir: self.web_dir.unwrap_or_else(|| dir.join("web")),
            env: Environment::Development,
            public_url: format!("http://{addr}"),
            jwt_secret: Secret::new("test-secret-test-secret-test-secret-0123"),
            jwt_expiry_secs: 3600,
            refresh_reuse_interval_secs: 10,
            smtp_url: None,
            mail_from: "SWAZ <no-reply@swaz.local>".into(),
            trust_proxy: false,
            max_body_bytes: 64 * 1024,
            auth_rate_limit: 1000,
            auth_rate_window_secs: 300,
            mailer_autoconfirm: false,
            disable_signup: false,
            secure_password_change: false,
            secure_email_change: true,
            password_min_length: 8,
            version: "test",
            commit: "testcommit".into(),
            billing: swaz::config::BillingConfig::defaults(),
            live_call_url: "https://meet.example.com/swaz-live".into(),
            settable_clock: true,
            // Tests run rounds themselves with `reminders::scheduler::tick`.
            reminder_tick_secs: 0,
            contact_email: "operator@swaz.test".into(),
            contact_rate_limit: 1000,
            testimonial_video_url: None,
            shutdown_drain_secs: 0,
            shutdown_grace_secs: 5,
            metrics_token: None,
            max_connections: 1000,
            max_connections_per_client: 1000,
            header_read_timeout_secs: 10,
            idle_timeout_secs: 60,
        };
        for tweak in self.tweak {
            tweak(&mut config);
        }
        let state = swaz::build(config).await.expect("building the app");
        let serving = state.clone();
        let served = tokio::spawn(async move {
            swaz::serve(serving, listener).await.unwrap();
        });
        TestApp {
            base: format!("http://{addr}"),
            http: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .unwrap(),
            state,
            dir,
            pg_database,
            served: Some(served),
        }
    }
}

fn replace_db_name(url: &str, name: &str) -> String {
    let mut parsed = url::Url::parse(url).expect("TEST_DATABASE_URL must be a URL");
    parsed.set_path(&format!("/{name}"));
    parsed.to_string()
}

async fn admin_exec(base: &str, sql: &str) {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(base)
        .await
        .expect("connecting to TEST_DATABASE_URL");
    sqlx::query(sql)
        .execute(&mut conn)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    let _ = conn.close().await;
}

async fn create_pg_database(base: &str, name: &str) {
    admin_exec(base, &format!("CREATE DATABASE \"{name}\"")).await;
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
        if let Some((base, name)) = self.pg_database.take() {
            // Dropping needs async work outside the test's runtime, which is shutting down;
            // FORCE ends the server's own connections.
            let _ = std::thread::spawn(move || {
                let rt = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .unwrap();
                rt.block_on(async move {
                    admin_exec(
                        &base,
                        &format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"),
                    )
                    .await;
                });
            })
            .join();
        }
    }
}
