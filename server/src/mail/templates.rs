//! The texts of the e-mails the server sends: a plain-text body, and an HTML body written with
//! maud's `html!`, which escapes every value spliced into it.

use maud::{html, Markup, DOCTYPE};

use super::Message;

/// The small print at the foot of every mail to a member.
const TAGLINE: &str = "SWAZ — mental performance training for athletes";

/// The frame of every HTML mail: the body, then one line of small print.
fn layout(body: Markup, footer: &str) -> String {
    html! {
        (DOCTYPE)
        html {
            body style="font-family:Arial,sans-serif;color:#1a1a1a" {
                (body)
                p style="font-size:12px;color:#777" { (footer) }
            }
        }
    }
    .into_string()
}

/// The greeting, a paragraph for each text, and the button with its link written out for mail
/// clients that hide buttons.
fn content(greeting: &str, paragraphs: &[&str], button: Option<(&str, &str)>) -> Markup {
    html! {
        p { (greeting) }
        @for text in paragraphs {
            p { (text) }
        }
        @if let Some((label, url)) = button {
            p {
                a href=(url) style="display:inline-block;padding:12px 20px;background:#0b1f3a;color:#ffffff;text-decoration:none;border-radius:6px" {
                    (label)
                }
            }
            p style="font-size:12px;color:#555" { "Or paste this link into your browser: " (url) }
        }
    }
}

/// The HTML body of a mail to a member.
fn html_page(greeting: &str, paragraphs: &[&str], button: Option<(&str, &str)>) -> String {
    layout(content(greeting, paragraphs, button), TAGLINE)
}

fn greeting(first_name: &str) -> String {
    if first_name.trim().is_empty() {
        "Hi,".to_owned()
    } else {
        format!("Hi {},", first_name.trim())
    }
}

/// An e-mail whose button signs the reader in; the 6-digit code is for clients that ask for it.
fn link_message(
    to: &str,
    subject: &str,
    first_name: &str,
    lead: &str,
    (label, link): (&str, &str),
    code: &str,
    note: &str,
) -> Message {
    let hello = greeting(first_name);
    let code_line = format!("Or enter this code when the app asks for it: {code}");
    Message {
        to: to.to_owned(),
        subject: subject.to_owned(),
        text: format!("{hello}\n\n{lead}\n\n{label}: {link}\n\n{code_line}\n\n{note}\n"),
        html: html_page(&hello, &[lead, &code_line, note], Some((label, link))),
        reply_to: None,
        list_unsubscribe: None,
    }
}

pub(crate) fn confirm_signup(to: &str, first_name: &str, link: &str, code: &str) -> Message {
    link_message(
        to,
        "Confirm your SWAZ e-mail address",
        first_name,
        "Welcome to SWAZ! Please confirm your e-mail address so you can sign in.",
        ("Confirm my e-mail", link),
        code,
        "The link works once and expires in 24 hours. If you did not sign up, ignore this e-mail.",
    )
}

pub fn recovery(to: &str, first_name: &str, link: &str, code: &str) -> Message {
    link_message(
        to,
        "Reset your SWAZ password",
        first_name,
        "We received a request to reset your SWAZ password.",
        ("Choose a new password", link),
        code,
        "The link works once and expires in 1 hour. If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
    )
}

pub(crate) fn magic_link(to: &str, first_name: &str, link: &str, code: &str) -> Message {
    link_message(
        to,
        "Your SWAZ sign-in link",
        first_name,
        "Use this link to sign in to SWAZ without your password.",
        ("Sign in to SWAZ", link),
        code,
        "The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail.",
    )
}

pub fn invite(to: &str, link: &str, code: &str) -> Message {
    link_message(
        to,
        "You have been invited to SWAZ",
        "",
        "You have been invited to create a SWAZ account: ten minutes a day of mental-performance training.",
        ("Accept the invitation", link),
        code,
        "The link works once and expires in 24 hours. If you were not expecting this, ignore this e-mail.",
    )
}

