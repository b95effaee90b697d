//! The storage layer shared by SQLite and PostgreSQL.
//!
//! Decision: queries are runtime-bound through sqlx's `Any` driver with portable SQL (`$1`
//! placeholders, `RETURNING`, `ON CONFLICT`), so there is one set of storage functions and every
//! storage test runs on both databases. The price is that only portable column types are used:
//! ids are `TEXT` (UUIDs), times are `BIGINT` milliseconds since the epoch, flags are nullable
//! timestamps.
//!
//! Vocabulary: a write is a [`WriteTx`] (from [`Db::begin_write`]), whose after-commit actions
//! run only once it commits (the mail outbox wakes its worker so); dialect differences are
//! methods here ([`DbKind::for_update`], [`Db::skip_locked`]), never chosen by a caller.
//!
//! Migrations: each backend has its own folder, with the same numbers in both. The files are
//! byte-identical but two: `0006` differs in one line, the backfill of `team_members.id`
//! (`randomblob` on SQLite, `gen_random_uuid()` on PostgreSQL), and `0013` makes
//! `subscriptions.user_id` nullable with `ON DELETE SET NULL`, which SQLite can only do by
//! rebuilding the table. One folder would change a file's checksum, which sqlx refuses on every
//! database that has applied it, so the folders stay two until the choice of driver (typed
//! per-backend pools or `Any`, the performance issue) settles the layout; a new migration is
//! written once and copied to both wherever the dialects allow.
//!
//! Two exceptions to sqlx everywhere, both on a SQLite file, because the hop to sqlx's connection
//! thread was most of a short statement's time:
//! - a short read outside a transaction runs on [`SqliteReader`], a rusqlite connection of the
//!   calling thread's own. Such a read is written once, against [`Reads`], and runs on sqlx
//!   wherever there is no reader or the caller holds a connection;
//! - a write whose statements are written against [`Writes`] can run as a [`LocalWrite`], on the
//!   instance's one rusqlite writer connection, on the calling thread (the daily action does).
//!   Other writes are still [`WriteTx`]s through sqlx; both take the same turn to write.
//!
//! On PostgreSQL a short read outside a transaction takes a connection kept out of sqlx's pool
//! (`kept`), so it is not pinged before and after each use.

mod kept;
mod local_write;
mod reads;
pub mod session_cache;
mod sqlite_reader;
mod writes;

use std::path::Path;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{Any, AnyPool, Connection, Executor};
use tokio::sync::Mutex;

pub use local_write::{LocalWrite, Transaction};
pub use reads::{Arg, Column, FromColumns, Reads, Row};
use session_cache::SessionCache;
pub use sqlite_reader::SqliteReader;
pub use writes::Writes;

type Tx = sqlx::Transaction<'static, Any>;

/// How long a SQLite writer waits for the write lock before its request fails.
const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// A write transaction that runs its after-commit actions once its changes are committed, and
/// never when it is rolled back or dropped: what a change queues for a background worker (an
/// e-mail in the outbox) wakes that worker only when the worker can see it.
pub struct WriteTx {
    tx: Tx,
    after_commit: Vec<Box<dyn FnOnce() + Send>>,
    writes_failing: Arc<AtomicBool>,
    /// On SQLite, this instance's turn to write (see [`Db::begin_write`]); dropped after the
    /// transaction ends.
    _turn: Option<local_write::Turn>,
    kind: DbKind,
    sessions: Arc<SessionCache>,
    /// Members whose session change this transaction has announced already: each is announced
    /// once, however many of their sessions it ends.
    announced: Vec<String>,
}

impl WriteTx {
    /// Runs `action` after a successful [`WriteTx::commit`].
    pub(crate) fn after_commit(&mut self, action: impl FnOnce() + Send + 'static) {
        self.after_commit.push(Box::new(action));
    }

    /// Keeps the changes, then runs the after-commit actions. Finished in a task of its own: a
    /// caller that goes away mid-commit (a client that hung up) does not stop it halfway, where
    /// the database would have the changes (sqlx carries out a COMMIT it has sent) but the
    /// actions (a signed-out session forgotten by this instance, a worker woken) would never
    /// run.
    pub async fn commit(self) -> sqlx::Result<()> {
        tokio::spawn(self.finish())
            .await
            .map_err(|err| sqlx::Error::AnyDriverError(Box::new(err)))?
    }

