//! Stripe's REST API over HTTP: the secret key and the pinned `Stripe-Version` on every call, an
//! `Idempotency-Key` on every POST, a few quick retries of what Stripe says may be retried, and
//! Stripe's refusals turned into answers a person can act on.

use std::time::Duration;

use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::error::{AppError, Result};

/// Tries of one request: the first and two retries.
const ATTEMPTS: u32 = 3;
/// The wait before the first retry; it doubles for the next one (150 ms, then 300 ms).
const FIRST_BACKOFF: Duration = Duration::from_millis(150);
/// The longest wait a `Retry-After` header may ask for between two tries; the member is waiting.
const LONGEST_RETRY_AFTER: Duration = Duration::from_secs(1);

/// Stripe refused a change for a reason other than the card (a bad parameter, a state that does
/// not allow it, a wrong key): nothing was charged, and the operator finds the cause in the log.
pub(crate) const REFUSED_CHANGE: &str =
    "The payment service refused this change; nothing was charged. Please try again later or contact support.";
/// The same for a read.
const REFUSED_READ: &str =
    "The payment service refused to show this billing information. Please try again later or contact support.";
/// Stripe kept answering 429 or 5xx, or could not be reached.
const UNAVAILABLE: &str =
    "The payment service is not answering right now. Please try again in a few minutes.";

/// One thing SWAZ asks of Stripe on a member's behalf (a checkout, a cancellation, a resume…),
/// naming the `Idempotency-Key` of each POST it makes.
///
/// A provider call starts one operation with a fresh random id, and its POSTs are keyed
/// `swaz-{id}-{step}`. Every retry of a POST sends the same key, so Stripe answers a retry of a
/// change it already made with the stored answer instead of making it twice. A later operation
/// gets a new id even when it sends the same parameters: cancel, resume and cancel again on one
/// subscription within Stripe's 24-hour key window are three changes, and the third must not be
/// answered with the first one's stored result. Keys are therefore not derived from the
/// parameters, and not from SWAZ's own request either: a member's repeated click is a new
/// decision, and the changes SWAZ makes (set or clear a pending cancellation, set a default card)
/// come out the same when made twice.
pub(crate) struct Operation {
    id: String,
}

impl Operation {
    pub(crate) fn start() -> Self {
        Self {
            id: uuid::Uuid::new_v4().simple().to_string(),
        }
    }

    /// The key of this operation's POST named `step`.
    pub(crate) fn key(&self, step: &str) -> String {
        format!("swaz-{}-{step}", self.id)
    }
}

/// Stripe's answer to a request that it refused (a 4xx other than a missing record).
#[derive(Debug)]
pub(crate) struct Refusal {
    pub status: StatusCode,
    /// `card_error`, `invalid_request_error`, …
    pub kind: Option<String>,
    /// `resource_missing`, `card_declined`, …
    pub code: Option<String>,
    pub message: String,
}

impl Refusal {
    fn from_body(status: StatusCode, body: &Value) -> Self {
        let field = |name: &str| {
            body.pointer(&format!("/error/{name}"))
                .and_then(Value::as_str)
                .map(str::to_owned)
        };
        Self {
            status,
            kind: field("type"),
            code: field("code"),
            message: field("message").unwrap_or_else(|| "Stripe refused the request".to_owned()),
        }
    }

    fn is_missing(&self) -> bool {
        self.status == StatusCode::NOT_FOUND || self.code.as_deref() == Some("resource_missing")
    }

    /// The answer for the member: a declined card says why (402), a missing record is a 404, and
    /// anything else is the payment service's refusal (502), logged with Stripe's reason.
    pub(crate) fn into_error(self, path: &str, change: bool) -> AppError {
        if self.kind.as_deref() == Some("card_error") {
            return AppError::PaymentRequired(self.message);
        }
        if self.is_missing() {
            return AppError::not_found("Stripe does not know that record.");
        }
        tracing::warn!(
            path,
            status = self.status.as_u16(),
            kind = self.kind.as_deref().unwrap_or(""),
            code = self.code.as_deref().unwrap_or(""),
            reason = %self.message,
            "Stripe refused a request"
        );
        AppError::bad_gateway(if change { REFUSED_CHANGE } else { REFUSED_READ })
    }
}

