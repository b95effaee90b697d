//! Sending one notification to a member the way they chose: a push message to each of their
//! devices, an e-mail, or both (see [`Channel::route`]); queued in the caller's transaction.

use super::channel::Channel;
use super::outbox::{Notification, PushOutbox};
use super::storage;
use crate::db::WriteTx;
use crate::mail::{self, Message};

/// Both outboxes: what a notification may be queued in.
#[derive(Clone, Copy)]
pub struct Outboxes<'a> {
    pub mail: &'a mail::Outbox,
    pub push: &'a PushOutbox,
}

/// How a notification went out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sent {
    /// Devices a push message was queued for.
    pub devices: usize,
    pub emailed: bool,
}

/// Queues `mail` and/or `note` for `user_id` in `tx`, as `channel` says.
pub async fn notify(
    tx: &mut WriteTx,
    outboxes: Outboxes<'_>,
    user_id: &str,
    channel: Channel,
    mail: &Message,
    note: &Notification,
    now: i64,
) -> sqlx::Result<Sent> {
    let devices = if channel == Channel::Email {
        Vec::new()
    } else {
        storage::of_member(tx, user_id).await?
    };
    let route = channel.route(devices.len());
    if route.push {
        let fallback = route.fallback.then_some(mail);
        outboxes
            .push
            .enqueue(tx, user_id, &devices, note, fallback, now)
            .await?;
    }
    if route.email {
        outboxes.mail.enqueue(tx, mail, now).await?;
    }
    Ok(Sent {
        devices: if route.push { devices.len() } else { 0 },
        emailed: route.email,
    })
}
