//! `/metrics` in Prometheus' text exposition format: what an operator graphs and alerts on.
//! The registry is a few counters behind one mutex; the exposition is small enough to write by
//! hand rather than pull in a metrics framework.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Mutex;
use std::time::Instant;

use super::state::App;

/// Upper bounds (seconds) of the request-latency histogram's buckets.
const BUCKETS: [f64; 12] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

#[derive(Default)]
struct Series {
    /// Non-cumulative counts per bucket; the exposition sums them.
    buckets: [u64; BUCKETS.len()],
    count: u64,
    sum: f64,
}

/// Labels of one series, as the exposition writes them.
struct Key<'a> {
    method: &'a str,
    route: &'a str,
    status: u16,
}

/// Series by method, then route, then status: a request already seen is counted without
/// allocating its labels again.
type Requests = BTreeMap<String, BTreeMap<String, BTreeMap<u16, Series>>>;

pub struct Metrics {
    requests: Mutex<Requests>,
    started: Instant,
    scheduler_last_round: Mutex<Option<Instant>>,
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

impl Metrics {
    pub fn new() -> Self {
        Self {
            requests: Mutex::default(),
            started: Instant::now(),
            scheduler_last_round: Mutex::default(),
        }
    }

    /// Counts one answered request. `route` is the matched route pattern (never the raw path,
    /// which may hold tokens and would make the series unbounded).
    pub(crate) fn observe_request(&self, method: &str, route: &str, status: u16, seconds: f64) {
        let mut requests = self.requests.lock().unwrap_or_else(|e| e.into_inner());
        let routes = match requests.get_mut(method) {
            Some(routes) => routes,
            None => requests.entry(method.to_owned()).or_default(),
        };
        let statuses = match routes.get_mut(route) {
            Some(statuses) => statuses,
            None => routes.entry(route.to_owned()).or_default(),
        };
        let series = statuses.entry(status).or_default();
        if let Some(i) = BUCKETS.iter().position(|le| seconds <= *le) {
            series.buckets[i] += 1;
        }
        series.count += 1;
        series.sum += seconds;
    }

    /// Called by the reminder scheduler after each round.
    pub(crate) fn scheduler_round_finished(&self) {
        *self
            .scheduler_last_round
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = Some(Instant::now());
    }

    /// The exposition, with the gauges read now.
    pub(crate) async fn render(&self, app: &App) -> anyhow::Result<String> {
        let mut out = String::new();
        self.render_requests(&mut out);

        let pool = app.db.pool();
        gauge(
            &mut out,
            "swaz_db_pool_connections",
            "Open database connections.",
            pool.size() as f64,
        );
        gauge(
            &mut out,
            "swaz_db_pool_idle_connections",
            "Open database connections not in use.",
            pool.num_idle() as f64,
        );
        gauge(
            &mut out,
            "swaz_db_pool_max_connections",
            "Most database connections this instance opens.",
            f64::from(pool.options().get_max_connections()),
        );

        let (depth, oldest) = crate::mail::outbox::pending(&app.db).await?;
        let oldest_age = oldest.map_or(0.0, |created| {
            (app.clock.now_ms() - created).max(0) as f64 / 1000.0
        });
        gauge(
            &mut out,
            "swaz_mail_outbox_depth",
            "E-mails queued and not yet sent (all instances).",
            depth as f64,
        );
        gauge(
            &mut out,
            "swaz_mail_outbox_oldest_age_seconds",
            "Age of the oldest unsent e-mail; 0 when the queue is empty.",
            oldest_age,
        );

        if app.config.reminder_tick_secs > 0 {
            let last = *self
                .scheduler_last_round
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            let since = last.unwrap_or(self.started).elapsed().as_secs_f64();
            gauge(
                &mut out,
                "swaz_scheduler_interval_seconds",
                "Configured seconds between reminder rounds (SWAZ_REMINDER_TICK_SECS).",
                app.config.reminder_tick_secs as f64,
            );
            gauge(
                &mut out,
                "swaz_scheduler_lag_seconds",
                "Seconds since this instance's reminder scheduler last finished a round (since start if none yet); well above the interval means reminders are late.",
                since,
            );
        }
        let ready = app.lifecycle.phase() == super::lifecycle::Phase::Ready;
        gauge(
            &mut out,
            "swaz_ready",
            "1 while this instance takes traffic, 0 once it is shutting down.",
            if ready { 1.0 } else { 0.0 },
        );
        Ok(out)
    }