    async fn finish(self) -> sqlx::Result<()> {
        let Self {
            tx,
            after_commit,
            writes_failing,
            _turn,
            ..
        } = self;
        if let Err(err) = tx.commit().await {
            // A commit that fails is the storage refusing to write (a full disk, an I/O error, a
            // lost connection): `/readyz` reports it until a write succeeds again.
            writes_failing.store(true, Ordering::Relaxed);
            return Err(err);
        }
        drop(_turn);
        writes_failing.store(false, Ordering::Relaxed);
        for action in after_commit {
            action();
        }
        Ok(())
    }

    /// Announces that whether `user_id`'s sessions are live may change with this transaction
    /// (a session revoked, a second factor verified or removed, the account deleted): once it
    /// commits, every instance asks the database again (see [`session_cache`]).
    pub(crate) async fn sessions_changed(&mut self, user_id: &str) -> sqlx::Result<()> {
        if self.announced.iter().any(|a| a == user_id) {
            return Ok(());
        }
        self.announced.push(user_id.to_owned());
        if self.kind == DbKind::Postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(session_cache::CHANNEL)
                .bind(user_id)
                .execute(&mut *self.tx)
                .await?;
        }
        let (sessions, user_id) = (self.sessions.clone(), user_id.to_owned());
        self.after_commit(move || sessions.forget_user(&user_id));
        Ok(())
    }

    /// Undoes the changes; the after-commit actions are dropped.
    pub async fn rollback(self) -> sqlx::Result<()> {
        self.tx.rollback().await
    }
}

impl std::ops::Deref for WriteTx {
    type Target = sqlx::AnyConnection;
    fn deref(&self) -> &sqlx::AnyConnection {
        &self.tx
    }
}

impl std::ops::DerefMut for WriteTx {
    fn deref_mut(&mut self) -> &mut sqlx::AnyConnection {
        &mut self.tx
    }
}

/// A read inside the write runs on its connection.
impl<'c> From<&'c mut WriteTx> for Reads<'c> {
    fn from(tx: &'c mut WriteTx) -> Self {
        Self::Held(tx)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DbKind {
    Sqlite,
    Postgres,
}

impl DbKind {
    /// ` FOR UPDATE` where the backend locks rows (PostgreSQL); SQLite's `BEGIN IMMEDIATE`
    /// (see [`Db::begin_write`]) already serialises writers.
    pub(crate) fn for_update(self) -> &'static str {
        match self {
            DbKind::Sqlite => "",
            DbKind::Postgres => " FOR UPDATE",
        }
    }
}

#[derive(Clone)]
pub struct Db {
    pool: AnyPool,
    kind: DbKind,
    /// Set when a write's commit failed, cleared when one succeeds (see [`Db::can_write`]).
    writes_failing: Arc<AtomicBool>,
    /// SQLite's writers wait here for their turn, first come first served (see
    /// [`Db::begin_write`]); the turn holds the writer connection of [`LocalWrite`] once it is
    /// opened.
    write_turn: Arc<Mutex<Option<rusqlite::Connection>>>,
    sessions: Arc<SessionCache>,
    /// On a SQLite file, short reads without the hop to sqlx's connection thread.
    sqlite_reader: Option<Arc<SqliteReader>>,
    /// On PostgreSQL, connections for short reads without sqlx's pings.
    kept: Option<Arc<kept::KeptConnections>>,
    /// Commits of [`LocalWrite`]s on SQLite's writer (it checkpoints by their count).
    local_commits: Arc<std::sync::atomic::AtomicU64>,
    local_checkpointing: Arc<std::sync::atomic::AtomicBool>,
}

static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

