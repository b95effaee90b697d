//! A write transaction run on the calling thread, where the database is a SQLite file.
//!
//! Through sqlx, each statement of a write is a hop to the connection's own thread and back, and
//! the write holds SQLite's one write lock through all of them: a daily action's six statements
//! made its transaction last about half a millisecond, so writes queued behind one another at
//! under 2,000 a second (bench/PROFILE.md, finding 11). A [`LocalWrite`] runs the same
//! statements on this instance's writer connection, a rusqlite connection kept in the write turn
//! (see [`Db::begin_write`](super::Db::begin_write)), so the whole transaction takes
//! microseconds and runs within one poll of the request's future.
//!
//! Its statements are written once against [`Writes`]; on PostgreSQL, and on a database only
//! sqlx can see (in memory), a [`LocalWrite`] is an ordinary [`WriteTx`].
//!
//! Durability is SQLite's with `synchronous = NORMAL` in WAL mode, as on sqlx's connections: a
//! commit is in the WAL file when it is acknowledged, so a killed process loses nothing. The
//! writer never waits for a lock on the runtime's thread and leaves checkpoints (which sync the
//! files) to sqlx's thread, or to a blocking thread while it holds the write turn (see
//! [`WAL_PAGES_BEFORE_A_FULL_CHECKPOINT`]).

use std::future::Future;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};
use sqlx::AnyPool;
use tokio::sync::OwnedMutexGuard;

use super::sqlite_reader::to_sqlx;
use super::{WriteTx, Writes};

/// This instance's turn to write on SQLite, holding the writer connection once it is opened.
pub(super) type Turn = OwnedMutexGuard<Option<Connection>>;

/// How long the writer sleeps, off the runtime's thread, before it asks again for a lock another
/// connection holds (see [`LocalWrite::begin`]).
const BUSY_RETRY: Duration = Duration::from_millis(1);

/// After this many commits on the writer, a checkpoint copies the WAL into the database file on
/// sqlx's thread (the writer itself never checkpoints: that syncs the files, which would block the
/// runtime's thread). About five pages a daily action. One checkpoint at a time: where a sync
/// took 10-25 ms (an AMD EPYC whose checkpoints did), every hundredth commit started another
/// while the last still synced, all eight of sqlx's connections ended up syncing, and the daily
/// action's p99 was 120-256 ms over four bench/run rounds; with one at a time, 41-44 ms over two.
const CHECKPOINT_EVERY: u64 = 100;

/// WAL pages past which the next checkpoint holds the write turn. A checkpoint that runs beside
/// the writer copies only the pages committed before it began, so under a steady write load
/// the WAL is never wholly copied, SQLite never starts it again from the beginning, and the
/// file grew without end: 3.5 GB after bench/run's ten seconds of daily actions (all of it to
/// be read again to recover after a crash), with the process's resident memory 20 MB higher
/// after that load than with the bound (87 against 67 MB). Holding the turn, the checkpoint
/// copies the rest, and the next write starts the WAL over. The writes wait for it: in an A/B
/// run their p99 went from 10.5 to 13-17 ms (the target is 30), their rate from 10.2k to
/// 9.2-10.6k a second. A bound of 4,096 pages waited longer (p99 22 ms), 16,384 longer still
/// (39-41 ms): the held checkpoint copies what the last one beside the writer left.
const WAL_PAGES_BEFORE_A_FULL_CHECKPOINT: i64 = 1024;

/// The most the WAL file keeps on disk once it starts over (`journal_size_limit`).
const WAL_BYTES_KEPT: i64 = 16 * 1024 * 1024;

/// A write transaction whose statements are [`Writes`]; see the module's documentation.
pub struct LocalWrite(Inner);

enum Inner {
    Sqlite(SqliteTx),
    Sqlx(WriteTx),
}

/// An open transaction on the writer connection; rolled back if dropped before it commits.
struct SqliteTx {
    turn: Turn,
    open: bool,
    shared: Shared,
}

/// What every [`LocalWrite`] of an instance shares.
#[derive(Clone)]
pub(super) struct Shared {
    pub writes_failing: Arc<AtomicBool>,
    /// Commits on the writer, for its checkpoints (see [`CHECKPOINT_EVERY`]).
    pub commits: Arc<AtomicU64>,
    /// A checkpoint is under way: the next is not started until it ends.
    pub checkpointing: Arc<AtomicBool>,
    pub pool: AnyPool,
}