/// What one request came to, once retries are done.
enum Outcome {
    Answered(Value),
    Refused(Refusal),
}

pub(crate) struct Client {
    http: reqwest::Client,
    base: String,
    key: String,
    version: String,
}

impl Client {
    pub(crate) fn new(base: &str, key: String, version: String) -> anyhow::Result<Self> {
        Ok(Self {
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(30))
                .build()?,
            base: base.trim_end_matches('/').to_owned(),
            key,
            version,
        })
    }

    /// A read; `None` when Stripe does not know the record.
    pub(crate) async fn get(&self, path: &str, query: &[(&str, &str)]) -> Result<Option<Value>> {
        match self.send(Method::GET, path, &pairs(query), None).await? {
            Outcome::Answered(body) => Ok(Some(body)),
            Outcome::Refused(refusal) if refusal.is_missing() => Ok(None),
            Outcome::Refused(refusal) => Err(refusal.into_error(path, false)),
        }
    }

    /// A change, keyed by `key` (see [`Operation`]).
    pub(crate) async fn post(&self, key: &str, path: &str, form: &[(&str, &str)]) -> Result<Value> {
        self.try_post(key, path, form)
            .await?
            .map_err(|refusal| refusal.into_error(path, true))
    }

    /// A deletion (cancelling a subscription at once), keyed like a change; `None` when Stripe
    /// does not know the record.
    pub(crate) async fn delete(&self, key: &str, path: &str) -> Result<Option<Value>> {
        match self.send(Method::DELETE, path, &[], Some(key)).await? {
            Outcome::Answered(body) => Ok(Some(body)),
            Outcome::Refused(refusal) if refusal.is_missing() => Ok(None),
            Outcome::Refused(refusal) => Err(refusal.into_error(path, true)),
        }
    }

    /// A change whose refusal the caller reads for itself (for example to tell a subscription
    /// that has meanwhile ended from any other refusal).
    pub(crate) async fn try_post(
        &self,
        key: &str,
        path: &str,
        form: &[(&str, &str)],
    ) -> Result<Result<Value, Refusal>> {
        Ok(
            match self
                .send(Method::POST, path, &pairs(form), Some(key))
                .await?
            {
                Outcome::Answered(body) => Ok(body),
                Outcome::Refused(refusal) => Err(refusal),
            },
        )
    }

    async fn send(
        &self,
        method: Method,
        path: &str,
        params: &[(String, String)],
        idempotency_key: Option<&str>,
    ) -> Result<Outcome> {
        let url = format!("{}{path}", self.base);
        let mut attempt = 1;
        loop {
            let mut req = self
                .http
                .request(method.clone(), &url)
                .bearer_auth(&self.key)
                .header("Stripe-Version", &self.version);
            if let Some(key) = idempotency_key {
                req = req.header("Idempotency-Key", key);
            }
            req = if method == Method::GET {
                req.query(params)
            } else {
                req.form(params)
            };
            let wait = match req.send().await {
                // The request never reached Stripe: sending it again is safe.
                Err(e) if e.is_connect() => Retry(None),
                Err(e) => return Err(unavailable(path, attempt, &e.to_string())),
                Ok(res) => {
                    let status = res.status();
                    let retry = retry_of(status, res.headers());
                    match retry {
                        Some(wait) if attempt < ATTEMPTS => wait,
                        _ => return answer(path, attempt, status, retry.is_some(), res).await,
                    }
                }
            };
            if attempt >= ATTEMPTS {
                return Err(unavailable(path, attempt, "could not connect"));
            }
            tokio::time::sleep(wait.delay(attempt)).await;
            attempt += 1;
        }
    }
}

/// Reads Stripe's final answer to a request.
async fn answer(
    path: &str,
    attempts: u32,
    status: StatusCode,
    retryable: bool,
    res: reqwest::Response,
) -> Result<Outcome> {
    let bytes = res
        .bytes()
        .await
        .map_err(|e| unavailable(path, attempts, &format!("reading the answer: {e}")))?;
    if status.is_success() {
        let body = serde_json::from_slice(&bytes).map_err(|e| {
            AppError::Internal(anyhow::anyhow!(
                "Stripe {path} answered unreadable JSON: {e}"
            ))
        })?;
        return Ok(Outcome::Answered(body));
    }
    // An error page of a proxy in front of Stripe is no JSON: it still is an error.
    let body: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    let refusal = Refusal::from_body(status, &body);
    if retryable || status.is_server_error() {
        return Err(unavailable(
            path,
            attempts,
            &format!("{status}: {}", refusal.message),
        ));
    }
    Ok(Outcome::Refused(refusal))
}

