//! `GET /_reminders/snooze?t=…` and `GET /_reminders/unsubscribe?t=…`: the one-click links of
//! reminder mails. They work without signing in because the link is signed (see `links`), and
//! using one twice changes nothing more than using it once. Each answers a small page.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use maud::{html, Markup, DOCTYPE};
use serde::Deserialize;

use super::links::{self, Action, Refused};
use super::schedule::{self, Kind};
use super::storage;
use crate::app::AppState;
use crate::error::Result;

#[derive(Deserialize)]
pub struct LinkQuery {
    t: Option<String>,
}

/// A small page that says what the link did, with the way to the settings and the dashboard.
fn page(status: StatusCode, title: &str, text: &str, base: &str) -> Response {
    let html = document(title, text, base).into_string();
    (status, [("cache-control", "no-store")], Html(html)).into_response()
}

fn document(title: &str, text: &str, base: &str) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex";
                title { (title) " · SWAZ" }
            }
            body style="font-family:Arial,sans-serif;color:#1a1a1a;max-width:32rem;margin:3rem auto;padding:0 1rem" {
                h1 style="font-size:1.5rem" { (title) }
                p { (text) }
                p {
                    a href={ (base) "/account/notification-settings" } { "Notification settings" }
                    " · "
                    a href={ (base) "/user-dashboard" } { "Dashboard" }
                }
            }
        }
    }
}

fn refused(state: &AppState, why: Refused) -> Response {
    let text = match why {
        Refused::Invalid => "This link is not valid. Use the link from the e-mail as it is, or change your reminders in your notification settings.",
        Refused::Expired => "This link has expired. You can change your reminders in your notification settings.",
    };
    page(
        StatusCode::BAD_REQUEST,
        "Link not valid",
        text,
        &state.config.public_url,
    )
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Daily => "daily practice reminder",
        Kind::WeeklyMap => "weekly map reminder",
        Kind::LiveCall => "live call reminder",
    }
}

/// "Remind me in an hour": schedules one more reminder an hour after the first use of the link.
pub async fn snooze(State(state): State<AppState>, Query(q): Query<LinkQuery>) -> Result<Response> {
    let now = state.clock.now();
    let link = match links::verify(
        q.t.as_deref().unwrap_or(""),
        state.config.jwt_secret.expose(),
        Action::Snooze,
        now.timestamp(),
    ) {
        Ok(link) => link,
        Err(why) => return Ok(refused(&state, why)),
    };
    let mut tx = state.db.begin_write().await?;
    let settings = storage::get_or_default(&mut tx, &link.user_id).await?;
    let exists: Option<i64> = sqlx::query_scalar("SELECT 1 FROM users WHERE id = $1")
        .bind(&link.user_id)
        .fetch_optional(&mut *tx)
        .await?;
    if exists.is_none() {
        return Ok(refused(&state, Refused::Invalid));
    }
    let due = storage::snooze(
        &mut tx,
        &link.user_id,
        link.kind,
        &link.occasion,
        (now + schedule::SNOOZE).timestamp_millis(),
        now.timestamp_millis(),
    )
    .await?;
    tx.commit().await?;
    let at = chrono::DateTime::from_timestamp_millis(due)
        .unwrap_or(now)
        .with_timezone(&settings.time_zone.tz())
        .format("%H:%M")
        .to_string();
    Ok(page(
        StatusCode::OK,
        "Snoozed",
        &format!(
            "We'll remind you again at {at} ({}).",
            settings.time_zone.name()
        ),
        &state.config.public_url,
    ))
}

/// Turns off the kind of reminder the mail was.
pub async fn unsubscribe(
    State(state): State<AppState>,
    Query(q): Query<LinkQuery>,
) -> Result<Response> {
    let now = state.clock.now();
    let link = match links::verify(
        q.t.as_deref().unwrap_or(""),
        state.config.jwt_secret.expose(),
        Action::Unsubscribe,
        now.timestamp(),
    ) {
        Ok(link) => link,
        Err(why) => return Ok(refused(&state, why)),
    };
    let mut tx = state.db.begin_write().await?;
    let exists: Option<i64> = sqlx::query_scalar("SELECT 1 FROM users WHERE id = $1")
        .bind(&link.user_id)
        .fetch_optional(&mut *tx)
        .await?;
    if exists.is_none() {
        return Ok(refused(&state, Refused::Invalid));
    }
    let current = storage::get_or_default(&mut tx, &link.user_id).await?;
    storage::turn_off(
        &mut tx,
        &link.user_id,
        &current,
        link.kind,
        now.timestamp_millis(),
    )
    .await?;
    tx.commit().await?;
    Ok(page(
        StatusCode::OK,
        "Unsubscribed",
        &format!(
            "You will no longer receive the {}. You can turn it back on in your notification settings.",
            kind_name(link.kind)
        ),
        &state.config.public_url,
    ))
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