impl Db {
    /// Opens a pool for `url` (`sqlite://…` or `postgres://…`), creating the SQLite file if needed.
    pub async fn connect(url: &str) -> anyhow::Result<Self> {
        sqlx::any::install_default_drivers();
        let kind = if url.starts_with("postgres") {
            DbKind::Postgres
        } else if url.starts_with("sqlite") {
            DbKind::Sqlite
        } else {
            anyhow::bail!("DATABASE_URL must start with sqlite:// or postgres://");
        };
        if kind == DbKind::Postgres {
            use sqlx::migrate::MigrateDatabase;
            if !Any::database_exists(url).await.unwrap_or(true) {
                tracing::info!("creating the PostgreSQL database named in DATABASE_URL");
                Any::create_database(url)
                    .await
                    .context("creating the PostgreSQL database named in DATABASE_URL")?;
            }
        }
        if kind == DbKind::Sqlite {
            if let Some(path) = sqlite_path(url) {
                if let Some(dir) = Path::new(&path).parent() {
                    std::fs::create_dir_all(dir).with_context(|| {
                        format!("creating the directory of the database {}", dir.display())
                    })?;
                }
            }
        }
        let options = AnyConnectOptions::from_str(url).context("parsing DATABASE_URL")?;
        let pool = AnyPoolOptions::new()
            .max_connections(if kind == DbKind::Sqlite { 8 } else { 16 })
            .acquire_timeout(Duration::from_secs(10))
            // sqlx pings every connection before handing it out. A SQLite connection lives in
            // this process and cannot drop, so the ping (a hop to its worker thread and back,
            // twice per signed-in request) buys nothing there. A PostgreSQL connection can die
            // with the server or a failover: the ping finds it dead and connects again, where
            // skipping it answered one 500 per pooled connection after a restart.
            .test_before_acquire(kind == DbKind::Postgres)
            // A connection must come back from a request the way it went out: outside any
            // transaction. One that is still inside one (a COMMIT that failed on a full disk,
            // after which SQLite had rolled back on its own, so the driver's ROLLBACK failed too
            // and its count of open transactions stayed at one) would refuse every later BEGIN
            // until a restart. sqlx pings a returned connection before it goes back to the idle
            // queue, which lets the rollback a dropped transaction queued run first, so the
            // count seen here is settled; such a connection is closed and a fresh one opened.
            // A connection that comes back inside a transaction is closed at once, not left in
            // the idle queue until someone takes it: on SQLite it would hold the write lock
            // meanwhile. The ping first lets a rollback its dropped transaction queued run.
            .after_release(|conn, _meta| {
                Box::pin(async move {
                    if !conn.is_in_transaction() {
                        return Ok(true);
                    }
                    conn.ping().await?;
                    let clean = !conn.is_in_transaction();
                    if !clean {
                        tracing::warn!(
                            "closing a database connection handed back inside a transaction"
                        );
                    }
                    Ok(clean)
                })
            })
            .before_acquire(|conn, _meta| {
                Box::pin(async move {
                    let clean = !conn.is_in_transaction();
                    if !clean {
                        tracing::warn!(
                            "closing a pooled database connection left inside a transaction"
                        );
                    }
                    Ok(clean)
                })
            })
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if kind == DbKind::Sqlite {
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute(
                            format!("PRAGMA busy_timeout = {}", SQLITE_BUSY_TIMEOUT.as_millis())
                                .as_str(),
                        )
                        .await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                        conn.execute("PRAGMA synchronous = NORMAL").await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await
            .context("connecting to the database")?;
        Ok(Self {
            kind,
            writes_failing: Arc::new(AtomicBool::new(false)),
            write_turn: Arc::new(Mutex::new(None)),
            sessions: session_cache::start(kind, url),
            sqlite_reader: match kind {
                DbKind::Sqlite => sqlite_file(url).map(|path| Arc::new(SqliteReader::new(path))),
                DbKind::Postgres => None,
            },
            kept: match kind {
                DbKind::Postgres => Some(kept::KeptConnections::new(
                    pool.clone(),
                    sqlx::postgres::PgConnectOptions::from_str(url)
                        .context("parsing DATABASE_URL")?,
                )),
                DbKind::Sqlite => None,
            },
            local_commits: Arc::default(),
            local_checkpointing: Arc::default(),
            pool,
        })
    }

    pub async fn migrate(&self) -> anyhow::Result<()> {
        let migrator = match self.kind {
            DbKind::Sqlite => &SQLITE_MIGRATIONS,
            DbKind::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator
            .run(&self.pool)
            .await
            .context("running database migrations")?;
        Ok(())
    }

    /// True once the database answers and every migration has been applied.
    pub(crate) async fn is_ready(&self) -> bool {
        let migrator = match self.kind {
            DbKind::Sqlite => &SQLITE_MIGRATIONS,
            DbKind::Postgres => &POSTGRES_MIGRATIONS,
        };
        let latest = migrator.iter().map(|m| m.version).max().unwrap_or(0);
        let applied: Result<Option<i64>, _> =
            sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations WHERE success = TRUE")
                .fetch_one(&self.pool)
                .await;
        matches!(applied, Ok(Some(v)) if v >= latest)
    }

    /// False while writes fail: after a commit failed, until a write commits again. Checked
    /// with a small write of its own (the database header's `user_version` on SQLite, a
    /// transaction id on PostgreSQL), so an instance recovers without waiting for a member's
    /// write once the storage is writable again.
    pub(crate) async fn can_write(&self) -> bool {
        if !self.writes_failing.load(Ordering::Relaxed) {
            return true;
        }
        let probe = match self.kind {
            DbKind::Sqlite => "PRAGMA user_version = 0",
            DbKind::Postgres => "SELECT pg_current_xact_id()::text",
        };
        self.probe_write(probe).await.is_ok()
    }

    async fn probe_write(&self, probe: &'static str) -> sqlx::Result<()> {
        let mut tx = self.begin_write().await?;
        sqlx::query(probe).execute(&mut *tx).await?;
        tx.commit().await
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Short reads on the calling thread (see [`SqliteReader`]): on a SQLite file only.
    pub(crate) fn sqlite_reader(&self) -> Option<&SqliteReader> {
        self.sqlite_reader.as_deref()
    }

    /// Where a short read outside a transaction runs: this thread's SQLite reader, a
    /// PostgreSQL connection kept for reads, or else a connection from the pool.
    pub async fn reads(&self) -> sqlx::Result<Reads<'_>> {
        Ok(match (self.sqlite_reader(), &self.kept) {
            (Some(reader), _) => Reads::Sqlite(reader, &self.pool),
            (None, Some(kept)) => Reads::Kept(kept.take().await?),
            (None, None) => Reads::Pooled(self.pool.acquire().await?),
        })
    }

    /// The sessions this instance last found live.
    pub fn sessions(&self) -> &SessionCache {
        &self.sessions
    }

    pub fn kind(&self) -> DbKind {
        self.kind
    }

    /// Starts a transaction that will write.
    ///
    /// On SQLite one writer at a time is the database's nature, so this instance's writers
    /// first wait their turn in a first-come-first-served queue of its own, then take the write
    /// lock up front (`BEGIN IMMEDIATE`). Without the queue they all raced for the lock and the
    /// losers slept in SQLite's busy handler, whose back-off (1, 2, 5 … 100 ms) left the lock
    /// idle while they slept: 2.1k writes/s with a p99 of 130 ms under 64 concurrent writers,
    /// where the queue hands the lock straight to the next one. The busy timeout still covers
    /// writers in other processes (the command line). A wait longer than the busy timeout is
    /// refused the same way SQLite would refuse it.
    pub async fn begin_write(&self) -> sqlx::Result<WriteTx> {
        let (tx, turn) = match self.kind {
            DbKind::Sqlite => {
                let turn = self.write_turn().await?;
                let begun = begin_uncancellable(&self.pool, Some("BEGIN IMMEDIATE")).await?;
                (begun, Some(turn))
            }
            DbKind::Postgres => (begin_uncancellable(&self.pool, None).await?, None),
        };
        Ok(WriteTx {
            tx,
            after_commit: Vec::new(),
            writes_failing: self.writes_failing.clone(),
            _turn: turn,
            kind: self.kind,
            sessions: self.sessions.clone(),
            announced: Vec::new(),
        })
    }

    /// This instance's turn to write on SQLite, refused as SQLite would refuse it once the wait
    /// is longer than the busy timeout.
    async fn write_turn(&self) -> sqlx::Result<local_write::Turn> {
        tokio::time::timeout(SQLITE_BUSY_TIMEOUT, self.write_turn.clone().lock_owned())
            .await
            .map_err(|_| sqlx::Error::PoolTimedOut)
    }

    /// Starts a write transaction whose statements are [`Writes`]: on a SQLite file it runs on
    /// the calling thread (see [`LocalWrite`]), in the same first-come-first-served turn as
    /// [`Db::begin_write`]; elsewhere it is a [`WriteTx`].
    pub async fn begin_local_write(&self) -> sqlx::Result<LocalWrite> {
        let Some(path) = self.sqlite_reader().map(SqliteReader::path) else {
            return Ok(LocalWrite::sqlx(self.begin_write().await?));
        };
        let deadline = tokio::time::Instant::now() + SQLITE_BUSY_TIMEOUT;
        let turn = self.write_turn().await?;
        let shared = local_write::Shared {
            writes_failing: self.writes_failing.clone(),
            commits: self.local_commits.clone(),
            checkpointing: self.local_checkpointing.clone(),
            pool: self.pool.clone(),
        };
        LocalWrite::begin(turn, path, shared, deadline).await
    }

    /// ` FOR UPDATE SKIP LOCKED` where the backend has it (PostgreSQL); SQLite serialises writers.
    pub(crate) fn skip_locked(&self) -> &'static str {
        match self.kind {
            DbKind::Sqlite => "",
            DbKind::Postgres => " FOR UPDATE SKIP LOCKED",
        }
    }

    /// Writes a consistent copy of this SQLite database to the new file `path` with
    /// `VACUUM INTO`, while other connections keep reading and writing.
    pub(crate) async fn backup_sqlite_into(&self, path: &Path) -> anyhow::Result<()> {
        anyhow::ensure!(
            self.kind == DbKind::Sqlite,
            "only SQLite databases are copied this way"
        );
        let target = path
            .to_str()
            .with_context(|| format!("{} is not a UTF-8 path", path.display()))?;
        sqlx::query("VACUUM INTO $1")
            .bind(target)
            .execute(&self.pool)
            .await
            .with_context(|| format!("writing the backup to {}", path.display()))?;
        Ok(())
    }

    pub async fn close(&self) {
        if let Some(kept) = &self.kept {
            kept.close();
        }
        self.pool.close().await;
    }
}

/// The file a `sqlite://` URL names; `None` for in-memory databases and other URLs.
pub(crate) fn sqlite_path(url: &str) -> Option<String> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next()?;
    (!path.is_empty() && path != ":memory:").then(|| path.to_owned())
}

