//! `TestUser`: a signed-in member whose requests answer `(status, JSON)`, and the `TestApp`
//! requests every test file shares instead of a request helper of its own.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::support::{TestApp, TEST_PASSWORD};

/// What a request answers: its status and its JSON (`null` for an empty body).
pub type Answer = (StatusCode, Value);

async fn send(
    http: &reqwest::Client,
    method: Method,
    url: String,
    token: Option<&str>,
    body: Option<Value>,
) -> Answer {
    let mut req = http.request(method, url);
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    if let Some(body) = body {
        req = req.json(&body);
    }
    let res = req.send().await.unwrap();
    let status = res.status();
    let text = res.text().await.unwrap();
    let value = if text.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}"))
    };
    (status, value)
}

/// A confirmed member, signed in with [`TEST_PASSWORD`].
#[derive(Clone)]
pub struct TestUser {
    pub id: String,
    pub email: String,
    pub token: String,
    http: reqwest::Client,
    base: String,
}

impl TestUser {
    /// The same member holding another of their tokens (a later session, a stepped-up one).
    pub fn with_token(&self, token: &str) -> TestUser {
        TestUser {
            token: token.to_owned(),
            ..self.clone()
        }
    }

    pub async fn request(&self, method: Method, path: &str, body: Option<Value>) -> Answer {
        let url = format!("{}{path}", self.base);
        send(&self.http, method, url, Some(&self.token), body).await
    }

    pub async fn get(&self, path: &str) -> Answer {
        self.request(Method::GET, path, None).await
    }

    pub async fn post(&self, path: &str, body: Value) -> Answer {
        self.request(Method::POST, path, Some(body)).await
    }

    pub async fn put(&self, path: &str, body: Value) -> Answer {
        self.request(Method::PUT, path, Some(body)).await
    }

    pub async fn delete(&self, path: &str) -> Answer {
        self.request(Method::DELETE, path, Some(json!({}))).await
    }
}

impl TestApp {
    /// Sends `method path`, as the holder of `token` when given, with a JSON body when given.
    pub async fn request(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Answer {
        send(&self.http, method, self.url(path), token, body).await
    }

    /// GETs without a token, as someone who is not signed in.
    pub async fn get_public(&self, path: &str) -> Answer {
        self.request(Method::GET, path, None, None).await
    }

    /// POSTs JSON without a token, as someone who is not signed in.
    pub async fn post_public(&self, path: &str, body: Value) -> Answer {
        self.request(Method::POST, path, None, Some(body)).await
    }

    /// A confirmed member without a membership, signed in.
    pub async fn with_user(&self, email: &str, first_name: &str) -> TestUser {
        let id = self.create_user(email, TEST_PASSWORD, first_name).await;
        TestUser {
            id,
            email: email.to_owned(),
            token: self.fresh_token(email).await,
            http: self.http.clone(),
            base: self.base.clone(),
        }
    }

    /// A signed-in member with a complimentary solo membership.
    pub async fn with_paid_user(&self, email: &str) -> TestUser {
        let user = self.with_user(email, "Ann").await;
        let mut conn = self.state.db.pool().acquire().await.unwrap();
        let now = self.state.clock.now_ms();
        swaz::billing::entitlements::grant(&mut conn, &user.id, "comp_solo", "test", now)
            .await
            .unwrap();
        user
    }

    /// A coach who bought the team plan through the test-mode checkout, admin of its team.
    pub async fn with_team(&self, email: &str, first_name: &str) -> TestUser {
        let coach = self.with_user(email, first_name).await;
        let (status, body) = coach
            .post("/_api/v1/stripe/checkout", json!({ "plan": "team" }))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let session = body["url"].as_str().unwrap().rsplit('/').next().unwrap();
        let (status, body) = self
            .request(
                Method::POST,
                &format!("/_api/v1/localpay/checkout/{session}/pay"),
                None,
                Some(json!({ "email": email, "name": first_name,
                             "cardNumber": "4242 4242 4242 4242",
                             "expMonth": 12, "expYear": 2031, "cvc": "123" })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, body) = coach
            .post(
                &format!("/_api/v1/stripe/subscriptionsuccess?sessionid={session}&team=1"),
                json!({}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        coach
    }

    /// Follows the newest confirmation link mailed to `email`, as the person would.
    pub async fn confirm(&self, email: &str) {
        let mails = self.mailbox(email, 1).await;
        let mail = mails
            .iter()
            .find(|m| m["subject"] == "Confirm your SWAZ e-mail address")
            .unwrap_or_else(|| panic!("no confirmation mail to {email}"));
        let no_redirects = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let res = no_redirects.get(self.link_in(mail)).send().await.unwrap();
        let location = res.headers()["location"].to_str().unwrap();
        assert!(location.contains("#access_token="), "{location}");
    }
}
