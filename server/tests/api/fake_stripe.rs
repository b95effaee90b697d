//! A fake Stripe HTTP server for the tests: the endpoints the Stripe provider calls, with
//! Stripe's form-encoded requests and JSON objects, plus `/_fake/complete/{session}` standing in
//! for the buyer paying on Stripe's hosted page.
//!
//! Like Stripe, it answers a POST whose `Idempotency-Key` it has seen with the stored answer (and
//! refuses the key with other parameters); unlike Stripe, it refuses a POST without a key, so a
//! test fails when SWAZ forgets one. It counts every call, and can be told to fail the next call
//! to a path once (429, 500, a refusal) to exercise SWAZ's retries.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use axum::body::{to_bytes, Body};
use axum::extract::{Path, Query, Request, State};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Json, Router};
use serde_json::{json, Value};

pub const KEY: &str = "sk_test_fake_key";
/// The API version SWAZ pins, whose shapes the fake speaks.
pub const CURRENT: &str = swaz::config::DEFAULT_STRIPE_API_VERSION;
/// The version SWAZ pinned before: billing periods on the subscription, `invoice.subscription`,
/// `invoice.payment_intent` and `invoice.charge`. Webhook endpoints made then still send it.
pub const OLDER: &str = "2024-06-20";
/// A version newer than SWAZ knows, as an endpoint upgraded in the Dashboard sends: the fake
/// renders its events with only the object's id and type, plus fields SWAZ has never seen.
pub const NEWER: &str = "2027-03-31.future";
pub const WEBHOOK_SECRET: &str = "whsec_fake_secret";

#[derive(Default)]
pub struct Store {
    next: u64,
    pub sessions: HashMap<String, Value>,
    pub subscriptions: HashMap<String, Value>,
    pub customers: HashMap<String, Value>,
    pub payment_methods: HashMap<String, Value>,
    pub payment_intents: HashMap<String, Value>,
    pub invoices: Vec<Value>,
    /// Every form the server received, by path.
    pub forms: Vec<(String, HashMap<String, String>)>,
    /// Every call to Stripe's API, as (method, path), oldest first.
    pub calls: Vec<(String, String)>,
    /// Every `Stripe-Version` the calls named.
    pub versions: HashSet<String>,
    /// The `Idempotency-Key` of every POST (failed ones too), as (path, key), oldest first.
    pub keys: Vec<(String, String)>,
    /// Answers to give once instead of serving: (method, path, status).
    failures: Vec<(String, String, u16)>,
    /// The stored answer of each idempotency key: the request it was for, status and body.
    idempotent: HashMap<String, Replay>,
    /// Subscriptions that end (as Stripe ends an unpaid one) just before their next update.
    pub end_before_next_update: HashSet<String>,
    /// The payment intents refunded, oldest first.
    pub refunds: Vec<String>,
}

/// The price, in cents, and the period, in days, of each configured price (see `configure`).
fn priced(price: &str) -> (i64, i64) {
    match price {
        "price_solo_yearly" => (28900, 365),
        "price_team" => (19900, 30),
        "price_team_yearly" => (199000, 365),
        _ => (2900, 30),
    }
}

/// `part / whole` of `amount`, rounded to the cent.
fn share(amount: i64, part: i64, whole: i64) -> i64 {
    (amount * part + whole / 2) / whole
}

/// Stripe's proration of changing `sub`'s item to `price` at `at` (always_invoice): the invoice
/// total (negative when the unused time is worth more) and the period the change gives.
fn prorate(sub: &Value, price: &str, at: i64, new_period: bool) -> (i64, i64, i64) {
    let item = &sub["items"]["data"][0];
    let (start, end) = (
        item["current_period_start"].as_i64().unwrap(),
        item["current_period_end"].as_i64().unwrap(),
    );
    let (old, _) = priced(item["price"]["id"].as_str().unwrap_or(""));
    let (new, days) = priced(price);
    let unused = share(old, end - at, end - start);
    if new_period {
        (new - unused, at, at + days * 86_400)
    } else {
        (share(new, end - at, end - start) - unused, start, end)
    }
}