/// The code that confirms a sensitive change (a new password) from a signed-in session.
pub fn reauthentication(to: &str, first_name: &str, code: &str) -> Message {
    let hello = greeting(first_name);
    let lead = format!("Enter this code to confirm it is you: {code}");
    let note = "The code works once and expires in 10 minutes. If you did not ask for it, change your password.";
    Message {
        to: to.to_owned(),
        subject: "Your SWAZ confirmation code".to_owned(),
        text: format!("{hello}\n\n{lead}\n\n{note}\n"),
        html: html_page(&hello, &[&lead, note], None),
        reply_to: None,
        list_unsubscribe: None,
    }
}

pub(crate) fn password_changed(to: &str, first_name: &str) -> Message {
    let hello = greeting(first_name);
    let lead = "Your SWAZ password was just changed, and your other devices were signed out.";
    let note =
        "If this was not you, reset your password from the login page right away and contact us.";
    Message {
        to: to.to_owned(),
        subject: "Your SWAZ password was changed".to_owned(),
        text: format!("{hello}\n\n{lead}\n\n{note}\n"),
        html: html_page(&hello, &[lead, note], None),
        reply_to: None,
        list_unsubscribe: None,
    }
}

pub(crate) fn confirm_email_change(to: &str, first_name: &str, link: &str, code: &str) -> Message {
    link_message(
        to,
        "Confirm your new SWAZ e-mail address",
        first_name,
        "You asked to use this address for your SWAZ account. Confirm it to make the change.",
        ("Confirm the new address", link),
        code,
        "The link works once and expires in 24 hours. Until then your account keeps its current e-mail. If you did not ask for this, ignore this e-mail.",
    )
}

/// The half of a secure e-mail change that goes to the current address.
pub(crate) fn confirm_email_change_current(
    to: &str,
    first_name: &str,
    new_email: &str,
    link: &str,
    code: &str,
) -> Message {
    let lead = format!(
        "You asked to move your SWAZ account to {new_email}. Confirm it from this address too: the change happens once both addresses are confirmed."
    );
    link_message(
        to,
        "Confirm the change of your SWAZ e-mail address",
        first_name,
        &lead,
        ("Confirm the change", link),
        code,
        "The link works once and expires in 24 hours. Until then your account keeps this e-mail. If you did not ask for this, ignore this e-mail.",
    )
}

pub(crate) fn email_changed(to: &str, first_name: &str, new_email: &str) -> Message {
    let hello = greeting(first_name);
    let lead = format!("The e-mail address of your SWAZ account was changed to {new_email}.");
    let note = "If this was not you, contact us right away.";
    Message {
        to: to.to_owned(),
        subject: "Your SWAZ e-mail address was changed".to_owned(),
        text: format!("{hello}\n\n{lead}\n\n{note}\n"),
        html: html_page(&hello, &[&lead, note], None),
        reply_to: None,
        list_unsubscribe: None,
    }
}

/// Tells a member an admin took them out of a team, with the admin's reason.
pub(crate) fn removed_from_team(
    to: &str,
    first_name: &str,
    team_name: &str,
    reason: &str,
) -> Message {
    let hello = greeting(first_name);
    let lead = format!("Your team admin removed you from the team {team_name} on SWAZ.");
    let why = format!("Their reason: {reason}");
    let note = "Your premium access through the team has ended. Your saved work stays yours to read, and you can keep training with an Individual plan from the pricing page.";
    Message {
        to: to.to_owned(),
        subject: format!("You are no longer a member of {team_name}"),
        text: format!("{hello}\n\n{lead}\n\n{why}\n\n{note}\n"),
        html: html_page(&hello, &[&lead, &why, note], None),
        reply_to: None,
        list_unsubscribe: None,
    }
}

/// What happened to an athlete's place in a team, for its admins.
#[derive(Clone, Copy)]
pub(crate) enum RosterChange<'a> {
    Joined,
    Left,
    Removed { reason: &'a str },
}

