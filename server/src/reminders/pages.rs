//! The small pages the one-click links of reminder mails answer (see `one_click`).

use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use chrono::{DateTime, Utc};
use maud::{html, Markup};

use super::links::Refused;
use super::schedule::Kind;
use super::settings::Settings;

/// A small page that says what the link did, with the way to the settings and the dashboard.
fn page(status: StatusCode, title: &str, text: &str, base: &str) -> Response {
    let html = document(title, text, base).into_string();
    (status, [("cache-control", "no-store")], Html(html)).into_response()
}

fn document(title: &str, text: &str, base: &str) -> Markup {
    crate::http::page::document(
        title,
        base,
        html! {
            p { (text) }
            p {
                a href={ (base) "/account/notification-settings" } { "Notification settings" }
                " · "
                a href={ (base) "/user-dashboard" } { "Dashboard" }
            }
        },
    )
}

/// What a link that is not valid, or has expired, answers.
pub fn refused(base: &str, why: Refused) -> Response {
    let text = match why {
        Refused::Invalid => "This link is not valid. Use the link from the e-mail as it is, or change your reminders in your notification settings.",
        Refused::Expired => "This link has expired. You can change your reminders in your notification settings.",
    };
    page(StatusCode::BAD_REQUEST, "Link not valid", text, base)
}

/// The reminder will come again at `due`, told in the athlete's zone.
pub(crate) fn snoozed(base: &str, due: DateTime<Utc>, settings: &Settings) -> Response {
    let at = due
        .with_timezone(&settings.time_zone.tz())
        .format("%H:%M")
        .to_string();
    page(
        StatusCode::OK,
        "Snoozed",
        &format!(
            "We'll remind you again at {at} ({}).",
            settings.time_zone.name()
        ),
        base,
    )
}

/// The kind of reminder is off.
pub(crate) fn unsubscribed(base: &str, kind: Kind) -> Response {
    page(
        StatusCode::OK,
        "Unsubscribed",
        &format!(
            "You will no longer receive the {}. You can turn it back on in your notification settings.",
            kind_name(kind)
        ),
        base,
    )
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Daily => "daily practice reminder",
        Kind::WeeklyMap => "weekly map reminder",
        Kind::LiveCall => "live call reminder",
    }
}

#[cfg(test)]
mod tests {
    use super::document;

    #[test]
    fn the_page_shows_its_texts_as_text_and_links_to_settings_and_dashboard() {
        let html = document(
            "<b>Done</b>",
            "a \"quoted\" & <i>x</i>",
            "https://swaz.test",
        )
        .into_string();
        assert!(
            html.contains("<title>&lt;b&gt;Done&lt;/b&gt; · SWAZ</title>"),
            "{html}"
        );
        assert!(
            html.contains("<p>a &quot;quoted&quot; &amp; &lt;i&gt;x&lt;/i&gt;</p>"),
            "{html}"
        );
        assert!(html.contains(r#"<a href="https://swaz.test/account/notification-settings">"#));
        assert!(html.contains(r#"<a href="https://swaz.test/user-dashboard">"#));
    }
}
