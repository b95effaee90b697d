//! `GET /_invoice/{token}`: a printable invoice of the test-mode provider. The token is the
//! unguessable part of the URL, like Stripe's hosted invoice links; `?download=1` saves it.

use maud::{html, Markup};

use crate::db::Db;
use crate::domain::Cents;
use crate::error::Result;
use crate::http::page::{self, long_date};

/// `paid` → `Paid`, as the app shows statuses.
fn capitalised(status: &str) -> String {
    let mut chars = status.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// What the printed invoice shows, read from the invoice and its customer.
pub struct Invoice {
    pub number: String,
    status: String,
    created_at: i64,
    name: String,
    email: String,
    plan: &'static str,
    /// Start and end, in milliseconds.
    period: (i64, i64),
    amount: String,
    /// Brand and last four digits.
    card: (String, String),
}

/// The printable page of `invoice`, which the download saves as it is; `home` is the app's
/// public address.
pub fn document(invoice: &Invoice, home: &str) -> Markup {
    let (start, end) = invoice.period;
    let (brand, last4) = &invoice.card;
    let title = format!("Invoice {}", invoice.number);
    page::document(
        &title,
        home,
        html! {
            p.note { "Test mode — no real charge was made." }
            div.card {
                p {
                    span.badge { (capitalised(&invoice.status)) }
                }
                p {
                    "Date: " (long_date(invoice.created_at))
                    br;
                    "Billed to: " (invoice.name) " <" (invoice.email) ">"
                }
                table {
                    tr { th { "Description" } th { "Period" } th.right { "Amount" } }
                    tr {
                        td { (invoice.plan) }
                        td { (long_date(start)) " – " (long_date(end)) }
                        td.right { (invoice.amount) }
                    }
                    tr { th colspan="2" { "Total paid" } th.right { (invoice.amount) } }
                }
                p.muted { "Paid with " (brand) " ending in " (last4) "." }
            }
        },
    )
}

/// The columns of an invoice and its customer that the page prints. The page has always printed
/// what it could: a column that is NULL, or missing from the row, reads as empty text or 0.
#[derive(sqlx::FromRow)]
struct InvoiceRow {
    #[sqlx(default)]
    number: Option<String>,
    #[sqlx(default)]
    status: Option<String>,
    #[sqlx(default)]
    created_at: Option<i64>,
    #[sqlx(default)]
    name: Option<String>,
    #[sqlx(default)]
    email: Option<String>,
    #[sqlx(default)]
    plan: Option<String>,
    #[sqlx(default)]
    period_start: Option<i64>,
    #[sqlx(default)]
    period_end: Option<i64>,
    #[sqlx(default)]
    amount_paid: Option<i64>,
    #[sqlx(default)]
    currency: Option<String>,
    #[sqlx(default)]
    card_brand: Option<String>,
    #[sqlx(default)]
    card_last4: Option<String>,
}

impl From<InvoiceRow> for Invoice {
    fn from(row: InvoiceRow) -> Self {
        let plan = match row.plan.unwrap_or_default().as_str() {
            "solo" => "Individual membership, monthly",
            "solo_yearly" => "Individual membership, yearly",
            "team" => "Team membership, monthly",
            _ => "Team membership, yearly",
        };
        let amount =
            Cents(row.amount_paid.unwrap_or_default()).display(&row.currency.unwrap_or_default());
        Self {
            number: row.number.unwrap_or_default(),
            status: row.status.unwrap_or_default(),
            created_at: row.created_at.unwrap_or_default(),
            name: row.name.unwrap_or_default(),
            email: row.email.unwrap_or_default(),
            plan,
            period: (
                row.period_start.unwrap_or_default(),
                row.period_end.unwrap_or_default(),
            ),
            amount,
            card: (
                row.card_brand.unwrap_or_default(),
                row.card_last4.unwrap_or_default(),
            ),
        }
    }
}

/// The invoice behind a link's token, ready to print; `None` for a token that names none. Reads
/// `localpay_invoices` joined with the invoice's customer in `localpay_customers`.
pub async fn load(db: &Db, token: &str) -> Result<Option<Invoice>> {
    let row = sqlx::query_as::<_, InvoiceRow>(
        "SELECT i.*, c.email, c.name FROM localpay_invoices i JOIN localpay_customers c ON c.id = i.customer_id \
         WHERE i.access_token = $1",
    )
    .bind(token)
    .fetch_optional(db.pool())
    .await?;
    Ok(row.map(Invoice::from))
}

#[cfg(test)]
mod tests {
    use super::{document, Cents, Invoice};

    #[test]
    fn money_is_shown_in_major_units() {
        assert_eq!(Cents(2900).display("usd"), "$29.00");
        assert_eq!(Cents(199000).display("eur"), "1990.00 EUR");
    }

    #[test]
    fn the_customer_name_and_email_are_shown_as_text() {
        let html = document(
            &Invoice {
                number: "SWAZ-0001".into(),
                status: "paid".into(),
                created_at: 1_764_000_000_000,
                name: "<script>alert(1)</script>".into(),
                email: "a\"&b@example.com".into(),
                plan: "Individual membership, monthly",
                period: (1_764_000_000_000, 1_766_600_000_000),
                amount: "$29.00".into(),
                card: ("visa".into(), "4242".into()),
            },
            "https://swaz.test",
        )
        .into_string();
        let billed =
            "Billed to: &lt;script&gt;alert(1)&lt;/script&gt; &lt;a&quot;&amp;b@example.com&gt;";
        let line = r#"<tr><td>Individual membership, monthly</td><td>November 24, 2025 – December 24, 2025</td><td class="right">$29.00</td></tr>"#;
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains(billed), "{html}");
        assert!(
            html.contains("<title>Invoice SWAZ-0001 · SWAZ</title>"),
            "{html}"
        );
        assert!(html.contains(line), "{html}");
    }
}