/// Tells a team admin that an athlete joined, left or was removed.
pub(crate) fn roster_change(
    to: &str,
    first_name: &str,
    team_name: &str,
    athlete: &str,
    change: RosterChange<'_>,
    team_page: &str,
) -> Message {
    let (subject, lead) = match change {
        RosterChange::Joined => (
            format!("{athlete} joined {team_name}"),
            format!("{athlete} joined your team {team_name} on SWAZ through the invite link."),
        ),
        RosterChange::Left => (
            format!("{athlete} left {team_name}"),
            format!("{athlete} left your team {team_name} on SWAZ. Their seat is free again."),
        ),
        RosterChange::Removed { reason } => (
            format!("{athlete} was removed from {team_name}"),
            format!(
                "Another admin removed {athlete} from your team {team_name} on SWAZ, with this reason: {reason}"
            ),
        ),
    };
    notice(
        to,
        &subject,
        first_name,
        &[&lead],
        Some(("Open the team", team_page)),
    )
}

/// A coach's short note to an athlete of their team; replies go to the coach.
pub(crate) fn coach_nudge(
    to: &str,
    first_name: &str,
    coach: (&str, &str),
    team_name: &str,
    note: &str,
    dashboard: &str,
) -> Message {
    let (coach_name, coach_email) = coach;
    let lead = format!("{coach_name}, your coach in {team_name}, sent you a note:");
    let quoted = format!("\u{201c}{note}\u{201d}");
    let after = "Ten minutes today keeps your streak alive. Reply to this e-mail to answer your coach. You can turn coach notes off in Account, What my coach sees.";
    let mut message = notice(
        to,
        &format!("A note from {coach_name}"),
        first_name,
        &[&lead, &quoted, after],
        Some(("Open SWAZ", dashboard)),
    );
    message.reply_to = Some(coach_email.to_owned());
    message
}

/// A team admin's Monday summary of the team, the board one click away.
pub(crate) fn coach_summary(
    to: &str,
    first_name: &str,
    team_name: &str,
    paragraphs: &[String],
    board: &str,
) -> Message {
    let lines: Vec<&str> = paragraphs.iter().map(String::as_str).collect();
    notice(
        to,
        &format!("{team_name}: your Monday summary"),
        first_name,
        &lines,
        Some(("Open the board", board)),
    )
}

/// A notice to a member: the greeting, its paragraphs and an optional button, in both bodies.
fn notice(
    to: &str,
    subject: &str,
    first_name: &str,
    paragraphs: &[&str],
    button: Option<(&str, &str)>,
) -> Message {
    let hello = greeting(first_name);
    let mut text = format!("{hello}\n\n{}\n", paragraphs.join("\n\n"));
    if let Some((label, url)) = button {
        text.push_str(&format!("\n{label}: {url}\n"));
    }
    Message {
        to: to.to_owned(),
        subject: subject.to_owned(),
        text,
        html: html_page(&hello, paragraphs, button),
        reply_to: None,
        list_unsubscribe: None,
    }
}

/// What a membership mail says about one payment.
pub(crate) struct Payment<'a> {
    /// "$29.00".
    pub amount: &'a str,
    /// "Individual · Monthly".
    pub plan: &'a str,
    /// "November 25, 2026 – December 25, 2026", when known.
    pub period: Option<&'a str>,
    /// The invoice's page, when there is one.
    pub invoice_url: Option<&'a str>,
}

/// The receipt of a paid invoice.
pub(crate) fn receipt(to: &str, first_name: &str, paid: &Payment<'_>) -> Message {
    let lead = format!(
        "Thank you: we received your payment of {} for your SWAZ membership ({}).",
        paid.amount, paid.plan
    );
    let period = paid.period.map(|p| format!("It covers {p}."));
    let mut paragraphs = vec![lead.as_str()];
    paragraphs.extend(period.as_deref());
    paragraphs.push("Your invoices are also on the Billing page of your account.");
    notice(
        to,
        &format!("Your SWAZ receipt: {}", paid.amount),
        first_name,
        &paragraphs,
        paid.invoice_url.map(|url| ("View your invoice", url)),
    )
}