/// The file sqlx opens for a `sqlite:` URL, percent-decoded as sqlx decodes it; `None` for an
/// in-memory database, which only sqlx's own connections can see.
fn sqlite_file(url: &str) -> Option<std::path::PathBuf> {
    sqlite_path(url)?;
    let query = url.split_once('?').map_or("", |(_, query)| query);
    if query.split('&').any(|pair| pair == "mode=memory") {
        return None;
    }
    let options = sqlx::sqlite::SqliteConnectOptions::from_str(url).ok()?;
    Some(options.get_filename().to_owned())
}

/// RFC 3339 rendering of a stored time, as GoTrue and the web app expect.
pub(crate) fn ms_to_rfc3339(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
}

/// `$first, $first+1, …`: the placeholders of an `IN (…)` list of `n` values bound in order.
pub(crate) fn id_list(first: usize, n: usize) -> String {
    (first..first + n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `args`, then `ids` for the placeholders [`id_list`] numbered after them.
pub(crate) fn args_then_ids<'a>(
    args: impl IntoIterator<Item = Arg<'a>>,
    ids: &[&'a str],
) -> Vec<Arg<'a>> {
    args.into_iter()
        .chain(ids.iter().map(|id| Arg::from(*id)))
        .collect()
}

/// A transaction begun in a task of its own, so that a caller that goes away (a client that
/// hung up) does not cancel it halfway. sqlx counts a transaction as open only once its BEGIN
/// is answered (and, for SQLite's `BEGIN IMMEDIATE`, once a second trip to the connection's
/// thread has confirmed it), and its guard rolls back only a transaction it counts: a BEGIN
/// cancelled in between left the connection inside a transaction that went back to the pool as
/// if it were idle. On PostgreSQL the next plain statement on it was never committed and the
/// next BEGIN ran inside it ("there is already a transaction in progress", seen in bench/run
/// after the write load); on SQLite it held the write lock, so every other writer, the command
/// line's too, waited out its busy timeout ("database is locked" from `swaz user create` in
/// CI). Begun in a task, a transaction nobody waits for any more is dropped there once counted,
/// which rolls it back. The connection is taken in the caller, where being cancelled is
/// harmless, so a caller gone while the pool is exhausted stops waiting for one.
/// (`Transaction::begin` is what `Pool::begin` and `Pool::begin_with` call on the connection
/// they took.)
async fn begin_uncancellable(
    pool: &AnyPool,
    statement: Option<&'static str>,
) -> sqlx::Result<sqlx::Transaction<'static, Any>> {
    use tracing::Instrument;
    let conn = pool.acquire().await?;
    let begin = sqlx::Transaction::begin(conn, statement.map(Into::into));
    tokio::spawn(begin.instrument(tracing::Span::current()))
        .await
        .map_err(|err| sqlx::Error::AnyDriverError(Box::new(err)))?
}