impl SqliteTx {
    fn conn(&mut self) -> &mut Connection {
        self.turn
            .as_mut()
            .expect("the writer is opened before its transaction begins")
    }

    /// Ends the transaction without its changes. A writer that is still inside a transaction
    /// afterwards is closed, so the next write opens a fresh one instead of failing for good.
    fn roll_back(&mut self) -> rusqlite::Result<()> {
        self.open = false;
        let conn = self.conn();
        let done = if conn.is_autocommit() {
            Ok(()) // SQLite already rolled back (a full disk, an I/O error)
        } else {
            conn.execute_batch("ROLLBACK")
        };
        if !self.conn().is_autocommit() {
            tracing::warn!("closing the SQLite writer, left inside a transaction");
            *self.turn = None;
        }
        done
    }
}

impl Drop for SqliteTx {
    fn drop(&mut self) {
        if self.open {
            if let Err(err) = self.roll_back() {
                tracing::warn!(error = %err, "rolling back an unfinished write failed");
            }
        }
    }
}

impl LocalWrite {
    /// Begins a write on the writer connection of `path` in `turn` (opened on first use).
    /// A write lock held by another connection (the command line, or one of sqlx's connections
    /// writing outside the turn) is waited for off this thread, until `deadline`.
    pub(super) async fn begin(
        mut turn: Turn,
        path: &Path,
        shared: Shared,
        deadline: tokio::time::Instant,
    ) -> sqlx::Result<Self> {
        if turn.as_ref().is_some_and(|conn| !conn.is_autocommit()) {
            *turn = None; // never expected: a transaction nothing ended
        }
        if turn.is_none() {
            *turn = Some(open(path).map_err(to_sqlx)?);
        }
        let mut tx = SqliteTx {
            turn,
            open: false,
            shared,
        };
        loop {
            match tx.conn().execute_batch("BEGIN IMMEDIATE") {
                Ok(()) => break,
                Err(err) if is_busy(&err) && tokio::time::Instant::now() < deadline => {
                    tokio::time::sleep(BUSY_RETRY).await;
                }
                Err(err) => return Err(to_sqlx(err)),
            }
        }
        tx.open = true;
        Ok(Self(Inner::Sqlite(tx)))
    }

    /// The ordinary transaction, where there is no writer connection.
    pub(super) fn sqlx(tx: WriteTx) -> Self {
        Self(Inner::Sqlx(tx))
    }
}

/// A write transaction whose statements are [`Writes`], committed or rolled back as a whole.
pub trait Transaction: Send {
    /// Where the transaction's statements run.
    fn writes(&mut self) -> Writes<'_>;
    /// Keeps the changes; a commit that fails marks the storage as refusing writes (`/readyz`).
    fn commit(self) -> impl Future<Output = sqlx::Result<()>> + Send;
    /// Undoes the changes.
    fn rollback(self) -> impl Future<Output = sqlx::Result<()>> + Send;
}

impl Transaction for LocalWrite {
    fn writes(&mut self) -> Writes<'_> {
        match &mut self.0 {
            Inner::Sqlite(tx) => Writes::Sqlite(tx.conn()),
            Inner::Sqlx(tx) => Writes::Held(tx),
        }
    }

    async fn commit(self) -> sqlx::Result<()> {
        let mut tx = match self.0 {
            Inner::Sqlx(tx) => return tx.commit().await,
            Inner::Sqlite(tx) => tx,
        };
        match tx.conn().execute_batch("COMMIT") {
            Ok(()) => {
                tx.open = false;
                tx.shared.writes_failing.store(false, Ordering::Relaxed);
                if tx.shared.commits.fetch_add(1, Ordering::Relaxed) % CHECKPOINT_EVERY
                    == CHECKPOINT_EVERY - 1
                    && !tx.shared.checkpointing.swap(true, Ordering::AcqRel)
                {
                    let turn = Arc::clone(OwnedMutexGuard::mutex(&tx.turn));
                    let pool = tx.shared.pool.clone();
                    let under_way = UnderWay(Arc::clone(&tx.shared.checkpointing));
                    tokio::spawn(async move {
                        checkpoint(pool, turn).await;
                        drop(under_way);
                    });
                }
                Ok(())
            }
            Err(err) => {
                // A commit that fails is the storage refusing to write (a full disk, an I/O
                // error); dropping `tx` rolls back whatever SQLite did not.
                tx.shared.writes_failing.store(true, Ordering::Relaxed);
                Err(to_sqlx(err))
            }
        }
    }

    async fn rollback(self) -> sqlx::Result<()> {
        match self.0 {
            Inner::Sqlx(tx) => tx.rollback().await,
            Inner::Sqlite(mut tx) => tx.roll_back().map_err(to_sqlx),
        }
    }
}