struct Replay {
    request: (String, Vec<u8>),
    status: StatusCode,
    body: Vec<u8>,
}

impl Store {
    fn id(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("{prefix}_fake{}", self.next)
    }
}

#[derive(Clone)]
pub struct FakeStripe {
    pub base: String,
    pub store: Arc<Mutex<Store>>,
}

type Shared = Arc<Mutex<Store>>;

fn missing(what: &str) -> Response {
    (StatusCode::NOT_FOUND, Json(json!({ "error": { "type": "invalid_request_error", "code": "resource_missing", "message": format!("No such {what}") } }))).into_response()
}

/// Stripe's answer to a request without the secret key or the pinned API version.
fn refused(headers: &HeaderMap) -> Option<Response> {
    let ok = headers.get("authorization").and_then(|v| v.to_str().ok())
        == Some(&format!("Bearer {KEY}"))
        && headers.get("stripe-version").is_some();
    (!ok).then(|| {
        (StatusCode::UNAUTHORIZED, Json(json!({ "error": { "type": "invalid_request_error", "message": "Invalid API Key provided" } }))).into_response()
    })
}

fn stripe_error(status: StatusCode, kind: &str, message: &str) -> Response {
    (
        status,
        Json(json!({ "error": { "type": kind, "message": message } })),
    )
        .into_response()
}

/// In front of every handler: counts the call, gives an answer the test asked for, and keeps
/// Stripe's idempotency rules for POSTs.
async fn guard(State(s): State<Shared>, request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    if !path.starts_with("/v1/") {
        return next.run(request).await;
    }
    let key = request
        .headers()
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let failure = {
        let mut store = s.lock().unwrap();
        store.calls.push((method.to_string(), path.clone()));
        if let Some(version) = request.headers().get("stripe-version") {
            store
                .versions
                .insert(version.to_str().unwrap_or("").to_owned());
        }
        if let Some(key) = &key {
            store.keys.push((path.clone(), key.clone()));
        }
        let at = store
            .failures
            .iter()
            .position(|(m, p, _)| *m == method.as_str() && *p == path);
        at.map(|at| store.failures.remove(at).2)
    };
    if let Some(status) = failure {
        let status = StatusCode::from_u16(status).unwrap();
        return match status.as_u16() {
            429 => stripe_error(
                status,
                "invalid_request_error",
                "Too many requests hit the API too quickly.",
            ),
            500.. => stripe_error(status, "api_error", "Something went wrong on Stripe's end."),
            _ => stripe_error(
                status,
                "invalid_request_error",
                "This request was refused for the test.",
            ),
        };
    }
    if method != Method::POST {
        return next.run(request).await;
    }
    let Some(key) = key else {
        return stripe_error(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            "The fake Stripe refuses a POST without an Idempotency-Key header.",
        );
    };
    let (parts, body) = request.into_parts();
    let body = to_bytes(body, 1 << 20).await.unwrap().to_vec();
    let asked = (path, body.clone());
    if let Some(replay) = s.lock().unwrap().idempotent.get(&key) {
        if replay.request != asked {
            return stripe_error(
                StatusCode::BAD_REQUEST,
                "idempotency_error",
                "Keys for idempotent requests can only be used with the same parameters they were first used with.",
            );
        }
        let mut res = (replay.status, replay.body.clone()).into_response();
        res.headers_mut()
            .insert("content-type", "application/json".parse().unwrap());
        res.headers_mut()
            .insert("idempotent-replayed", "true".parse().unwrap());
        return res;
    }
    let res = next.run(Request::from_parts(parts, Body::from(body))).await;
    let (parts, body) = res.into_parts();
    let body = to_bytes(body, 1 << 20).await.unwrap().to_vec();
    s.lock().unwrap().idempotent.insert(
        key,
        Replay {
            request: asked,
            status: parts.status,
            body: body.clone(),
        },
    );
    Response::from_parts(parts, Body::from(body))
}