/// A test's own SQLite database: the file `{name}.db` in a folder `swaz-{name}-{pid}` of the
/// temporary directory (the caller removes the folder), with `schema` run on it.
#[cfg(test)]
pub(crate) async fn test_file_db(name: &str, schema: &str) -> (Db, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("swaz-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.db"));
    let db = Db::connect(&crate::config::sqlite_url(&file))
        .await
        .unwrap();
    sqlx::raw_sql(schema).execute(db.pool()).await.unwrap();
    (db, file)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether another process could take SQLite's write lock on `path` within `wait`.
    fn lock_is_free(path: &Path, wait: Duration) -> bool {
        let other = rusqlite::Connection::open(path).unwrap();
        other.busy_timeout(wait).unwrap();
        other.execute_batch("BEGIN IMMEDIATE; ROLLBACK").is_ok()
    }

    /// A commit whose caller went away halfway (its future dropped at any point) either kept
    /// nothing or kept the changes and ran the after-commit actions: never the changes without
    /// the actions (a sign-out this instance's session cache would not hear of).
    #[tokio::test]
    async fn a_commit_cancelled_halfway_still_runs_its_after_commit_actions() {
        use std::sync::atomic::AtomicUsize;
        let (db, file) =
            test_file_db("commit-cancel", "CREATE TABLE notes (n BIGINT NOT NULL)").await;
        let acted = Arc::new(AtomicUsize::new(0));
        for n in 0..300_i64 {
            let mut tx = db.begin_write().await.unwrap();
            sqlx::query("INSERT INTO notes (n) VALUES ($1)")
                .bind(n)
                .execute(&mut *tx)
                .await
                .unwrap();
            let counter = acted.clone();
            tx.after_commit(move || {
                counter.fetch_add(1, Ordering::SeqCst);
            });
            // Polled a few times (none to three), then dropped: a caller gone at each step.
            let mut commit = Box::pin(tx.commit());
            for _ in 0..n % 4 {
                let polled = std::future::poll_fn(|cx| {
                    std::task::Poll::Ready(
                        std::future::Future::poll(commit.as_mut(), cx).is_ready(),
                    )
                });
                if polled.await {
                    break;
                }
                tokio::task::yield_now().await;
            }
            drop(commit);
            // The next write's turn comes once this one has ended, however it ended.
            let settled = db.begin_write().await.unwrap();
            settled.rollback().await.unwrap();
            let kept: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM notes")
                .fetch_one(db.pool())
                .await
                .unwrap();
            assert_eq!(
                acted.load(Ordering::SeqCst) as i64,
                kept,
                "after commit {n}: every kept write ran its action, and only those"
            );
        }
        db.close().await;
        let _ = std::fs::remove_dir_all(file.parent().unwrap());
    }

    /// A request whose client hung up while its write was beginning (its future dropped at
    /// any point of `begin_write`) leaves no transaction open on a pooled connection: the
    /// command line, another process, can still write. A BEGIN that sqlx had run but not yet
    /// counted went back to the pool holding the write lock, and `swaz user create` failed with
    /// "database is locked" in CI.
    #[tokio::test]
    async fn a_write_cancelled_while_it_begins_leaves_the_database_writable() {
        let (db, path) =
            test_file_db("begin-cancel", "CREATE TABLE notes (body TEXT NOT NULL)").await;
        for micros in 0..1000 {
            let cancelled =
                tokio::time::timeout(Duration::from_micros(micros), db.begin_write()).await;
            drop(cancelled);
            // What the dropped begin left behind settles on its own, in a moment (the runtime
            // keeps running meanwhile).
            let other = path.clone();
            let free =
                tokio::task::spawn_blocking(move || lock_is_free(&other, Duration::from_secs(2)));
            assert!(
                free.await.unwrap(),
                "a begin cancelled after {micros} µs kept the write lock"
            );
        }
        let mut tx = db.begin_write().await.unwrap();
        sqlx::query("INSERT INTO notes (body) VALUES ('kept')")
            .execute(&mut *tx)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        db.close().await;
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[test]
    fn the_reader_opens_the_file_sqlx_opens() {
        assert_eq!(
            sqlite_file("sqlite:///srv/My%20Data/swaz.db?mode=rwc"),
            Some("/srv/My Data/swaz.db".into())
        );
        assert_eq!(
            sqlite_file("sqlite://data/swaz.db"),
            Some("data/swaz.db".into())
        );
        assert_eq!(sqlite_file("sqlite::memory:"), None);
        assert_eq!(sqlite_file("sqlite://swaz.db?mode=memory"), None);
    }
}
