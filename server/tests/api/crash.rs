//! Crash safety: members write concurrently while the real `swaz serve` process is SIGKILLed;
//! after a restart on the same database every write the server acknowledged is there exactly
//! once, the server answers normally, and `swaz migrate` still succeeds.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::binary::{swaz_cli, ServeProcess};
use crate::support::{TestApp, TEST_PASSWORD};

const EMAIL: &str = "crash@example.com";
const EVENTS: &str = "/_api/v1/practice/events";
const DAILY: &str = "/_api/v1/userinput/dailyaction";
const LOGS: &str = "/_api/v1/dailylogs";
const VISION_STEP: &str = "/_api/v1/userinput/athleticvision/single";
/// Kinds the event writers record (the daily-action saves add `daily_action_saved` events).
const WRITTEN_KINDS: [&str; 2] = ["breathing_done", "vision_listened"];
/// Kill/restart cycles.
const CYCLES: usize = 2;
/// Acknowledged writes each writer must have in a cycle before the kill.
const MIN_ACKS_PER_WRITER: usize = 15;
/// Load lasts at least this long before the kill.
const MIN_LOAD: Duration = Duration::from_millis(1000);

/// What a writer writes.
#[derive(Clone, Copy, Debug)]
enum Writes {
    /// `POST /practice/events`, alternating the two recordable kinds.
    Events,
    /// `POST /userinput/dailyaction`, each with unique answers.
    DailyActions,
    /// `POST /userinput/athleticvision/single/{step}`: one step's answer, rewritten over and over.
    VisionStep(usize),
}

const WRITERS: [Writes; 7] = [
    Writes::Events,
    Writes::Events,
    Writes::Events,
    Writes::DailyActions,
    Writes::DailyActions,
    Writes::VisionStep(1),
    Writes::VisionStep(2),
];

/// Every write of the test: acknowledged (a 2xx answer was read in full) or unknown (the
/// connection broke before the answer was read).
#[derive(Default)]
struct Ledger {
    /// Acknowledged practice events: id → kind.
    events: HashMap<String, String>,
    /// Practice events whose outcome is unknown.
    events_unknown: usize,
    /// Acknowledged daily actions: id → `r1`.
    daily: HashMap<String, String>,
    /// The `r1` of daily actions whose outcome is unknown.
    daily_unknown: HashSet<String>,
    /// Per vision step, the texts it may hold now: the last acknowledged one and any unknown
    /// write sent after it.
    vision: HashMap<usize, Vec<String>>,
    /// Acknowledged writes per writer in the current cycle.
    acks: Vec<usize>,
    /// Answers that were neither a 2xx nor a broken connection (none are expected).
    unexpected: Vec<String>,
}

/// The outcome of one write as the member's client sees it.
enum Outcome {
    Answered(StatusCode, Value),
    /// No complete answer: the connection failed or broke.
    Lost,
}

async fn send(req: reqwest::RequestBuilder) -> Outcome {
    let Ok(res) = req.send().await else {
        return Outcome::Lost;
    };
    let status = res.status();
    match res.bytes().await {
        Ok(body) => Outcome::Answered(
            status,
            serde_json::from_slice(&body)
                .unwrap_or_else(|_| json!(String::from_utf8_lossy(&body).into_owned())),
        ),
        Err(_) => Outcome::Lost,
    }
}

fn daily_body(tag: &str) -> Value {
    json!({
        "r1": format!("{tag} wins"), "r2": format!("{tag} lesson"), "r3": 7,
        "q1": format!("{tag} objective 1"), "q2": format!("{tag} objective 2"),
        "q3": format!("{tag} objective 3"), "q4": format!("{tag} mind"),
        "q5": format!("{tag} body"), "q6": format!("{tag} soul"),
    })
}