/// Whether an answer may be tried again: after the wait Stripe asked for, if it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Retry(Option<Duration>);

impl Retry {
    /// The wait before try `attempt + 1`: Stripe's `Retry-After` (capped), else the back-off.
    fn delay(self, attempt: u32) -> Duration {
        self.0
            .map(|d| d.min(LONGEST_RETRY_AFTER))
            .unwrap_or(FIRST_BACKOFF * 2u32.pow(attempt.saturating_sub(1)))
    }
}

/// Stripe's own word (`Stripe-Should-Retry`) when it gives one; otherwise 429 and 5xx are tried
/// again.
fn retry_of(status: StatusCode, headers: &HeaderMap) -> Option<Retry> {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let retry = match header("stripe-should-retry") {
        Some("true") => true,
        Some("false") => false,
        _ => status == StatusCode::TOO_MANY_REQUESTS || status.is_server_error(),
    };
    retry.then(|| {
        Retry(
            header("retry-after")
                .and_then(|v| v.trim().parse::<f64>().ok())
                .filter(|secs| secs.is_finite() && *secs >= 0.0)
                .map(|secs| Duration::from_secs_f64(secs.min(3600.0))),
        )
    })
}

fn unavailable(path: &str, attempts: u32, reason: &str) -> AppError {
    tracing::error!(path, attempts, reason, "Stripe is unavailable");
    AppError::bad_gateway(UNAVAILABLE)
}

fn pairs(params: &[(&str, &str)]) -> Vec<(String, String)> {
    params
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn rate_limits_and_server_errors_are_retried_unless_stripe_says_otherwise() {
        let none = headers(&[]);
        assert!(retry_of(StatusCode::TOO_MANY_REQUESTS, &none).is_some());
        assert!(retry_of(StatusCode::SERVICE_UNAVAILABLE, &none).is_some());
        assert!(retry_of(StatusCode::BAD_REQUEST, &none).is_none());
        assert!(retry_of(StatusCode::OK, &none).is_none());
        let no = headers(&[("stripe-should-retry", "false")]);
        assert!(retry_of(StatusCode::INTERNAL_SERVER_ERROR, &no).is_none());
        let yes = headers(&[("stripe-should-retry", "true")]);
        assert!(retry_of(StatusCode::CONFLICT, &yes).is_some());
    }

    #[test]
    fn the_wait_doubles_and_a_retry_after_is_honoured_up_to_a_second() {
        let none = headers(&[]);
        let backoff = retry_of(StatusCode::INTERNAL_SERVER_ERROR, &none).unwrap();
        assert_eq!(backoff.delay(1), Duration::from_millis(150));
        assert_eq!(backoff.delay(2), Duration::from_millis(300));
        let short = retry_of(
            StatusCode::TOO_MANY_REQUESTS,
            &headers(&[("retry-after", "0.5")]),
        )
        .unwrap();
        assert_eq!(short.delay(1), Duration::from_millis(500));
        let long = retry_of(
            StatusCode::TOO_MANY_REQUESTS,
            &headers(&[("retry-after", "120")]),
        )
        .unwrap();
        assert_eq!(long.delay(2), LONGEST_RETRY_AFTER);
        let garbage = retry_of(
            StatusCode::TOO_MANY_REQUESTS,
            &headers(&[("retry-after", "soon")]),
        )
        .unwrap();
        assert_eq!(garbage.delay(1), FIRST_BACKOFF);
    }

    #[test]
    fn each_operation_keys_its_steps_and_no_two_operations_share_a_key() {
        let first = Operation::start();
        let second = Operation::start();
        assert_eq!(first.key("cancel"), first.key("cancel"));
        assert_ne!(first.key("cancel"), first.key("customer"));
        assert_ne!(first.key("cancel"), second.key("cancel"));
        assert!(first.key("cancel").starts_with("swaz-"));
    }
}