    fn render_requests(&self, out: &mut String) {
        let requests = self.requests.lock().unwrap_or_else(|e| e.into_inner());
        out.push_str("# HELP swaz_http_requests_total HTTP requests answered, by method, matched route and status.\n");
        out.push_str("# TYPE swaz_http_requests_total counter\n");
        for (key, series) in each_series(&requests) {
            let _ = writeln!(
                out,
                "swaz_http_requests_total{{{}}} {}",
                labels(&key),
                series.count
            );
        }
        out.push_str("# HELP swaz_http_request_duration_seconds Time to answer HTTP requests, by method, matched route and status.\n");
        out.push_str("# TYPE swaz_http_request_duration_seconds histogram\n");
        for (key, series) in each_series(&requests) {
            let labels = labels(&key);
            let mut cumulative = 0;
            for (le, n) in BUCKETS.iter().zip(series.buckets) {
                cumulative += n;
                let _ = writeln!(
                    out,
                    "swaz_http_request_duration_seconds_bucket{{{labels},le=\"{le}\"}} {cumulative}"
                );
            }
            let _ = writeln!(
                out,
                "swaz_http_request_duration_seconds_bucket{{{labels},le=\"+Inf\"}} {}",
                series.count
            );
            let _ = writeln!(
                out,
                "swaz_http_request_duration_seconds_sum{{{labels}}} {}",
                series.sum
            );
            let _ = writeln!(
                out,
                "swaz_http_request_duration_seconds_count{{{labels}}} {}",
                series.count
            );
        }
    }
}

/// Every series in the order of its labels.
fn each_series(requests: &Requests) -> impl Iterator<Item = (Key<'_>, &Series)> {
    requests.iter().flat_map(|(method, routes)| {
        routes.iter().flat_map(move |(route, statuses)| {
            statuses.iter().map(move |(status, series)| {
                let key = Key {
                    method,
                    route,
                    status: *status,
                };
                (key, series)
            })
        })
    })
}

fn labels(key: &Key) -> String {
    format!(
        "method=\"{}\",route=\"{}\",status=\"{}\"",
        escape(key.method),
        escape(key.route),
        key.status
    )
}

fn gauge(out: &mut String, name: &str, help: &str, value: f64) {
    let _ = writeln!(
        out,
        "# HELP {name} {help}\n# TYPE {name} gauge\n{name} {value}"
    );
}

/// Label values escape backslash, double quote and newline.
fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_buckets_are_cumulative_and_end_with_the_count() {
        let m = Metrics::new();
        m.observe_request("GET", "/a", 200, 0.003);
        m.observe_request("GET", "/a", 200, 0.2);
        m.observe_request("GET", "/a", 200, 99.0);
        let mut out = String::new();
        m.render_requests(&mut out);
        let line = |le: &str| {
            out.lines()
                .find(|l| l.contains(&format!("le=\"{le}\"")))
                .unwrap()
                .rsplit(' ')
                .next()
                .unwrap()
                .to_owned()
        };
        assert_eq!(line("0.005"), "1");
        assert_eq!(line("0.25"), "2");
        assert_eq!(line("30"), "2");
        assert_eq!(line("+Inf"), "3");
        assert!(
            out.contains("swaz_http_requests_total{method=\"GET\",route=\"/a\",status=\"200\"} 3")
        );
    }

    #[test]
    fn each_method_route_and_status_is_its_own_series_in_label_order() {
        let m = Metrics::new();
        for (method, route, status) in [
            ("POST", "/b", 201),
            ("GET", "/b", 404),
            ("GET", "/a", 200),
            ("GET", "/b", 200),
            ("GET", "/a", 200),
        ] {
            m.observe_request(method, route, status, 0.001);
        }
        let mut out = String::new();
        m.render_requests(&mut out);
        let totals: Vec<&str> = out
            .lines()
            .filter(|l| l.starts_with("swaz_http_requests_total{"))
            .collect();
        assert_eq!(
            totals,
            [
                "swaz_http_requests_total{method=\"GET\",route=\"/a\",status=\"200\"} 2",
                "swaz_http_requests_total{method=\"GET\",route=\"/b\",status=\"200\"} 1",
                "swaz_http_requests_total{method=\"GET\",route=\"/b\",status=\"404\"} 1",
                "swaz_http_requests_total{method=\"POST\",route=\"/b\",status=\"201\"} 1",
            ]
        );
    }

    #[test]
    fn label_values_are_escaped() {
        assert_eq!(escape("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
    }
}