fn card(pm: &Value) -> Value {
    pm.clone()
}

async fn create_session(
    State(s): State<Shared>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    if let Some(r) = refused(&headers) {
        return r;
    }
    let mut store = s.lock().unwrap();
    let id = store.id("cs_test");
    store
        .forms
        .push(("/v1/checkout/sessions".into(), form.clone()));
    let get = |k: &str| {
        form.get(k)
            .cloned()
            .map(Value::String)
            .unwrap_or(Value::Null)
    };
    let session = json!({
        "id": id, "object": "checkout.session", "mode": get("mode"), "status": "open", "payment_status": "unpaid",
        "url": format!("https://checkout.stripe.test/c/pay/{id}"),
        "success_url": get("success_url"), "cancel_url": get("cancel_url"),
        "customer": get("customer"), "customer_email": get("customer_email"),
        "client_reference_id": get("client_reference_id"),
        "metadata": { "plan": get("metadata[plan]") },
        "line_items_price": get("line_items[0][price]"),
        "setup_sub": get("setup_intent_data[metadata][subscription_id]"),
        "subscription": null, "setup_intent": null, "customer_details": null,
    });
    store.sessions.insert(id, session.clone());
    Json(session).into_response()
}

async fn get_session(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(q): Query<Vec<(String, String)>>,
) -> Response {
    if let Some(r) = refused(&headers) {
        return r;
    }
    let store = s.lock().unwrap();
    let Some(mut session) = store.sessions.get(&id).cloned() else {
        return missing("checkout.session");
    };
    if !q
        .iter()
        .any(|(k, v)| k == "expand[]" && v == "setup_intent")
    {
        if let Some(si) = session
            .get("setup_intent")
            .and_then(|v| v.get("id"))
            .cloned()
        {
            session["setup_intent"] = si;
        }
    }
    Json(session).into_response()
}

/// The buyer pays (subscription mode) or saves a card (setup mode) on the hosted page.
async fn complete(
    State(s): State<Shared>,
    Path(id): Path<String>,
    Json(input): Json<Value>,
) -> Response {
    let mut store = s.lock().unwrap();
    let Some(mut session) = store.sessions.get(&id).cloned() else {
        return missing("checkout.session");
    };
    let pm_id = store.id("pm");
    let pm = json!({ "id": pm_id, "object": "payment_method", "card": input["card"].clone() });
    store.payment_methods.insert(pm_id.clone(), pm.clone());
    let now = chrono::Utc::now().timestamp();
    if session["mode"] == "setup" {
        let seti = store.id("seti");
        session["setup_intent"] = json!({ "id": seti, "payment_method": pm_id, "metadata": { "subscription_id": session["setup_sub"].clone() } });
    } else {
        let customer = match session["customer"].as_str() {
            Some(c) => c.to_owned(),
            None => {
                let c = store.id("cus");
                store.customers.insert(c.clone(), json!({ "id": c, "email": input["email"].clone(), "invoice_settings": { "default_payment_method": pm_id } }));
                c
            }
        };
        let sub_id = store.id("sub");
        let plan = session["metadata"]["plan"].clone();
        let price = session["line_items_price"].clone();
        let item_id = store.id("si");
        store.subscriptions.insert(
            sub_id.clone(),
            json!({
                "id": sub_id, "object": "subscription", "customer": customer, "status": "active",
                "cancel_at_period_end": false, "canceled_at": null, "metadata": { "plan": plan },
                "items": { "object": "list", "data": [{
                    "id": item_id, "object": "subscription_item", "price": { "id": price },
                    "current_period_start": now, "current_period_end": now + 30 * 86400,
                }] },
                "default_payment_method": pm_id,
            }),
        );
        let invoice_id = store.id("in");
        let pi_id = store.id("pi");
        let charge_id = store.id("ch");
        store.payment_intents.insert(pi_id.clone(), json!({
            "id": pi_id, "object": "payment_intent", "customer": customer, "amount": 2900,
            "currency": "usd", "status": "succeeded", "payment_method": pm_id, "latest_charge": charge_id,
        }));
        let payment_id = store.id("inpay");
        store.invoices.push(json!({
            "id": invoice_id, "object": "invoice", "customer": customer, "created": now,
            "parent": { "type": "subscription_details", "quote_details": null,
                        "subscription_details": { "subscription": sub_id, "metadata": {} } },
            "status": "paid", "currency": "usd", "amount_due": 2900, "amount_paid": 2900,
            "hosted_invoice_url": format!("https://invoice.stripe.test/i/{invoice_id}"),
            "invoice_pdf": format!("https://pay.stripe.test/invoice/{invoice_id}/pdf"),
            "payments": { "object": "list", "has_more": false, "data": [{
                "id": payment_id, "object": "invoice_payment", "invoice": invoice_id, "is_default": true,
                "status": "paid", "amount_paid": 2900, "amount_requested": 2900, "currency": "usd",
                "payment": { "type": "payment_intent", "payment_intent": pi_id },
            }] },
        }));
        session["customer"] = json!(customer);
        session["subscription"] = json!(sub_id);
        session["payment_status"] = json!("paid");
        session["customer_details"] =
            json!({ "email": input["email"].clone(), "name": input["name"].clone() });
    }
    session["status"] = json!("complete");
    store.sessions.insert(id, session.clone());
    Json(session).into_response()
}

