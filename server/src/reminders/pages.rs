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

/// A page that asks before a link acts: what the button will do, and the button (a form that
/// posts the link's token to `action`).
fn ask(base: &str, title: &str, text: &str, action: &str, token: &str, button: &str) -> Response {
    let body = html! {
        p { (text) }
        form method="post" action={ (base) (action) } {
            input type="hidden" name="t" value=(token);
            button class="button" type="submit" { (button) }
        }
        p class="muted" {
            a href={ (base) "/account/notification-settings" } { "Notification settings" }
        }
    };
    let html = crate::http::page::document(title, base, body).into_string();
    (StatusCode::OK, [("cache-control", "no-store")], Html(html)).into_response()
}

/// "Remind me in an hour?" with its button.
pub(crate) fn ask_snooze(base: &str, token: &str) -> Response {
    ask(
        base,
        "Remind me in an hour",
        "We'll send this reminder again in an hour.",
        "/_reminders/snooze",
        token,
        "Remind me in an hour",
    )
}

/// "Unsubscribe from this reminder?" with its button.
pub(crate) fn ask_unsubscribe(base: &str, token: &str, kind: Kind) -> Response {
    ask(
        base,
        "Unsubscribe",
        &format!(
            "Stop the {}? You can turn it back on in your notification settings.",
            kind_name(kind)
        ),
        "/_reminders/unsubscribe",
        token,
        "Unsubscribe",
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
