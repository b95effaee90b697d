use std::sync::Arc;
use std::time::Duration;

use lettre::message::header::{ContentType, Header, HeaderName, HeaderValue};
use lettre::message::{MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use tokio::sync::{watch, Notify};

use super::outbox::{self, Message};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::Db;

/// Where the worker delivers.
pub enum Transport {
    Smtp {
        transport: Box<AsyncSmtpTransport<Tokio1Executor>>,
        from: lettre::message::Mailbox,
    },
    /// Keeps messages in the outbox table, shown by `/_dev/mailbox`.
    Mailbox,
}

impl Transport {
    pub(crate) fn from_config(config: &Config) -> anyhow::Result<Self> {
        match &config.smtp_url {
            None => Ok(Self::Mailbox),
            Some(url) => Ok(Self::Smtp {
                transport: Box::new(
                    AsyncSmtpTransport::<Tokio1Executor>::from_url(url.expose())
                        .map_err(|e| anyhow::anyhow!("SMTP_URL is not valid: {e}"))?
                        .build(),
                ),
                from: config
                    .mail_from
                    .parse()
                    .map_err(|e| anyhow::anyhow!("SWAZ_MAIL_FROM is not a valid mailbox: {e}"))?,
            }),
        }
    }

    fn name(&self) -> &'static str {
        match self {
            Self::Smtp { .. } => "smtp",
            Self::Mailbox => "mailbox",
        }
    }

    async fn deliver(&self, message: &Message) -> anyhow::Result<()> {
        match self {
            Self::Mailbox => Ok(()),
            Self::Smtp { transport, from } => {
                let mut builder = lettre::Message::builder()
                    .from(from.clone())
                    .to(message.to.parse()?)
                    .subject(&message.subject);
                // A reply-to lettre cannot read must not keep the message from going out.
                match message
                    .reply_to
                    .as_deref()
                    .map(str::parse::<lettre::message::Mailbox>)
                {
                    Some(Ok(reply_to)) => builder = builder.reply_to(reply_to),
                    Some(Err(err)) => {
                        tracing::warn!(%err, "sending without an unreadable Reply-To")
                    }
                    None => {}
                }
                if let Some(url) = &message.list_unsubscribe {
                    builder = builder
                        .header(ListUnsubscribe(format!("<{url}>")))
                        .header(ListUnsubscribePost);
                }
                let email = builder.multipart(
                    MultiPart::alternative()
                        .singlepart(
                            SinglePart::builder()
                                .header(ContentType::TEXT_PLAIN)
                                .body(message.text.clone()),
                        )
                        .singlepart(
                            SinglePart::builder()
                                .header(ContentType::TEXT_HTML)
                                .body(message.html.clone()),
                        ),
                )?;
                transport.send(email).await?;
                Ok(())
            }
        }
    }
}

/// `List-Unsubscribe: <url>` (RFC 2369): where a mail program's "Unsubscribe" goes.
#[derive(Clone)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self(s.to_owned()))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), self.0.clone())
    }
}

/// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058): the address takes a POST, so
/// a mail program unsubscribes in one click and a scanner that opens links does not.
#[derive(Clone)]
struct ListUnsubscribePost;

impl Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".to_owned())
    }
}

/// Delivers queued mail until `stop` turns true; wakes on `notify` or every two seconds. On stop
/// it finishes the message in hand and gives the rest of its claim back (see [`deliver_until`]).
pub async fn run(
    db: Db,
    clock: Arc<dyn Clock>,
    transport: Transport,
    notify: Arc<Notify>,
    mut stop: watch::Receiver<bool>,
) {
    while !*stop.borrow() {
        if let Err(err) = deliver_until(&db, clock.as_ref(), &transport, &stop).await {
            tracing::warn!(error = ?err, "mail delivery round failed");
        }
        tokio::select! {
            _ = notify.notified() => {}
            _ = stop.changed() => {}
            _ = tokio::time::sleep(Duration::from_secs(2)) => {}
        }
    }
    tracing::info!("mail worker stopped");
}

/// Sends every message due now; answers how many were delivered.
pub(crate) async fn deliver_due(
    db: &Db,
    clock: &dyn Clock,
    transport: &Transport,
) -> anyhow::Result<usize> {
    deliver_until(db, clock, transport, &watch::channel(false).1).await
}

/// Like [`deliver_due`], but once `stop` turns true the messages claimed and not yet sent are
/// released, so another instance sends them now rather than after the claim's lease.
pub(crate) async fn deliver_until(
    db: &Db,
    clock: &dyn Clock,
    transport: &Transport,
    stop: &watch::Receiver<bool>,
) -> anyhow::Result<usize> {
    let mut delivered = 0;
    loop {
        if *stop.borrow() {
            return Ok(delivered);
        }
        let batch = outbox::claim_due(db, clock.now_ms(), 20, 60_000).await?;
        if batch.is_empty() {
            return Ok(delivered);
        }
        let mut batch = batch.into_iter();
        while let Some(claimed) = batch.next() {
            if *stop.borrow() {
                let rest: Vec<String> = std::iter::once(claimed.id)
                    .chain(batch.map(|c| c.id))
                    .collect();
                outbox::release(db, &rest).await?;
                tracing::info!(
                    released = rest.len(),
                    "mail worker stopping: claims released"
                );
                return Ok(delivered);
            }
            match transport.deliver(&claimed.message).await {
                Ok(()) => {
                    outbox::mark_sent(db, clock.now_ms(), &claimed.id, transport.name()).await?;
                    delivered += 1;
                    tracing::info!(to = %claimed.message.to, subject = %claimed.message.subject, transport = transport.name(), "mail delivered");
                }
                Err(err) => {
                    tracing::warn!(error = %err, to = %claimed.message.to, "mail delivery failed");
                    outbox::mark_failed(
                        db,
                        clock.now_ms(),
                        &claimed.id,
                        claimed.attempts,
                        &err.to_string(),
                    )
                    .await?;
                }
            }
        }
    }
}