/// The checkpoint under way, until dropped (also when its task ends any other way).
struct UnderWay(Arc<AtomicBool>);

impl Drop for UnderWay {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}

/// Copies the WAL into the database file on one of sqlx's connections; when the WAL has grown
/// past [`WAL_PAGES_BEFORE_A_FULL_CHECKPOINT`], again on the writer, holding the write turn,
/// off the runtime's thread.
async fn checkpoint(pool: AnyPool, turn: Arc<tokio::sync::Mutex<Option<Connection>>>) {
    const PASSIVE: &str = "PRAGMA wal_checkpoint(PASSIVE)";
    let pages = match sqlx::query_as::<_, (i64, i64, i64)>(PASSIVE)
        .fetch_one(&pool)
        .await
    {
        Ok((_busy, pages, _copied)) => pages,
        Err(err) => {
            tracing::warn!(error = %err, "checkpointing the WAL failed");
            return;
        }
    };
    if pages <= WAL_PAGES_BEFORE_A_FULL_CHECKPOINT {
        return;
    }
    let mut turn = turn.lock_owned().await;
    let Some(writer) = turn.take() else {
        return; // closed after a failure and not opened again: a later checkpoint copies
    };
    let writer = tokio::task::spawn_blocking(move || {
        if let Err(err) = writer.query_row(PASSIVE, [], |_| Ok(())) {
            tracing::warn!(error = %err, "checkpointing the WAL failed");
        }
        writer
    })
    .await;
    // A checkpoint that did not come back leaves the turn without a writer: the next write
    // opens one.
    *turn = writer.ok();
}

impl Transaction for WriteTx {
    fn writes(&mut self) -> Writes<'_> {
        Writes::Held(self)
    }

    fn commit(self) -> impl Future<Output = sqlx::Result<()>> + Send {
        WriteTx::commit(self)
    }

    fn rollback(self) -> impl Future<Output = sqlx::Result<()>> + Send {
        WriteTx::rollback(self)
    }
}

/// The writer connection: it never waits for a lock on the calling thread (see
/// [`LocalWrite::begin`]) and never checkpoints (see [`CHECKPOINT_EVERY`]); it checks foreign
/// keys and syncs as sqlx's connections do.
fn open(path: &Path) -> rusqlite::Result<Connection> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    conn.busy_timeout(Duration::ZERO)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "foreign_keys", true)?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "wal_autocheckpoint", 0)?;
    conn.pragma_update(None, "journal_size_limit", WAL_BYTES_KEPT)?;
    Ok(conn)
}