fn expanded_subscription(store: &Store, id: &str) -> Option<Value> {
    let mut sub = store.subscriptions.get(id)?.clone();
    if let Some(pm) = sub["default_payment_method"]
        .as_str()
        .and_then(|pm| store.payment_methods.get(pm))
    {
        sub["default_payment_method"] = card(pm);
    }
    Some(sub)
}

async fn get_subscription(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if let Some(r) = refused(&headers) {
        return r;
    }
    let store = s.lock().unwrap();
    match expanded_subscription(&store, &id) {
        Some(sub) => Json(sub).into_response(),
        None => missing("subscription"),
    }
}

async fn update_subscription(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    if let Some(r) = refused(&headers) {
        return r;
    }
    let mut store = s.lock().unwrap();
    store
        .forms
        .push((format!("/v1/subscriptions/{id}"), form.clone()));
    let ends_now = store.end_before_next_update.remove(&id);
    let Some(sub) = store.subscriptions.get_mut(&id) else {
        return missing("subscription");
    };
    if ends_now {
        sub["status"] = json!("canceled");
        sub["ended_at"] = json!(chrono::Utc::now().timestamp());
    }
    if sub["status"] == "canceled" && form.contains_key("cancel_at_period_end") {
        return (StatusCode::BAD_REQUEST, Json(json!({ "error": { "type": "invalid_request_error", "message": "A canceled subscription can only update its cancellation_details and metadata." } }))).into_response();
    }
    match form.get("cancel_at_period_end").map(String::as_str) {
        Some("true") => {
            sub["cancel_at_period_end"] = json!(true);
            sub["canceled_at"] = json!(chrono::Utc::now().timestamp());
        }
        // Stripe forgets the pending cancellation, `canceled_at` included.
        Some("false") => {
            sub["cancel_at_period_end"] = json!(false);
            sub["canceled_at"] = Value::Null;
        }
        _ => {}
    }
    if let Some(pm) = form.get("default_payment_method") {
        sub["default_payment_method"] = json!(pm);
    }
    if let Some(price) = form.get("items[0][price]") {
        if form.get("items[0][id]").map(String::as_str) != sub["items"]["data"][0]["id"].as_str() {
            return stripe_error(
                StatusCode::BAD_REQUEST,
                "invalid_request_error",
                "No such subscription item.",
            );
        }
        let at = form
            .get("proration_date")
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        let anchor = form.get("billing_cycle_anchor").map(String::as_str) == Some("now");
        let (total, start, end) = prorate(sub, price, at, anchor);
        let item = &mut sub["items"]["data"][0];
        item["price"] = json!({ "id": price });
        item["current_period_start"] = json!(start);
        item["current_period_end"] = json!(end);
        if let Some(plan) = form.get("metadata[plan]") {
            sub["metadata"]["plan"] = json!(plan);
        }
        let customer = sub["customer"].clone();
        let invoice_id = store.id("in");
        store.invoices.push(json!({
            "id": invoice_id, "object": "invoice", "customer": customer, "created": at,
            "parent": { "type": "subscription_details", "subscription_details": { "subscription": id } },
            "status": "paid", "currency": "usd", "amount_due": total.max(0), "amount_paid": total.max(0),
            "payments": { "object": "list", "has_more": false, "data": [] },
        }));
    }
    let sub = expanded_subscription(&store, &id).unwrap();
    Json(sub).into_response()
}

