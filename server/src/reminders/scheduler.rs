//! The reminder scheduler: a task inside `swaz serve` that, every tick, queues each due reminder
//! through the mail outbox exactly once (see the module docs of `reminders`). [`tick`] is public
//! so tests run a round directly with a moved clock instead of sleeping.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Days, Utc};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::links::{self, Action, Link};
use super::notifications;
use super::schedule::{self, Kind, Occasion};
use super::settings::Settings;
use super::storage;
use crate::auth::users;
use crate::clock::Clock;
use crate::coaching::{summary, team_board};
use crate::config::Secret;
use crate::dashboard::days;
use crate::db::Db;
use crate::mail::Outbox;
use crate::mail::{self, templates};
use crate::push::notify::{self, Outboxes};
use crate::push::outbox::PushOutbox;

/// What became of one occasion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Sent,
    /// Today's practice was already done (daily reminder).
    SkippedPractice,
    /// Game day silenced it.
    SkippedGameDay,
    /// The athlete chose the day as a rest day (daily reminder).
    SkippedRestDay,
    /// The athlete turned this reminder off after snoozing it.
    SkippedOff,
}

impl Outcome {
    fn as_str(self) -> &'static str {
        match self {
            Self::Sent => "sent",
            Self::SkippedPractice => "skipped_practice",
            Self::SkippedGameDay => "skipped_game_day",
            Self::SkippedRestDay => "skipped_rest_day",
            Self::SkippedOff => "skipped_off",
        }
    }
}

/// What one round did (occasions this instance dealt with; others' are not counted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TickReport {
    pub sent: usize,
    pub skipped: usize,
}

struct Recipient<'a> {
    user_id: &'a str,
    email: &'a str,
    first_name: &'a str,
    settings: &'a Settings,
}

/// What a reminder round works with: the database, the outbox, the clock, and what the mails'
/// links need (the public address, the key that signs one-click links, the live call's address).
#[derive(Clone)]
pub struct Reminders {
    pub db: Db,
    pub outbox: Outbox,
    /// Where reminders to the athlete's devices are queued.
    pub push: PushOutbox,
    pub clock: Arc<dyn Clock>,
    pub base_url: String,
    pub link_secret: Secret,
    pub live_call_url: String,
    /// The coach board's kept streak counts, shared with the instance's requests.
    pub streaks: Arc<crate::coaching::board::StreakCache>,
}

/// Queues every reminder due now; answers what this round did.
pub async fn tick(app: &Reminders) -> anyhow::Result<TickReport> {
    let now = app.clock.now();
    let mut report = TickReport::default();
    let subscribers = {
        let mut conn = app.db.pool().acquire().await?;
        storage::subscribers(&mut conn).await?
    };
    for s in &subscribers {
        let who = Recipient {
            user_id: &s.user_id,
            email: &s.email,
            first_name: &s.first_name,
            settings: &s.settings,
        };
        for occasion in schedule::due_occasions(&s.settings, now) {
            match handle(app, &who, &occasion, now, None).await {
                Ok(done) => count(&mut report, done),
                Err(err) => {
                    tracing::warn!(error = ?err, user = %s.user_id, kind = occasion.kind.as_str(), "reminder failed")
                }
            }
        }
    }
    let snoozes = {
        let mut conn = app.db.pool().acquire().await?;
        let now_ms = now.timestamp_millis();
        storage::due_snoozes(
            &mut conn,
            now_ms - schedule::LATE_LIMIT.num_milliseconds(),
            now_ms,
        )
        .await?
    };
    for snooze in snoozes {
        let occasion = Occasion {
            kind: snooze.kind,
            key: format!("snooze:{}", snooze.occasion),
            due: DateTime::from_timestamp_millis(snooze.due_at).unwrap_or(now),
        };
        let loaded = {
            let mut conn = app.db.pool().acquire().await?;
            match users::by_id(&mut conn, &snooze.user_id).await? {
                Some(user) => Some((
                    user,
                    storage::get_or_default(&mut conn, &snooze.user_id).await?,
                )),
                None => None,
            }
        };
        let Some((user, settings)) = loaded else {
            continue;
        };
        let off = !match snooze.kind {
            Kind::Daily => settings.daily_reminder,
            Kind::WeeklyMap => settings.weekly_map_reminder,
            Kind::LiveCall => settings.live_call_reminder,
        };
        let who = Recipient {
            user_id: &user.id,
            email: &user.email,
            first_name: &user.first_name,
            settings: &settings,
        };
        let forced = off.then_some(Outcome::SkippedOff);
        match handle(app, &who, &occasion, now, forced).await {
            Ok(done) => count(&mut report, done),
            Err(err) => tracing::warn!(error = ?err, user = %user.id, "snoozed reminder failed"),
        }
    }
    let coaches = {
        let mut conn = app.db.pool().acquire().await?;
        summary::coaches(&mut conn).await?
    };
    for coach in &coaches {
        let Some((monday, due)) = summary::due(coach.tz, now, schedule::LATE_LIMIT) else {
            continue;
        };
        match coach_summary(app, coach, monday, due, now).await {
            Ok(sent) => report.sent += usize::from(sent),
            Err(err) => {
                tracing::warn!(error = ?err, user = %coach.user_id, "Monday summary failed")
            }
        }
    }
    Ok(report)
}

