//! Log output: human-readable lines by default, one JSON object per line with
//! `SWAZ_LOG_FORMAT=json` (for log shippers). Inside a request every line carries the request's
//! span, so its `request_id` (see `app::observe`) is in each of them.

use tracing_subscriber::EnvFilter;

/// Installs the global subscriber from `SWAZ_LOG` (`filter`; one that does not parse falls back
/// to the default) and `SWAZ_LOG_FORMAT` (`format`), as `cli::Cli` read them.
pub fn init(filter: &str, format: &str) -> anyhow::Result<()> {
    let filter = EnvFilter::try_new(filter).unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
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