async fn update_customer(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    if let Some(r) = refused(&headers) {
        return r;
    }
    let mut store = s.lock().unwrap();
    store
        .forms
        .push((format!("/v1/customers/{id}"), form.clone()));
    let Some(customer) = store.customers.get_mut(&id) else {
        return missing("customer");
    };
    if let Some(pm) = form.get("invoice_settings[default_payment_method]") {
        customer["invoice_settings"]["default_payment_method"] = json!(pm);
    }
    Json(customer.clone()).into_response()
}

async fn get_payment_method(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if let Some(r) = refused(&headers) {
        return r;
    }
    match s.lock().unwrap().payment_methods.get(&id) {
        Some(pm) => Json(pm.clone()).into_response(),
        None => missing("payment_method"),
    }
}

/// `POST /v1/invoices/create_preview` for a subscription: its next renewal, or
/// `invoice_upcoming_none` once it is set to end or has ended.
async fn create_preview(
    State(s): State<Shared>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    if let Some(r) = refused(&headers) {
        return r;
    }
    let store = s.lock().unwrap();
    let sub = form
        .get("subscription")
        .and_then(|id| store.subscriptions.get(id))
        .filter(|sub| {
            sub["customer"].as_str() == form.get("customer").map(String::as_str)
                && sub["status"] != "canceled"
                && sub["cancel_at_period_end"] != true
        });
    let Some(sub) = sub else {
        return (StatusCode::NOT_FOUND, Json(json!({ "error": { "type": "invalid_request_error", "code": "invoice_upcoming_none", "message": "No upcoming invoices for customer" } }))).into_response();
    };
    if let Some(price) = form.get("subscription_details[items][0][price]") {
        // The preview of a change: what `always_invoice` would invoice at `proration_date`.
        let same_item = form
            .get("subscription_details[items][0][id]")
            .map(String::as_str)
            == sub["items"]["data"][0]["id"].as_str();
        let at = form
            .get("subscription_details[proration_date]")
            .and_then(|v| v.parse().ok());
        let (Some(at), true, Some("always_invoice")) = (
            at,
            same_item,
            form.get("subscription_details[proration_behavior]")
                .map(String::as_str),
        ) else {
            return stripe_error(
                StatusCode::BAD_REQUEST,
                "invalid_request_error",
                "The fake wants the item's id, a proration_date and always_invoice.",
            );
        };
        let anchor = form
            .get("subscription_details[billing_cycle_anchor]")
            .map(String::as_str)
            == Some("now");
        let (total, _, _) = prorate(sub, price, at, anchor);
        return Json(json!({
            "id": "upcoming_change", "object": "invoice", "created": at, "currency": "usd",
            "total": total, "amount_due": total.max(0), "ending_balance": total.min(0),
            "status": "draft", "customer": sub["customer"],
        }))
        .into_response();
    }
    Json(json!({
        "id": format!("upcoming_{}", sub["id"].as_str().unwrap()), "object": "invoice",
        "created": sub["items"]["data"][0]["current_period_end"], "currency": "usd",
        "amount_due": 2900, "status": "draft", "customer": sub["customer"],
        "parent": { "type": "subscription_details", "subscription_details": { "subscription": sub["id"] } },
    }))
    .into_response()
}