/// Confirms a cancellation and says until when the member keeps their access.
pub(crate) fn membership_cancelled(
    to: &str,
    first_name: &str,
    ends_on: &str,
    membership_url: &str,
) -> Message {
    let lead = format!(
        "Your SWAZ membership is cancelled. You keep full access until {ends_on}, and you will not be charged again."
    );
    notice(
        to,
        &format!("Your SWAZ membership ends on {ends_on}"),
        first_name,
        &[
            &lead,
            "Changed your mind? Resume your membership before that date and nothing changes.",
        ],
        Some(("Resume my membership", membership_url)),
    )
}

/// A renewal payment failed: the member changes the card before access ends.
pub(crate) fn payment_failed(
    to: &str,
    first_name: &str,
    paid: &Payment<'_>,
    membership_url: &str,
) -> Message {
    let lead = format!(
        "We could not take the payment of {} for your SWAZ membership ({}).",
        paid.amount, paid.plan
    );
    notice(
        to,
        "Your SWAZ payment did not go through",
        first_name,
        &[
            &lead,
            "Please update your card on your Membership page: we will try again, and your training continues once the payment goes through.",
        ],
        Some(("Update my card", membership_url)),
    )
}

/// Seven days before a yearly membership renews.
pub(crate) fn renewal_reminder(
    to: &str,
    first_name: &str,
    renewal: &Payment<'_>,
    renews_on: &str,
    membership_url: &str,
) -> Message {
    let lead = format!(
        "Your yearly SWAZ membership ({}) renews on {renews_on}, for {}.",
        renewal.plan, renewal.amount
    );
    notice(
        to,
        &format!("Your SWAZ membership renews on {renews_on}"),
        first_name,
        &[
            &lead,
            "Nothing to do if you want to keep training. To change your plan or card, or to cancel, visit your Membership page before then.",
        ],
        Some(("Manage my membership", membership_url)),
    )
}

/// The copy of a contact-form message for the operator; replying answers the sender.
pub(crate) fn contact_message(
    to: &str,
    name: &str,
    email: &str,
    subject: &str,
    message: &str,
) -> Message {
    let lead = format!("{name} <{email}> wrote through the contact form:");
    let note = "Reply to this e-mail to answer them.";
    let body = html! {
        p { (lead) }
        p { strong { "Subject:" } " " (subject) }
        p {
            @for (i, line) in message.split('\n').enumerate() {
                @if i > 0 { br; }
                (line)
            }
        }
    };
    Message {
        to: to.to_owned(),
        subject: format!("Contact form: {subject}"),
        text: format!("{lead}\n\nSubject: {subject}\n\n{message}\n\n{note}\n"),
        html: layout(body, note),
        reply_to: Some(email.to_owned()),
        list_unsubscribe: None,
    }
}

/// The links every reminder carries besides its main button.
pub(crate) struct ReminderLinks<'a> {
    pub snooze: &'a str,
    pub unsubscribe: &'a str,
    pub settings: &'a str,
}

fn reminder(
    to: &str,
    first_name: &str,
    subject: &str,
    lead: &str,
    button: (&str, &str),
    links: &ReminderLinks<'_>,
) -> Message {
    let hello = greeting(first_name);
    let (label, url) = button;
    let body = html! {
        (content(&hello, &[lead], Some(button)))
        p { a href=(links.snooze) { "Remind me in an hour" } }
        p style="font-size:12px;color:#555" {
            a href=(links.unsubscribe) { "Unsubscribe from this reminder" }
            " · "
            a href=(links.settings) { "Notification settings" }
        }
    };
    Message {
        to: to.to_owned(),
        subject: subject.to_owned(),
        text: format!(
            "{hello}\n\n{lead}\n\n{label}: {url}\n\nRemind me in an hour: {}\n\nUnsubscribe from this reminder: {}\nNotification settings: {}\n",
            links.snooze, links.unsubscribe, links.settings
        ),
        html: layout(body, TAGLINE),
        reply_to: None,
        list_unsubscribe: Some(links.unsubscribe.to_owned()),
    }
}