fn is_busy(err: &rusqlite::Error) -> bool {
    matches!(
        err.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    )
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicU32;

    use super::*;
    use crate::db::{Db, Reads};

    async fn notes(db: &Db) -> i64 {
        let (n,): (i64,) = db
            .reads()
            .await
            .unwrap()
            .first("SELECT COUNT(*) FROM notes", &[])
            .await
            .unwrap()
            .unwrap();
        n
    }

    async fn db_in(name: &str) -> (Db, std::path::PathBuf) {
        let (db, file) =
            crate::db::test_file_db(name, "CREATE TABLE notes (body TEXT NOT NULL)").await;
        (db, file.parent().unwrap().to_owned())
    }

    #[tokio::test]
    async fn a_local_write_sees_its_own_changes_and_keeps_them_only_when_it_commits() {
        let (db, dir) = db_in("local-write").await;
        let insert = "INSERT INTO notes (body) VALUES ($1)";

        let mut tx = db.begin_local_write().await.unwrap();
        assert!(
            matches!(tx.writes(), Writes::Sqlite(_)),
            "a file gets the writer"
        );
        assert_eq!(
            tx.writes()
                .execute(insert, &["dropped".into()])
                .await
                .unwrap(),
            1
        );
        let (inside,): (i64,) = Reads::from(&mut tx.writes())
            .first("SELECT COUNT(*) FROM notes", &[])
            .await
            .unwrap()
            .unwrap();
        assert_eq!(inside, 1, "a read inside the write sees the write");
        assert_eq!(
            notes(&db).await,
            0,
            "others do not see it before it commits"
        );
        drop(tx);
        assert_eq!(notes(&db).await, 0, "a dropped write leaves nothing");

        let mut tx = db.begin_local_write().await.unwrap();
        tx.writes()
            .execute(insert, &["undone".into()])
            .await
            .unwrap();
        tx.rollback().await.unwrap();
        assert_eq!(notes(&db).await, 0, "a rolled-back write leaves nothing");

        let mut tx = db.begin_local_write().await.unwrap();
        tx.writes().execute(insert, &["kept".into()]).await.unwrap();
        tx.commit().await.unwrap();
        assert_eq!(notes(&db).await, 1);

        // sqlx's writes and the writer's take turns on the same lock.
        let mut sqlx_tx = db.begin_write().await.unwrap();
        sqlx::query("INSERT INTO notes (body) VALUES ('by sqlx')")
            .execute(&mut *sqlx_tx)
            .await
            .unwrap();
        let waiting = tokio::spawn({
            let db = db.clone();
            async move {
                let mut tx = db.begin_local_write().await.unwrap();
                tx.writes()
                    .execute(insert, &["after".into()])
                    .await
                    .unwrap();
                tx.commit().await.unwrap();
            }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!waiting.is_finished(), "the writer waited for its turn");
        sqlx_tx.commit().await.unwrap();
        waiting.await.unwrap();
        assert_eq!(notes(&db).await, 3);

        db.close().await;
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[tokio::test]
    async fn a_duplicate_on_the_writer_reads_as_a_unique_violation_as_it_does_through_sqlx() {
        let (db, dir) = db_in("local-write-unique").await;
        sqlx::query("CREATE UNIQUE INDEX notes_body ON notes (body)")
            .execute(db.pool())
            .await
            .unwrap();
        let insert = "INSERT INTO notes (body) VALUES ('once')";
        let mut tx = db.begin_local_write().await.unwrap();
        tx.writes().execute(insert, &[]).await.unwrap();
        let twice = tx.writes().execute(insert, &[]).await.unwrap_err();
        assert!(crate::error::is_unique_violation(&twice), "{twice}");
        drop(tx);
        let mut tx = db.begin_write().await.unwrap();
        sqlx::query(insert).execute(&mut *tx).await.unwrap();
        let twice = sqlx::query(insert).execute(&mut *tx).await.unwrap_err();
        assert!(crate::error::is_unique_violation(&twice), "{twice}");
        drop(tx);

        db.close().await;
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_local_write_waits_for_another_process_off_the_runtime_thread() {
        let (db, dir) = db_in("local-write-busy").await;
        // Another process (the command line, say) holds the write lock for 300 ms.
        let holder = Connection::open(dir.join("local-write-busy.db")).unwrap();
        holder
            .execute_batch("BEGIN IMMEDIATE; INSERT INTO notes (body) VALUES ('theirs');")
            .unwrap();
        let release = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            holder.execute_batch("COMMIT").unwrap();
        });
        let ticks = Arc::new(AtomicU32::new(0));
        let ticker = tokio::spawn({
            let ticks = ticks.clone();
            async move {
                loop {
                    tokio::time::sleep(Duration::from_millis(5)).await;
                    ticks.fetch_add(1, Ordering::Relaxed);
                }
            }
        });
        tokio::task::yield_now().await;
        let mut tx = db.begin_local_write().await.unwrap();
        tx.writes()
            .execute("INSERT INTO notes (body) VALUES ('ours')", &[])
            .await
            .unwrap();
        tx.commit().await.unwrap();
        ticker.abort();
        release.join().unwrap();
        assert_eq!(notes(&db).await, 2, "both writes are kept");
        let ticks = ticks.load(Ordering::Relaxed);
        assert!(
            ticks >= 20,
            "the runtime thread was blocked: {ticks} ticks in 300 ms"
        );

        db.close().await;
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