/// The query's value of `key`, and whether it asks to expand `field`.
fn query_value(q: &[(String, String)], key: &str) -> String {
    q.iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.clone())
        .unwrap_or_default()
}

fn expands(q: &[(String, String)], field: &str) -> bool {
    q.iter().any(|(k, v)| k == "expand[]" && v == field)
}

async fn list_payment_intents(
    State(s): State<Shared>,
    headers: HeaderMap,
    Query(q): Query<Vec<(String, String)>>,
) -> Response {
    if let Some(r) = refused(&headers) {
        return r;
    }
    let store = s.lock().unwrap();
    let customer = query_value(&q, "customer");
    let data: Vec<Value> = store
        .payment_intents
        .values()
        .filter(|pi| pi["customer"] == customer.as_str())
        .map(|pi| {
            let mut pi = pi.clone();
            if expands(&q, "data.payment_method") {
                if let Some(pm) = pi["payment_method"]
                    .as_str()
                    .and_then(|pm| store.payment_methods.get(pm))
                {
                    pi["payment_method"] = pm.clone();
                }
            }
            pi
        })
        .collect();
    Json(json!({ "object": "list", "data": data, "has_more": false })).into_response()
}

async fn get_invoice(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if let Some(r) = refused(&headers) {
        return r;
    }
    let store = s.lock().unwrap();
    match store.invoices.iter().find(|i| i["id"] == id.as_str()) {
        Some(invoice) => {
            let mut invoice = invoice.clone();
            invoice.as_object_mut().unwrap().remove("payments");
            Json(invoice).into_response()
        }
        None => missing("invoice"),
    }
}

/// A subscription as an endpoint on API version 2024-06-20 renders it.
fn older_subscription(sub: &Value) -> Value {
    let mut sub = sub.clone();
    for field in ["current_period_start", "current_period_end"] {
        sub[field] = sub["items"]["data"][0][field].take();
        sub["items"]["data"][0]
            .as_object_mut()
            .unwrap()
            .remove(field);
    }
    sub
}

/// An invoice as an endpoint on API version 2024-06-20 renders it.
fn older_invoice(store: &Store, invoice: &Value) -> Value {
    let mut invoice = invoice.clone();
    let object = invoice.as_object_mut().unwrap();
    let parent = object.remove("parent").unwrap_or(Value::Null);
    object.insert(
        "subscription".into(),
        parent["subscription_details"]["subscription"].clone(),
    );
    let payments = object.remove("payments").unwrap_or(Value::Null);
    let pi = payments["data"][0]["payment"]["payment_intent"].clone();
    let charge = pi
        .as_str()
        .and_then(|pi| store.payment_intents.get(pi))
        .map(|pi| pi["latest_charge"].clone())
        .unwrap_or(Value::Null);
    object.insert("payment_intent".into(), pi);
    object.insert("charge".into(), charge);
    invoice
}

/// `DELETE /v1/subscriptions/{id}`: ends it at once.
async fn cancel_subscription(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if let Some(r) = refused(&headers) {
        return r;
    }
    let mut store = s.lock().unwrap();
    let Some(sub) = store.subscriptions.get_mut(&id) else {
        return missing("subscription");
    };
    if sub["status"] == "canceled" {
        return stripe_error(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            "This subscription has already been canceled.",
        );
    }
    let now = chrono::Utc::now().timestamp();
    sub["status"] = json!("canceled");
    sub["canceled_at"] = json!(now);
    sub["ended_at"] = json!(now);
    let sub = expanded_subscription(&store, &id).unwrap();
    Json(sub).into_response()
}