pub(crate) fn daily_reminder(
    to: &str,
    first_name: &str,
    app: &str,
    links: &ReminderLinks<'_>,
) -> Message {
    reminder(
        to,
        first_name,
        "Your 10 minutes of SWAZ practice today",
        "Time for today's practice: listen to your vision, breathe, and plan tomorrow. It takes about 10 minutes.",
        ("Start today's practice", app),
        links,
    )
}

pub(crate) fn weekly_map_reminder(
    to: &str,
    first_name: &str,
    app: &str,
    links: &ReminderLinks<'_>,
) -> Message {
    reminder(
        to,
        first_name,
        "Map your week with SWAZ",
        "It's Sunday: look back on your week and set the objectives for the next one.",
        ("Start my weekly map", app),
        links,
    )
}

pub(crate) fn live_call_reminder(
    to: &str,
    first_name: &str,
    starts: &str,
    join: &str,
    links: &ReminderLinks<'_>,
) -> Message {
    let lead = format!("The weekly live call starts in an hour, at {starts}.");
    reminder(
        to,
        first_name,
        "The SWAZ live call starts in an hour",
        &lead,
        ("Join the live call", join),
        links,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_and_names_are_escaped_in_html_and_plain_in_text() {
        let msg = recovery(
            "a@b.co",
            "<Ann>",
            "http://x/verify?token=a&type=recovery",
            "123456",
        );
        assert!(msg.text.contains("Hi <Ann>,"));
        assert!(msg
            .text
            .contains("enter this code when the app asks for it: 123456"));
        assert!(msg.text.contains("http://x/verify?token=a&type=recovery"));
        assert!(msg.html.contains("Hi &lt;Ann&gt;,"));
        assert!(msg.html.contains("token=a&amp;type=recovery"));
    }

    #[test]
    fn a_hostile_name_and_team_name_come_out_as_text_in_the_html() {
        let msg = removed_from_team(
            "a@b.co",
            "<script>alert(1)</script>",
            "\"&<> United",
            "Late",
        );
        assert!(!msg.html.contains("<script>"), "{}", msg.html);
        assert!(msg
            .html
            .contains("<p>Hi &lt;script&gt;alert(1)&lt;/script&gt;,</p>"));
        assert!(msg
            .html
            .contains("the team &quot;&amp;&lt;&gt; United on SWAZ"));
        assert!(msg.text.contains("Hi <script>alert(1)</script>,"));
        assert_eq!(msg.subject, "You are no longer a member of \"&<> United");
    }

    #[test]
    fn reminder_links_are_attributes_and_a_contact_message_keeps_its_lines() {
        let links = ReminderLinks {
            snooze: "http://x/_reminders/snooze?t=a&b",
            unsubscribe: "http://x/u?\"onclick=\"",
            settings: "http://x/settings",
        };
        let msg = daily_reminder("a@b.co", "Ann", "http://x/app", &links);
        assert!(msg.html.contains(
            r#"<a href="http://x/_reminders/snooze?t=a&amp;b">Remind me in an hour</a>"#
        ));
        assert!(msg
            .html
            .contains(r#"href="http://x/u?&quot;onclick=&quot;""#));
        assert!(msg
            .text
            .contains("Remind me in an hour: http://x/_reminders/snooze?t=a&b"));

        let msg = contact_message("op@x.co", "Ann", "ann@x.co", "Hi", "one\n<b>two</b>");
        assert!(
            msg.html.contains("<p>one<br>&lt;b&gt;two&lt;/b&gt;</p>"),
            "{}",
            msg.html
        );
    }
}
