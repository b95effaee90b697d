//! The frame of every page the server renders itself (the invoice, the answers of one-click
//! links): the app's header, colours and type, light or dark as the system is set, readable on a
//! phone. Everything a caller passes is escaped by maud; only the stylesheet below is raw.

use maud::{html, Markup, PreEscaped, DOCTYPE};

/// The app's tokens (web/src/styles/_tokens.scss) as the pages need them.
const STYLE: &str = "\
:root{color-scheme:light dark;--paper:#fff;--ink:#182132;--muted:#5b6474;--line:#dde3ec;--surface:#f3f6fa;\
--link:#1d4e89;--navy:#0b1f3a;--gold:#ffb703;--ok:#1f7a4d;--note:#fff3cd;--note-ink:#5c4400}\
@media (prefers-color-scheme:dark){:root{--paper:#0d1422;--ink:#e4e8f0;--muted:#9aa6b8;--line:#2a3750;\
--surface:#162033;--link:#8ecae6;--note:#3a2f0b;--note-ink:#ffe8a3}}\
*{box-sizing:border-box}\
body{margin:0;background:var(--paper);color:var(--ink);\
font:1rem/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}\
header{background:var(--navy);padding:.9rem 1rem}\
header a{color:var(--gold);font-weight:700;letter-spacing:.2em;text-decoration:none}\
main{max-width:45rem;margin:0 auto;padding:2rem 1rem}\
h1{font-size:1.5rem;margin:0 0 1rem}h2{font-size:1.25rem}\
a{color:var(--link)}.muted{color:var(--muted)}\
.button{display:inline-block;min-height:44px;padding:.625rem 1.25rem;border:0;border-radius:.375rem;\
background:var(--gold);color:var(--navy);font:inherit;font-weight:600;cursor:pointer}\
.button:focus-visible{outline:3px solid var(--link);outline-offset:2px}\
.card{background:var(--surface);border:1px solid var(--line);border-radius:.5rem;padding:1rem 1.25rem}\
.note{background:var(--note);color:var(--note-ink);border-radius:.375rem;padding:.5rem .75rem}\
.badge{background:var(--ok);color:#fff;border-radius:.25rem;padding:.1rem .5rem;font-size:.875rem;vertical-align:middle}\
table{width:100%;border-collapse:collapse;margin:1rem 0}\
th,td{padding:.5rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}\
.right{text-align:right}\
@media print{header{background:none}header a{color:#0b1f3a}.card{border:none;background:none}}";

/// A whole page: `title` in the tab and as the heading, `body` under it. `home` is the app's
/// public address (the header's link).
pub fn document(title: &str, home: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex";
                title { (title) " · SWAZ" }
                style { (PreEscaped(STYLE)) }
            }
            body {
                header { a href={ (home) "/" } { "SWAZ" } }
                main {
                    h1 { (title) }
                    (body)
                }
            }
        }
    }
}

/// A date as people write it: "December 2, 2026" (UTC).
pub fn long_date(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|d| d.format("%B %-d, %Y").to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_and_body_are_text_and_dates_read_as_people_write_them() {
        let page =
            document("<b>Hi</b>", "https://swaz.test", html! { p { "x < y" } }).into_string();
        assert!(
            page.contains("<title>&lt;b&gt;Hi&lt;/b&gt; · SWAZ</title>"),
            "{page}"
        );
        assert!(page.contains("<p>x &lt; y</p>"), "{page}");
        assert!(
            page.contains(r#"<a href="https://swaz.test/">SWAZ</a>"#),
            "{page}"
        );
        assert!(page.contains("prefers-color-scheme:dark"));
        assert_eq!(long_date(1_796_212_901_711), "December 2, 2026");
    }
}