/// `POST /v1/refunds` of a whole payment intent; a second refund of one is refused.
async fn create_refund(
    State(s): State<Shared>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    if let Some(r) = refused(&headers) {
        return r;
    }
    let mut store = s.lock().unwrap();
    let Some(intent) = form.get("payment_intent").cloned() else {
        return stripe_error(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            "Missing payment_intent.",
        );
    };
    if !store.payment_intents.contains_key(&intent) {
        return missing("payment_intent");
    }
    if store.refunds.contains(&intent) {
        return (StatusCode::BAD_REQUEST, Json(json!({ "error": { "type": "invalid_request_error", "code": "charge_already_refunded", "message": "Charge has already been refunded." } }))).into_response();
    }
    store.refunds.push(intent.clone());
    let id = store.id("re");
    Json(json!({ "id": id, "object": "refund", "payment_intent": intent, "status": "succeeded" }))
        .into_response()
}

async fn list_invoices(
    State(s): State<Shared>,
    headers: HeaderMap,
    Query(q): Query<Vec<(String, String)>>,
) -> Response {
    if let Some(r) = refused(&headers) {
        return r;
    }
    let store = s.lock().unwrap();
    let customer = query_value(&q, "customer");
    let subscription = query_value(&q, "subscription");
    let status = query_value(&q, "status");
    let data: Vec<Value> = store
        .invoices
        .iter()
        .filter(|i| customer.is_empty() || i["customer"] == customer.as_str())
        .filter(|i| {
            subscription.is_empty()
                || i["parent"]["subscription_details"]["subscription"] == subscription.as_str()
        })
        .filter(|i| status.is_empty() || i["status"] == status.as_str())
        .filter(|_| !(customer.is_empty() && subscription.is_empty()))
        .map(|i| {
            let mut i = i.clone();
            // `payments` is includable: only there when asked for.
            if !expands(&q, "data.payments") {
                i.as_object_mut().unwrap().remove("payments");
            }
            i
        })
        .collect();
    Json(json!({ "object": "list", "data": data, "has_more": false })).into_response()
}

fn event(id: &str, kind: &str, version: &str, object: Value) -> Value {
    json!({
        "id": id, "object": "event", "api_version": version, "type": kind,
        "created": chrono::Utc::now().timestamp(), "data": { "object": object },
    })
}