/// One member's client writing until its connection breaks or `stop` is set.
async fn writer(
    index: usize,
    writes: Writes,
    cycle: usize,
    server: Target,
    ledger: Arc<Mutex<Ledger>>,
    stop: Arc<AtomicBool>,
) {
    for seq in 0.. {
        if stop.load(Ordering::SeqCst) {
            return;
        }
        match writes {
            Writes::Events => {
                let kind = WRITTEN_KINDS[seq % 2];
                let outcome = send(server.post(EVENTS, json!({ "kind": kind }))).await;
                let mut l = ledger.lock().unwrap();
                match outcome {
                    Outcome::Answered(StatusCode::CREATED, body)
                        if body["id"].is_string() && body["kind"] == kind =>
                    {
                        let id = body["id"].as_str().unwrap().to_owned();
                        if l.events.insert(id.clone(), kind.to_owned()).is_some() {
                            l.unexpected.push(format!("event id {id} answered twice"));
                        }
                        l.acks[index] += 1;
                    }
                    Outcome::Answered(status, body) => {
                        l.unexpected.push(format!("POST {EVENTS}: {status} {body}"));
                    }
                    Outcome::Lost => {
                        l.events_unknown += 1;
                        return;
                    }
                }
            }
            Writes::DailyActions => {
                let tag = format!("cycle {cycle} writer {index} save {seq}");
                let r1 = format!("{tag} wins");
                let outcome = send(server.post(DAILY, daily_body(&tag))).await;
                let mut l = ledger.lock().unwrap();
                match outcome {
                    Outcome::Answered(StatusCode::CREATED, body)
                        if body["id"].is_string() && body["r1"] == r1.as_str() =>
                    {
                        let id = body["id"].as_str().unwrap().to_owned();
                        if l.daily.insert(id.clone(), r1).is_some() {
                            l.unexpected
                                .push(format!("daily action id {id} answered twice"));
                        }
                        l.acks[index] += 1;
                    }
                    Outcome::Answered(status, body) => {
                        l.unexpected.push(format!("POST {DAILY}: {status} {body}"));
                    }
                    Outcome::Lost => {
                        l.daily_unknown.insert(r1);
                        return;
                    }
                }
            }
            Writes::VisionStep(step) => {
                let text = format!("step {step}: cycle {cycle} writer {index} save {seq}");
                let path = format!("{VISION_STEP}/{step}");
                let outcome = send(server.post(&path, json!({ "text": text }))).await;
                let mut l = ledger.lock().unwrap();
                match outcome {
                    Outcome::Answered(StatusCode::OK, body) if body["data"] == text.as_str() => {
                        l.vision.insert(step, vec![text]);
                        l.acks[index] += 1;
                    }
                    Outcome::Answered(status, body) => {
                        l.unexpected.push(format!("POST {path}: {status} {body}"));
                    }
                    Outcome::Lost => {
                        l.vision.entry(step).or_default().push(text);
                        return;
                    }
                }
            }
        }
    }
}

/// A running `swaz serve` and a signed-in member's client for it.
///
/// Its own client rather than a `TestUser`: the server is a child process that is killed and
/// restarted at its own address, a write whose connection breaks is an [`Outcome::Lost`] (the
/// shared helpers panic on it), and its requests give up after 10 s rather than wait on a
/// server that does not answer.
#[derive(Clone)]
struct Target {
    http: reqwest::Client,
    base: String,
    token: String,
}

