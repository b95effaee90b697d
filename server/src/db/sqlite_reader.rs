//! Short reads on SQLite, run on the calling thread.
//!
//! sqlx runs each SQLite connection on a thread of its own, so every statement is a hop to that
//! thread and back, and every connection handed back to the pool is one more (sqlx pings it).
//! For a read of one row by its key, the hops are most of the request's time (bench/PROFILE.md,
//! finding 6). Such a read takes a connection of the calling thread's own instead: one per
//! runtime worker, opened on first use and kept while the [`Db`](super::Db) lives. The
//! connection refuses to write (`query_only`), and in WAL mode it neither waits for a writer nor
//! holds one up; each statement reads the last commit.
//!
//! Only reads of one athlete's rows by an index belong here (a row, the 84 days of a calendar, a
//! page of logs): they take microseconds from the page cache, less than the hop would. A read that
//! scans stays on the pool; a read inside a write runs on the write's connection (sqlx's, or the
//! writer of a [`LocalWrite`](super::LocalWrite), where the rare recount of an athlete's summary
//! scans their events on the calling thread). PostgreSQL has no reader: a read there is a
//! network round trip either way. Reads are written once, against [`Reads`](super::Reads), which
//! picks the reader where there is one.

use std::path::PathBuf;

use rusqlite::{Connection, OpenFlags};
use thread_local::ThreadLocal;

/// How long a read waits on the runtime's thread for a lock before it moves to the pool (see
/// [`Reads`](super::Reads)), where the wait blocks only sqlx's thread.
const READER_BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_millis(20);

/// How much of the database file a reader maps into memory (SQLite's `mmap_size`; 2 GiB is the
/// most the bundled SQLite maps). A mapped page is read where the kernel's file cache holds it,
/// without a `pread` into the connection's own page cache of 2 MB, which the dashboards of 100
/// athletes with a year of practice no longer fitted, and which every commit by another
/// connection empties anyway (WAL mode). Pages still in the WAL are read as before. The mapping
/// is the kernel's file cache, shared and given back under memory pressure, though its resident
/// pages count in the process's RSS (bench/PROFILE.md, finding 23).
const READER_MMAP_BYTES: i64 = 0x7fff_0000;

pub struct SqliteReader {
    path: PathBuf,
    connections: ThreadLocal<Connection>,
}

impl SqliteReader {
    pub(crate) fn new(path: impl Into<PathBuf>) -> Self {
        Self {
            path: path.into(),
            connections: ThreadLocal::new(),
        }
    }

    /// The database file.
    pub(crate) fn path(&self) -> &std::path::Path {
        &self.path
    }

    /// Runs `read` on this thread's connection, opening it first if the thread has none yet.
    pub(crate) fn read<T>(
        &self,
        read: impl FnOnce(&Connection) -> sqlx::Result<T>,
    ) -> sqlx::Result<T> {
        read(
            self.connections
                .get_or_try(|| self.open())
                .map_err(to_sqlx)?,
        )
    }

    fn open(&self) -> rusqlite::Result<Connection> {
        let conn = Connection::open_with_flags(
            &self.path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.busy_timeout(READER_BUSY_TIMEOUT)?;
        conn.pragma_update(None, "query_only", true)?;
        conn.pragma_update(None, "mmap_size", READER_MMAP_BYTES)?;
        Ok(conn)
    }
}

/// A rusqlite error as the sqlx error its caller handles: a column that does not read as its
/// type is a decoding error, anything else an error of the driver.
pub(crate) fn to_sqlx(err: rusqlite::Error) -> sqlx::Error {
    use rusqlite::Error::*;
    match err {
        FromSqlConversionFailure(..)
        | IntegralValueOutOfRange(..)
        | InvalidColumnType(..)
        | InvalidColumnIndex(..) => sqlx::Error::Decode(Box::new(err)),
        _ => sqlx::Error::AnyDriverError(Box::new(err)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(reader: &SqliteReader) -> i64 {
        reader
            .read(|conn| {
                conn.query_row("SELECT COUNT(*) FROM notes", [], |row| row.get(0))
                    .map_err(to_sqlx)
            })
            .unwrap()
    }

    #[test]
    fn a_kept_connection_reads_each_new_commit_and_refuses_to_write() {
        let dir = std::env::temp_dir().join(format!(
            "swaz-reader-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("reader.db");
        let writer = Connection::open(&path).unwrap();
        writer.pragma_update(None, "journal_mode", "WAL").unwrap();
        writer
            .execute("CREATE TABLE notes (body TEXT NOT NULL)", [])
            .unwrap();

        let reader = SqliteReader::new(&path);
        assert_eq!(count(&reader), 0);
        writer
            .execute("INSERT INTO notes (body) VALUES ('first')", [])
            .unwrap();
        assert_eq!(count(&reader), 1, "the commit after the first read is seen");

        let refused = reader.read(|conn| {
            conn.execute("INSERT INTO notes (body) VALUES ('sneaky')", [])
                .map_err(to_sqlx)
        });
        assert!(refused.is_err(), "the reader wrote");
        assert_eq!(count(&reader), 1);

        drop(reader);
        drop(writer);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
