//! Which sign-in sessions this instance last found live, so a signed-in read asks the database
//! once (for its data) instead of twice (the session, then the data).
//!
//! A session's liveness changes only through a write that says so in its transaction
//! ([`super::WriteTx::sessions_changed`]: a sign-out, a refresh token used twice, a second factor
//! verified or removed, an account banned or deleted). Such a write forgets the member's entries
//! here once it commits, before its answer is sent, so this instance refuses the session from
//! then on. On PostgreSQL the same transaction sends `NOTIFY swaz_sessions` with the member's id,
//! delivered on commit to every instance's listener ([`listen`]), which forgets the entries there
//! too: a sign-out on one instance is honoured by the others as soon as the notification arrives
//! (well under a millisecond on one network; `ops/scale-out-test` signs out on one instance and
//! is refused by the other with its very next request). While an instance's listener is not
//! connected it trusts nothing kept here and asks the database every time; a reconnected
//! listener starts from an empty cache, since notifications sent while it was away are lost. The
//! window left is the moment between a listener's connection ending and the instance noticing
//! (the socket's end reaching its task): a revocation committed inside it is honoured by that
//! instance only once its entry is [`KEEP_FOR`] old.
//!
//! A read that found a session live may only keep it if nothing was forgotten since the read
//! began (the generation did not move), so a read racing a sign-out cannot put the old answer
//! back. Entries are also dropped after [`KEEP_FOR`], a backstop that bounds the harm of a
//! liveness change written somewhere without announcing itself.
//!
//! The lifetimes here are measured on the monotonic clock, not the app's `Clock`: they bound how
//! long an in-memory copy is trusted, which no member-visible rule depends on.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, RwLock, Weak};
use std::time::{Duration, Instant};

/// The longest an entry is trusted without the database being asked again.
const KEEP_FOR: Duration = Duration::from_secs(30);
/// More entries than this and the cache starts again empty (a bound on memory, not a policy).
const MAX_ENTRIES: usize = 100_000;
/// The PostgreSQL channel the announcements travel on.
pub(crate) const CHANNEL: &str = "swaz_sessions";

struct Entry {
    user_id: String,
    has_verified_factor: bool,
    kept_at: Instant,
}

/// What the cache knows of one session.
pub enum Lookup {
    /// Live when last asked; whether the member has a verified second factor.
    Live { has_verified_factor: bool },
    /// Not known: ask the database, then [`SessionCache::keep`] a live answer with this
    /// generation.
    Unknown { generation: u64 },
}

pub struct SessionCache {
    entries: RwLock<HashMap<String, Entry>>,
    generation: AtomicU64,
    /// False while announcements from other instances could be missed (PostgreSQL's listener
    /// not connected).
    trusted: AtomicBool,
}

impl SessionCache {
    pub(crate) fn new(trusted: bool) -> Self {
        Self {
            entries: RwLock::new(HashMap::new()),
            generation: AtomicU64::new(0),
            trusted: AtomicBool::new(trusted),
        }
    }

    pub fn lookup(&self, session_id: &str, user_id: &str) -> Lookup {
        // Read the generation first: a change forgotten after this point moves it, and
        // `keep` then refuses what the caller read.
        let generation = self.generation.load(Ordering::Acquire);
        if self.trusted.load(Ordering::Acquire) {
            let entries = self.entries.read().unwrap_or_else(|e| e.into_inner());
            if let Some(entry) = entries.get(session_id) {
                if entry.user_id == user_id && entry.kept_at.elapsed() < KEEP_FOR {
                    return Lookup::Live {
                        has_verified_factor: entry.has_verified_factor,
                    };
                }
            }
        }
        Lookup::Unknown { generation }
    }

    /// Keeps a session the database found live, unless something was forgotten since
    /// `generation` was read.
    pub fn keep(
        &self,
        session_id: &str,
        user_id: &str,
        has_verified_factor: bool,
        generation: u64,
    ) {
        if !self.trusted.load(Ordering::Acquire) {
            return;
        }
        let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
        // Checked under the lock that `forget_user` moves the generation under.
        if self.generation.load(Ordering::Acquire) != generation {
            return;
        }
        if entries.len() >= MAX_ENTRIES {
            entries.clear();
        }
        entries.insert(
            session_id.to_owned(),
            Entry {
                user_id: user_id.to_owned(),
                has_verified_factor,
                kept_at: Instant::now(),
            },
        );
    }