/// Sends `coach` the Monday summary of their team unless it was sent (here or by another
/// instance); answers whether this call sent it.
async fn coach_summary(
    app: &Reminders,
    coach: &summary::Coach,
    monday: chrono::NaiveDate,
    due: DateTime<Utc>,
    now: DateTime<Utc>,
) -> anyhow::Result<bool> {
    let key = summary::key(coach, monday);
    let board = {
        let mut conn = app.db.pool().acquire().await?;
        if storage::handled(&mut conn, &coach.user_id, summary::KIND, &key).await? {
            return Ok(false);
        }
        let mut reads = crate::db::Reads::from(&mut conn);
        team_board::build(&mut reads, &coach.team_id, coach.tz, now, &app.streaks).await?
    };
    let now_ms = now.timestamp_millis();
    let mut tx = app.db.begin_write().await?;
    let claimed = storage::claim_occasion(
        &mut tx,
        &coach.user_id,
        summary::KIND,
        &key,
        due.timestamp_millis(),
        Outcome::Sent.as_str(),
        now_ms,
    )
    .await?;
    if !claimed {
        tx.rollback().await?;
        return Ok(false);
    }
    let message = summary::message(coach, &board, &app.base_url);
    app.outbox.enqueue(&mut tx, &message, now_ms).await?;
    tx.commit().await?;
    tracing::info!(user = %coach.user_id, team = %coach.team_id, occasion = %key, "Monday summary sent");
    Ok(true)
}

fn count(report: &mut TickReport, done: Option<Outcome>) {
    match done {
        Some(Outcome::Sent) => report.sent += 1,
        Some(_) => report.skipped += 1,
        None => {}
    }
}

/// Deals with one occasion; `None` when it was already dealt with (here or by another instance).
async fn handle(
    app: &Reminders,
    who: &Recipient<'_>,
    occasion: &Occasion,
    now: DateTime<Utc>,
    forced: Option<Outcome>,
) -> anyhow::Result<Option<Outcome>> {
    let mut conn = app.db.pool().acquire().await?;
    if storage::handled(
        &mut conn,
        who.user_id,
        occasion.kind.as_str(),
        &occasion.key,
    )
    .await?
    {
        return Ok(None);
    }
    let due_ms = occasion.due.timestamp_millis();
    let outcome = if let Some(forced) = forced {
        forced
    } else if who
        .settings
        .game_day_until
        .is_some_and(|until| due_ms < until)
    {
        Outcome::SkippedGameDay
    } else if occasion.kind == Kind::Daily
        && practised_on_day_of(&mut conn, who, occasion.due).await?
    {
        Outcome::SkippedPractice
    } else if occasion.kind == Kind::Daily && rests_on_day_of(&mut conn, who, occasion.due).await? {
        Outcome::SkippedRestDay
    } else {
        Outcome::Sent
    };
    drop(conn);
    let now_ms = now.timestamp_millis();
    let mut tx = app.db.begin_write().await?;
    let claimed = storage::claim_occasion(
        &mut tx,
        who.user_id,
        occasion.kind.as_str(),
        &occasion.key,
        due_ms,
        outcome.as_str(),
        now_ms,
    )
    .await?;
    if !claimed {
        tx.rollback().await?;
        return Ok(None);
    }
    if outcome == Outcome::Sent {
        let mail = message(app, who, occasion, now);
        let starts = (occasion.kind == Kind::LiveCall).then(|| live_call_starts(who, now));
        let note = notifications::reminder(
            who.user_id,
            occasion,
            starts.as_deref(),
            &app.live_call_url,
            app.link_secret.expose(),
            now,
        );
        let outboxes = Outboxes {
            mail: &app.outbox,
            push: &app.push,
        };
        let channel = who.settings.channels.of(occasion.kind);
        notify::notify(
            &mut tx,
            outboxes,
            who.user_id,
            channel,
            &mail,
            &note,
            now_ms,
        )
        .await?;
    }
    tx.commit().await?;
    tracing::info!(user = %who.user_id, kind = occasion.kind.as_str(), occasion = %occasion.key, outcome = outcome.as_str(), "reminder handled");
    Ok(Some(outcome))
}

