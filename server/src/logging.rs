//! Log output: human-readable lines by default, one JSON object per line with
//! `SWAZ_LOG_FORMAT=json` (for log shippers). Inside a request every line carries the request's
//! span, so its `request_id` (see `app::observe`) is in each of them.

use tracing_subscriber::EnvFilter;

/// Installs the global subscriber from `SWAZ_LOG` (filter) and `SWAZ_LOG_FORMAT`.
pub fn init() -> anyhow::Result<()> {
    let filter =
        EnvFilter::try_from_env("SWAZ_LOG").unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let format = std::env::var("SWAZ_LOG_FORMAT").unwrap_or_default();
    match format.trim() {
        "" | "text" => builder.init(),
        "json" => builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .init(),
        other => anyhow::bail!("SWAZ_LOG_FORMAT must be 'text' or 'json', not {other:?}"),
    }
    Ok(())
}