impl FakeStripe {
    pub async fn start() -> Self {
        let store: Shared = Arc::default();
        let app = Router::new()
            .route("/v1/checkout/sessions", post(create_session))
            .route("/v1/checkout/sessions/{id}", get(get_session))
            .route("/_fake/complete/{id}", post(complete))
            .route(
                "/v1/subscriptions/{id}",
                get(get_subscription)
                    .post(update_subscription)
                    .delete(cancel_subscription),
            )
            .route("/v1/customers/{id}", post(update_customer))
            .route("/v1/payment_methods/{id}", get(get_payment_method))
            .route("/v1/invoices/create_preview", post(create_preview))
            .route("/v1/invoices/{id}", get(get_invoice))
            .route("/v1/invoices", get(list_invoices))
            .route("/v1/payment_intents", get(list_payment_intents))
            .route("/v1/refunds", post(create_refund))
            .layer(middleware::from_fn_with_state(store.clone(), guard))
            .with_state(store.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        Self { base, store }
    }

    /// Pays (or saves a card on) a checkout session as the buyer would on Stripe's page.
    pub async fn complete(
        &self,
        session_id: &str,
        email: &str,
        name: &str,
        brand: &str,
        last4: &str,
    ) {
        let res = reqwest::Client::new()
            .post(format!("{}/_fake/complete/{session_id}", self.base))
            .json(&json!({ "email": email, "name": name, "card": { "brand": brand, "last4": last4, "exp_month": 4, "exp_year": 2033 } }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
    }

    /// The next call of `method` to `path` is answered `status` instead of being served.
    pub fn fail_once(&self, method: &str, path: &str, status: u16) {
        self.store
            .lock()
            .unwrap()
            .failures
            .push((method.to_owned(), path.to_owned(), status));
    }

    /// Ends a subscription on Stripe's side (a failed renewal, the Dashboard), sending no event.
    pub fn end(&self, sub_id: &str) {
        let now = chrono::Utc::now().timestamp();
        let mut store = self.store.lock().unwrap();
        let sub = store.subscriptions.get_mut(sub_id).unwrap();
        sub["status"] = json!("canceled");
        sub["canceled_at"] = json!(now);
        sub["ended_at"] = json!(now);
    }

    /// Sets a field of a subscription on Stripe's side, sending no event.
    pub fn set(&self, sub_id: &str, field: &str, value: Value) {
        self.store
            .lock()
            .unwrap()
            .subscriptions
            .get_mut(sub_id)
            .unwrap()[field] = value;
    }

    /// A `customer.subscription.*` event about the subscription as it is now, rendered in
    /// `version` (`CURRENT` or `OLDER`).
    pub fn subscription_event(&self, id: &str, kind: &str, sub_id: &str, version: &str) -> Value {
        let sub = self.store.lock().unwrap().subscriptions[sub_id].clone();
        let sub = if version == OLDER {
            older_subscription(&sub)
        } else {
            sub
        };
        event(id, kind, version, sub)
    }

    /// An `invoice.*` event about the subscription's first invoice, rendered in `version`.
    pub fn invoice_event(&self, id: &str, kind: &str, sub_id: &str, version: &str) -> Value {
        let store = self.store.lock().unwrap();
        let invoice = store
            .invoices
            .iter()
            .find(|i| i["parent"]["subscription_details"]["subscription"] == sub_id)
            .unwrap()
            .clone();
        let invoice = if version == OLDER {
            older_invoice(&store, &invoice)
        } else {
            let mut invoice = invoice;
            invoice.as_object_mut().unwrap().remove("payments");
            invoice
        };
        event(id, kind, version, invoice)
    }

    /// An event in [`NEWER`]'s shape: nothing of the object but its id, its type and fields no
    /// version SWAZ knows has.
    pub fn newer_event(&self, id: &str, kind: &str, object_id: &str, object: &str) -> Value {
        event(
            id,
            kind,
            NEWER,
            json!({ "id": object_id, "object": object, "renamed_in_the_future": { "state": "?" } }),
        )
    }

    /// A `checkout.session.completed` event about the session as it is now.
    pub fn checkout_event(&self, id: &str, session_id: &str) -> Value {
        let session = self.store.lock().unwrap().sessions[session_id].clone();
        event(id, "checkout.session.completed", CURRENT, session)
    }

    /// The payment intents refunded so far.
    pub fn refunds(&self) -> Vec<String> {
        self.store.lock().unwrap().refunds.clone()
    }

    /// Every form posted to `path` so far, oldest first.
    pub fn forms_to(&self, path: &str) -> Vec<HashMap<String, String>> {
        self.store
            .lock()
            .unwrap()
            .forms
            .iter()
            .filter(|(p, _)| p == path)
            .map(|(_, f)| f.clone())
            .collect()
    }

    /// Every call made to Stripe's API so far, as (method, path).
    pub fn calls(&self) -> Vec<(String, String)> {
        self.store.lock().unwrap().calls.clone()
    }

    pub fn configure(&self, billing: &mut swaz::config::BillingConfig) {
        billing.mode = swaz::config::PaymentMode::Stripe;
        billing.stripe_secret_key = Some(swaz::config::Secret::new(KEY));
        billing.stripe_webhook_secret = Some(swaz::config::Secret::new(WEBHOOK_SECRET));
        billing.stripe_api_base = self.base.clone();
        billing.stripe_prices = [
            "price_solo".into(),
            "price_solo_yearly".into(),
            "price_team".into(),
            "price_team_yearly".into(),
        ];
    }
}