impl Target {
    fn post(&self, path: &str, body: Value) -> reqwest::RequestBuilder {
        self.http
            .post(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .json(&body)
    }

    async fn get(&self, path: &str) -> Value {
        let res = self
            .http
            .get(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .send()
            .await
            .unwrap_or_else(|e| panic!("GET {path}: {e}"));
        let status = res.status();
        let body: Value = res.json().await.unwrap();
        assert_eq!(status, StatusCode::OK, "GET {path}: {body}");
        body
    }
}

/// Signs the member in through `/auth/v1` at `server` and answers their client.
async fn sign_in(server: &ServeProcess) -> Target {
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap();
    let res = http
        .post(format!("{}/auth/v1/token?grant_type=password", server.base))
        .json(&json!({ "email": EMAIL, "password": TEST_PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK, "sign-in after a start");
    let session: Value = res.json().await.unwrap();
    Target {
        http,
        base: server.base.clone(),
        token: session["access_token"].as_str().unwrap().to_owned(),
    }
}

/// Every practice event the member can list, following `next` through every page.
async fn all_events(server: &Target) -> Vec<(String, String)> {
    let mut events = vec![];
    let mut cursor: Option<String> = None;
    for _ in 0..10_000 {
        let path = match &cursor {
            None => format!("{EVENTS}?limit=73"),
            Some(c) => format!("{EVENTS}?limit=73&cursor={}", urlencoding::encode(c)),
        };
        let page = server.get(&path).await;
        for e in page["events"].as_array().unwrap() {
            events.push((
                e["id"].as_str().unwrap().to_owned(),
                e["kind"].as_str().unwrap().to_owned(),
            ));
        }
        match page["next"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => return events,
        }
    }
    panic!("the event pages never end");
}

/// Every daily action in the daily logs, following `nextBefore`: (id, r1).
async fn all_daily_actions(server: &Target) -> Vec<(String, String)> {
    let mut daily = vec![];
    let mut before: Option<String> = None;
    for _ in 0..10_000 {
        let path = match &before {
            None => format!("{LOGS}?limit=37"),
            Some(b) => format!("{LOGS}?limit=37&before={}", urlencoding::encode(b)),
        };
        let page = server.get(&path).await;
        for e in page["entries"].as_array().unwrap() {
            assert_eq!(
                e["kind"], "dailyAction",
                "only daily actions were written: {e}"
            );
            daily.push((
                e["id"].as_str().unwrap().to_owned(),
                e["dailyAction"]["r1"].as_str().unwrap().to_owned(),
            ));
        }
        match page["nextBefore"].as_str() {
            Some(next) => before = Some(next.to_owned()),
            None => return daily,
        }
    }
    panic!("the daily-log pages never end");
}

/// Checks through the API that every acknowledged write is there exactly once and nothing
/// else is, beyond writes whose outcome is unknown. Answers (events, daily actions) listed.
async fn check_every_acknowledged_write(server: &Target, ledger: &Ledger) -> (usize, usize) {
    let events = all_events(server).await;
    let mut listed: HashMap<&str, &str> = HashMap::new();
    for (id, kind) in &events {
        assert!(
            listed.insert(id, kind).is_none(),
            "practice event {id} is listed twice"
        );
    }
    let mut lost: Vec<&String> = vec![];
    for (id, kind) in &ledger.events {
        match listed.get(id.as_str()) {
            Some(k) => assert_eq!(k, kind, "practice event {id} changed kind"),
            None => lost.push(id),
        }
    }
    assert!(
        lost.is_empty(),
        "{} of {} acknowledged practice events are gone after the crash: {lost:?}",
        lost.len(),
        ledger.events.len()
    );
    let written = events
        .iter()
        .filter(|(_, k)| WRITTEN_KINDS.contains(&k.as_str()))
        .count();
    assert!(
        written <= ledger.events.len() + ledger.events_unknown,
        "{written} events listed, but only {} were acknowledged and {} unknown",
        ledger.events.len(),
        ledger.events_unknown
    );

    let daily = all_daily_actions(server).await;
    let mut listed: HashMap<&str, &str> = HashMap::new();
    let mut texts: HashSet<&str> = HashSet::new();
    for (id, r1) in &daily {
        assert!(
            listed.insert(id, r1).is_none(),
            "daily action {id} is listed twice"
        );
        assert!(texts.insert(r1), "the daily action {r1:?} was saved twice");
        assert!(
            ledger.daily.get(id) == Some(r1) || ledger.daily_unknown.contains(r1),
            "daily action {id} ({r1:?}) was never sent or was refused"
        );
    }
    let lost: Vec<_> = ledger
        .daily
        .iter()
        .filter(|(id, r1)| listed.get(id.as_str()) != Some(&r1.as_str()))
        .collect();
    assert!(
        lost.is_empty(),
        "{} of {} acknowledged daily actions are gone after the crash: {lost:?}",
        lost.len(),
        ledger.daily.len()
    );
    let saved_events = events
        .iter()
        .filter(|(_, k)| k == "daily_action_saved")
        .count();
    assert_eq!(
        saved_events,
        daily.len(),
        "each daily action and its `daily_action_saved` event land together or not at all"
    );

    for (step, allowed) in &ledger.vision {
        let now = server.get(&format!("{VISION_STEP}/{step}")).await;
        let data = now["data"].as_str().unwrap_or_default();
        assert!(
            allowed.iter().any(|t| t == data),
            "vision step {step} holds {data:?}, but the last acknowledged answer was {:?} \
             (later writes of unknown outcome: {:?})",
            allowed[0],
            &allowed[1..]
        );
    }
    (events.len(), daily.len())
}

async fn migrate(app: &TestApp) {
    let out = swaz_cli(app.cli_env(), &["migrate"]).await;
    assert!(
        out.status.success(),
        "swaz migrate after a crash: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[tokio::test]
async fn every_acknowledged_write_survives_sigkill_of_the_server_under_concurrent_load() {
    let test_started = Instant::now();
    let mut app = TestApp::spawn().await;
    app.paid_user(EMAIL).await;
    // From here on only the real binary serves this database.
    app.state.lifecycle.drain();
    assert!(app.server_stopped_within(Duration::from_secs(5)).await);
    app.state.db.close().await;

    let ledger = Arc::new(Mutex::new(Ledger::default()));
    let mut server = ServeProcess::start(app.cli_env(), &[("SWAZ_LOG", "warn")]).await;
    let mut target = sign_in(&server).await;
    for cycle in 0..CYCLES {
        ledger.lock().unwrap().acks = vec![0; WRITERS.len()];
        let stop = Arc::new(AtomicBool::new(false));
        let writers: Vec<_> = WRITERS
            .iter()
            .enumerate()
            .map(|(i, &writes)| {
                tokio::spawn(writer(
                    i,
                    writes,
                    cycle,
                    target.clone(),
                    ledger.clone(),
                    stop.clone(),
                ))
            })
            .collect();

        // Kill mid-load: once every writer has had writes acknowledged, while all still write.
        let load_started = Instant::now();
        loop {
            let acks = ledger.lock().unwrap().acks.clone();
            if load_started.elapsed() >= MIN_LOAD && acks.iter().all(|&n| n >= MIN_ACKS_PER_WRITER)
            {
                break;
            }
            assert!(
                load_started.elapsed() < Duration::from_secs(10),
                "the writers are too slow (acknowledged per writer: {acks:?}; unexpected: {:?})",
                ledger.lock().unwrap().unexpected
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert!(
            writers.iter().all(|w| !w.is_finished()),
            "a writer lost its connection before the kill:\n{}",
            server.log_text()
        );
        server.sigkill().await;
        stop.store(true, Ordering::SeqCst);
        for w in writers {
            tokio::time::timeout(Duration::from_secs(15), w)
                .await
                .expect("every writer notices the dead server")
                .unwrap();
        }
        {
            let l = ledger.lock().unwrap();
            assert!(
                l.unexpected.is_empty(),
                "answers under load that were neither success nor a broken connection: {:?}",
                l.unexpected
            );
            eprintln!(
                "cycle {cycle}: {} events and {} daily actions acknowledged so far; \
                 unknown after the kill: {} events, {} daily actions",
                l.events.len(),
                l.daily.len(),
                l.events_unknown,
                l.daily_unknown.len()
            );
        }

        migrate(&app).await;
        drop(server);
        server = ServeProcess::start(app.cli_env(), &[("SWAZ_LOG", "warn")]).await;
        target = sign_in(&server).await;
        let (events, daily) = {
            let l = std::mem::take(&mut *ledger.lock().unwrap());
            let listed = check_every_acknowledged_write(&target, &l).await;
            *ledger.lock().unwrap() = l;
            listed
        };
        eprintln!(
            "cycle {cycle}: after the restart {events} events and {daily} daily actions are listed"
        );
    }

    // The restarted server keeps taking writes, and lists them with the rest.
    let outcome = send(target.post(EVENTS, json!({ "kind": "breathing_done" }))).await;
    let Outcome::Answered(StatusCode::CREATED, event) = outcome else {
        panic!("a write after the last restart is not answered 201");
    };
    let mut l = std::mem::take(&mut *ledger.lock().unwrap());
    l.events.insert(
        event["id"].as_str().unwrap().to_owned(),
        "breathing_done".into(),
    );
    check_every_acknowledged_write(&target, &l).await;
    server.sigkill().await;
    migrate(&app).await;
    eprintln!("crash test took {:?}", test_started.elapsed());
}
