//! `GET /_invoice/{token}`: a printable invoice of the test-mode provider. The token is the
//! unguessable part of the URL, like Stripe's hosted invoice links; `?download=1` saves it.

use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use serde::Deserialize;
use sqlx::Row;

use crate::app::AppState;
use crate::db::ms_to_rfc3339;
use crate::error::{AppError, Result};

#[derive(Deserialize)]
pub struct InvoiceQuery {
    download: Option<String>,
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `$29.00` for US dollars, `29.00 EUR` otherwise.
pub fn money(minor: i64, currency: &str) -> String {
    let major = format!("{}.{:02}", minor / 100, (minor % 100).abs());
    if currency.eq_ignore_ascii_case("usd") {
        format!("${major}")
    } else {
        format!("{major} {}", currency.to_uppercase())
    }
}

fn long_date(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|d| d.format("%B %-d, %Y").to_string())
        .unwrap_or_default()
}

pub async fn show(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Query(query): Query<InvoiceQuery>,
) -> Result<Response> {
    let row = sqlx::query(
        "SELECT i.*, c.email, c.name FROM localpay_invoices i JOIN localpay_customers c ON c.id = i.customer_id \
         WHERE i.access_token = $1",
    )
    .bind(&token)
    .fetch_optional(state.db.pool())
    .await?
    .ok_or_else(|| AppError::not_found("This invoice link is not valid."))?;
    let get = |k: &str| row.try_get::<String, _>(k).unwrap_or_default();
    let num = |k: &str| row.try_get::<i64, _>(k).unwrap_or_default();
    let plan = match get("plan").as_str() {
        "solo" => "Individual membership, monthly",
        "solo_yearly" => "Individual membership, yearly",
        "team" => "Team membership, monthly",
        _ => "Team membership, yearly",
    };
    let amount = money(num("amount_paid"), &get("currency"));
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Invoice {number}</title>\
<style>body{{font-family:Arial,sans-serif;color:#1a1a1a;max-width:720px;margin:40px auto;padding:0 16px}}\
table{{width:100%;border-collapse:collapse;margin:24px 0}}td,th{{padding:8px;border-bottom:1px solid #ddd;text-align:left}}\
.right{{text-align:right}}.badge{{background:#198754;color:#fff;padding:2px 8px;border-radius:4px}}\
.test{{background:#fff3cd;padding:8px 12px;border-radius:4px}}</style></head><body>\
<h1>SWAZ</h1><p class=\"test\">Test mode — no real charge was made.</p>\
<h2>Invoice {number} <span class=\"badge\">{status}</span></h2>\
<p>Date: {date}<br>Billed to: {name} &lt;{email}&gt;</p>\
<table><tr><th>Description</th><th>Period</th><th class=\"right\">Amount</th></tr>\
<tr><td>{plan}</td><td>{start} – {end}</td><td class=\"right\">{amount}</td></tr>\
<tr><th colspan=\"2\">Total paid</th><th class=\"right\">{amount}</th></tr></table>\
<p>Paid with {brand} ending in {last4}. Invoice date {iso}.</p></body></html>",
        number = esc(&get("number")),
        status = esc(&get("status")),
        date = long_date(num("created_at")),
        name = esc(&get("name")),
        email = esc(&get("email")),
        start = long_date(num("period_start")),
        end = long_date(num("period_end")),
        brand = esc(&get("card_brand")),
        last4 = esc(&get("card_last4")),
        iso = ms_to_rfc3339(num("created_at")),
    );
    if query.download.is_some() {
        let disposition = format!(
            "attachment; filename=\"SWAZ-invoice-{}.html\"",
            get("number")
        );
        return Ok(([(header::CONTENT_DISPOSITION, disposition)], Html(html)).into_response());
    }
    Ok(Html(html).into_response())
}

#[cfg(test)]
mod tests {
    #[test]
    fn money_is_shown_in_major_units() {
        assert_eq!(super::money(2900, "usd"), "$29.00");
        assert_eq!(super::money(199000, "eur"), "1990.00 EUR");
    }
}