/// Whether the athlete has any practice event on the local day `at` falls on.
async fn practised_on_day_of(
    conn: &mut sqlx::AnyConnection,
    who: &Recipient<'_>,
    at: DateTime<Utc>,
) -> anyhow::Result<bool> {
    let tz = who.settings.time_zone.tz();
    let day = days::local_day(at, tz);
    let start = days::day_start_ms(day, tz);
    let end = day
        .checked_add_days(Days::new(1))
        .map_or(i64::MAX, |next| days::day_start_ms(next, tz));
    let events = crate::practice::storage::between(conn, who.user_id, start, end, 1).await?;
    Ok(!events.is_empty())
}

/// Whether the local day `at` falls on is one the athlete chose to rest.
async fn rests_on_day_of(
    conn: &mut sqlx::AnyConnection,
    who: &Recipient<'_>,
    at: DateTime<Utc>,
) -> anyhow::Result<bool> {
    let day = days::local_day(at, who.settings.time_zone.tz());
    let rest = crate::streak::storage::days_of(conn, who.user_id).await?;
    Ok(rest.contains(&day))
}

fn message(
    app: &Reminders,
    who: &Recipient<'_>,
    occasion: &Occasion,
    now: DateTime<Utc>,
) -> mail::Message {
    let base = &app.base_url;
    let secret = app.link_secret.expose();
    let link = |action: Action, path: &str| {
        let token = links::sign(
            &Link {
                user_id: who.user_id.to_owned(),
                action,
                kind: occasion.kind,
                occasion: occasion.key.clone(),
            },
            secret,
            now.timestamp(),
        );
        format!("{base}/_reminders/{path}?t={token}")
    };
    let snooze = link(Action::Snooze, "snooze");
    let unsubscribe = link(Action::Unsubscribe, "unsubscribe");
    let settings = format!("{base}/account/notification-settings");
    let links = templates::ReminderLinks {
        snooze: &snooze,
        unsubscribe: &unsubscribe,
        settings: &settings,
    };
    match occasion.kind {
        Kind::Daily => templates::daily_reminder(
            who.email,
            who.first_name,
            &format!("{base}/user-dashboard"),
            &links,
        ),
        Kind::WeeklyMap => templates::weekly_map_reminder(
            who.email,
            who.first_name,
            &format!("{base}/weekly-map-welcome"),
            &links,
        ),
        Kind::LiveCall => templates::live_call_reminder(
            who.email,
            who.first_name,
            &live_call_starts(who, now),
            &app.live_call_url,
            &links,
        ),
    }
}

/// When the call a live-call reminder sent at `now` is about starts, in the athlete's zone.
fn live_call_starts(who: &Recipient<'_>, now: DateTime<Utc>) -> String {
    let call = crate::dashboard::live_call::next_call(now - schedule::LIVE_CALL_LEAD);
    call.with_timezone(&who.settings.time_zone.tz())
        .format("%H:%M (%Z)")
        .to_string()
}

/// The running scheduler; [`Scheduler::stop`] ends it after the round in progress.
pub struct Scheduler {
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl Scheduler {
    /// Runs [`tick`] every `every` (the first round after one interval) until stopped; calls
    /// `finished` after each round that succeeded.
    pub fn spawn(
        reminders: Reminders,
        every: Duration,
        finished: impl Fn() + Send + 'static,
    ) -> Self {
        let (stop, mut stopped) = watch::channel(false);
        let task = tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = tokio::time::sleep(every) => {}
                    _ = stopped.changed() => break,
                }
                match tick(&reminders).await {
                    Ok(_) => finished(),
                    Err(err) => tracing::warn!(error = ?err, "reminder round failed"),
                }
            }
        });
        Self { stop, task }
    }

    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.task.await;
    }
}