    /// Forgets every session of `user_id`.
    pub(crate) fn forget_user(&self, user_id: &str) {
        let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
        self.generation.fetch_add(1, Ordering::AcqRel);
        entries.retain(|_, entry| entry.user_id != user_id);
    }

    fn forget_all(&self) {
        let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
        self.generation.fetch_add(1, Ordering::AcqRel);
        entries.clear();
    }

    fn set_trusted(&self, trusted: bool) {
        self.forget_all();
        self.trusted.store(trusted, Ordering::Release);
    }
}

/// Listens for other instances' announcements on PostgreSQL for as long as `cache` is in use,
/// connecting again a second after the connection is lost.
pub(crate) async fn listen(url: String, cache: Weak<SessionCache>) {
    use sqlx::postgres::PgListener;
    loop {
        let Some(strong) = cache.upgrade() else {
            return;
        };
        strong.set_trusted(false);
        drop(strong);
        let listener = async {
            let mut listener = PgListener::connect(&url).await?;
            // A lost connection is reported at once (not after a reconnection made inside
            // `try_recv`), so this instance stops trusting its cache at once.
            listener.eager_reconnect(false);
            listener.listen(CHANNEL).await?;
            Ok::<_, sqlx::Error>(listener)
        }
        .await;
        match listener {
            Ok(mut listener) => {
                let Some(strong) = cache.upgrade() else {
                    return;
                };
                strong.set_trusted(true);
                drop(strong);
                // Ends when the connection does (`Ok(None)` or an error).
                while let Ok(Some(notification)) = listener.try_recv().await {
                    match cache.upgrade() {
                        Some(cache) => cache.forget_user(notification.payload()),
                        None => return,
                    }
                }
                match cache.upgrade() {
                    Some(cache) => cache.set_trusted(false),
                    None => return,
                }
                tracing::warn!("the session announcements' connection was lost; reconnecting");
            }
            Err(err) => {
                tracing::warn!(error = %err, "could not listen for session announcements");
            }
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// The cache for a database of `kind`; on PostgreSQL with its listener started.
pub(crate) fn start(kind: super::DbKind, url: &str) -> Arc<SessionCache> {
    match kind {
        super::DbKind::Sqlite => Arc::new(SessionCache::new(true)),
        super::DbKind::Postgres => {
            let cache = Arc::new(SessionCache::new(false));
            tokio::spawn(listen(url.to_owned(), Arc::downgrade(&cache)));
            cache
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_read_that_raced_a_change_is_not_kept() {
        let cache = SessionCache::new(true);
        let Lookup::Unknown { generation } = cache.lookup("s1", "u1") else {
            panic!("empty cache knew a session");
        };
        cache.forget_user("u1");
        cache.keep("s1", "u1", false, generation);
        assert!(matches!(cache.lookup("s1", "u1"), Lookup::Unknown { .. }));
    }

    #[test]
    fn a_kept_session_is_live_for_its_user_only_until_forgotten() {
        let cache = SessionCache::new(true);
        let Lookup::Unknown { generation } = cache.lookup("s1", "u1") else {
            panic!()
        };
        cache.keep("s1", "u1", true, generation);
        assert!(matches!(
            cache.lookup("s1", "u1"),
            Lookup::Live {
                has_verified_factor: true
            }
        ));
        assert!(matches!(cache.lookup("s1", "u2"), Lookup::Unknown { .. }));
        cache.forget_user("u2");
        assert!(matches!(cache.lookup("s1", "u1"), Lookup::Live { .. }));
        cache.forget_user("u1");
        assert!(matches!(cache.lookup("s1", "u1"), Lookup::Unknown { .. }));
    }

    #[test]
    fn an_untrusted_cache_keeps_nothing() {
        let cache = SessionCache::new(false);
        cache.keep("s1", "u1", false, 0);
        assert!(matches!(cache.lookup("s1", "u1"), Lookup::Unknown { .. }));
    }
}
