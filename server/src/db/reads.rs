//! A read written once that runs on any path: the thread's own SQLite connection
//! ([`SqliteReader`]) where there is one; on PostgreSQL a connection kept for reads
//! ([`super::kept`]); or a connection the caller already holds (a read inside a write, on sqlx
//! or on SQLite's writer).
//!
//! A read names its statement's parameters `$1`, `$2`, … as every other statement here does,
//! and gets its rows back as types that read their columns by position ([`FromColumns`]), the
//! same way on both drivers.
//!
//! The reader waits 20 ms at most for a lock (rare in WAL mode: recovery after a crash, or a
//! connection that holds the file exclusively); a read that finds the file locked longer runs
//! on the pool instead, whose connection waits on sqlx's thread, not on the runtime's.

use sqlx::any::AnyRow;
use sqlx::pool::PoolConnection;
use sqlx::postgres::PgRow;
use sqlx::{Any, AnyConnection, AnyPool, Postgres, Row as _, ValueRef as _};

use super::kept::KeptConnection;
use super::sqlite_reader::to_sqlx;
use super::SqliteReader;

type Result<T> = sqlx::Result<T>;

/// A column type every driver decodes: sqlx's `Any` (connections the caller holds), its
/// PostgreSQL driver (the kept read connections) and rusqlite.
pub trait Column:
    for<'r> sqlx::Decode<'r, Any>
    + sqlx::Type<Any>
    + for<'r> sqlx::Decode<'r, Postgres>
    + sqlx::Type<Postgres>
    + rusqlite::types::FromSql
{
}

impl<T> Column for T where
    T: for<'r> sqlx::Decode<'r, Any>
        + sqlx::Type<Any>
        + for<'r> sqlx::Decode<'r, Postgres>
        + sqlx::Type<Postgres>
        + rusqlite::types::FromSql
{
}

/// A result row of either driver.
pub trait Row {
    /// The column at `index` (from 0).
    fn col<T: Column>(&self, index: usize) -> Result<T>;
}

impl Row for AnyRow {
    fn col<T: Column>(&self, index: usize) -> Result<T> {
        self.try_get(index)
    }
}

/// A kept PostgreSQL connection's row, read without sqlx's conversion to `Any` (a copy of
/// every value: a tenth of a page of daily logs' instructions, bench/PROFILE.md, finding 33).
impl Row for PgRow {
    fn col<T: Column>(&self, index: usize) -> Result<T> {
        // A column of the Rust type's own PostgreSQL type needs no compatibility check, and
        // that check compares a text column with six types, one of them by name (a tenth of a
        // page of daily logs' instructions, bench/PROFILE.md, finding 34).
        let value = self.try_get_raw(index)?;
        let own = <T as sqlx::Type<Postgres>>::type_info().oid();
        if own.is_some() && value.type_info().oid() == own {
            return <T as sqlx::Decode<Postgres>>::decode(value).map_err(|source| {
                sqlx::Error::ColumnDecode {
                    index: index.to_string(),
                    source,
                }
            });
        }
        match self.try_get(index) {
            // PostgreSQL's driver reads an `i64` from an INT8 only; `Any` took any integer (a
            // bare `SELECT 1` is an INT4), and so do these reads.
            Err(sqlx::Error::ColumnDecode { .. })
                if is_integer(&<T as sqlx::Type<Postgres>>::type_info())
                    && self
                        .try_get_raw(index)
                        .is_ok_and(|value| is_integer(&value.type_info())) =>
            {
                self.try_get_unchecked(index)
            }
            read => read,
        }
    }
}

fn is_integer(ty: &sqlx::postgres::PgTypeInfo) -> bool {
    use sqlx::TypeInfo as _;
    matches!(ty.name(), "INT2" | "INT4" | "INT8")
}

impl Row for rusqlite::Row<'_> {
    fn col<T: Column>(&self, index: usize) -> Result<T> {
        self.get(index).map_err(to_sqlx)
    }
}

/// A value built from one result row, its columns read by position.
pub trait FromColumns: Sized {
    fn from_columns(row: &impl Row) -> Result<Self>;
}

macro_rules! tuple_from_columns {
    ($($name:ident $index:tt),+) => {
        impl<$($name: Column),+> FromColumns for ($($name,)+) {
            fn from_columns(row: &impl Row) -> Result<Self> {
                Ok(($(row.col::<$name>($index)?,)+))
            }
        }
    };
}

tuple_from_columns!(A 0);
tuple_from_columns!(A 0, B 1);
tuple_from_columns!(A 0, B 1, C 2);
tuple_from_columns!(A 0, B 1, C 2, D 3);
tuple_from_columns!(A 0, B 1, C 2, D 3, E 4);

/// A statement's parameter.
#[derive(Clone, Copy, Debug)]
pub enum Arg<'a> {
    Text(&'a str),
    Int(i64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(text: &'a str) -> Self {
        Self::Text(text)
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(text: &'a String) -> Self {
        Self::Text(text)
    }
}

impl From<i64> for Arg<'_> {
    fn from(int: i64) -> Self {
        Self::Int(int)
    }
}

/// Where a read runs.
pub enum Reads<'c> {
    /// This thread's reader, or the pool while the reader finds the database busy.
    Sqlite(&'c SqliteReader, &'c AnyPool),
    Pooled(PoolConnection<Any>),
    /// A PostgreSQL connection kept for reads (see [`super::kept`]), or one such connection
    /// shared by several reads.
    Kept(KeptConnection),
    KeptRef(&'c mut KeptConnection),
    Held(&'c mut AnyConnection),
    /// The SQLite writer inside a [`LocalWrite`](super::LocalWrite): the read sees the write's
    /// own changes.
    Writer(&'c mut rusqlite::Connection),
}

impl<'c> From<&'c mut AnyConnection> for Reads<'c> {
    fn from(conn: &'c mut AnyConnection) -> Self {
        Self::Held(conn)
    }
}

impl<'c> From<&'c mut PoolConnection<Any>> for Reads<'c> {
    fn from(conn: &'c mut PoolConnection<Any>) -> Self {
        Self::Held(conn)
    }
}

/// Several reads in a row share one [`Reads`].
impl<'a> From<&'a mut Reads<'_>> for Reads<'a> {
    fn from(reads: &'a mut Reads<'_>) -> Self {
        match reads {
            Reads::Sqlite(reader, pool) => Reads::Sqlite(reader, pool),
            Reads::Pooled(conn) => Reads::Held(conn),
            Reads::Kept(conn) => Reads::KeptRef(conn),
            Reads::KeptRef(conn) => Reads::KeptRef(conn),
            Reads::Held(conn) => Reads::Held(conn),
            Reads::Writer(conn) => Reads::Writer(conn),
        }
    }
}

impl Reads<'_> {
    /// Where a read that scans runs, which stays off the reader: the connection these reads
    /// already hold, or on the reader's path one from the pool. A request never holds two pool
    /// connections at once (a pool full of requests that each wait for a second connection
    /// would wait until they time out).
    pub async fn for_scan(&mut self) -> Result<Reads<'_>> {
        Ok(match self {
            Self::Sqlite(_, pool) => Reads::Pooled(pool.acquire().await?),
            other => Reads::from(other),
        })
    }

    /// Whether these reads run on PostgreSQL (else on SQLite), for the few statements whose best
    /// shape differs between the two.
    pub fn on_postgres(&self) -> bool {
        match self {
            Self::Sqlite(..) | Self::Writer(_) => false,
            Self::Kept(_) | Self::KeptRef(_) => true,
            Self::Pooled(conn) => conn.backend_name() == "PostgreSQL",
            Self::Held(conn) => conn.backend_name() == "PostgreSQL",
        }
    }

    /// Every row of `sql`.
    pub async fn all<T: FromColumns>(&mut self, sql: &str, args: &[Arg<'_>]) -> Result<Vec<T>> {
        self.rows(sql, args, usize::MAX).await
    }

    /// The first row of `sql`, if it has one.
    pub async fn first<T: FromColumns>(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
    ) -> Result<Option<T>> {
        Ok(self.rows(sql, args, 1).await?.pop())
    }

    /// Up to `limit` rows of `sql`.
    async fn rows<T: FromColumns>(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
        limit: usize,
    ) -> Result<Vec<T>> {
        let mut fallback;
        let conn = match self {
            Self::Sqlite(reader, pool) => {
                match reader.read(|conn| on_sqlite(conn, sql, args, limit)) {
                    // Rare in WAL mode (recovery, a connection holding the file exclusively): the
                    // wait goes to sqlx's thread rather than this one, which serves other requests.
                    Err(err) if is_busy(&err) => {
                        fallback = pool.acquire().await?;
                        &mut *fallback
                    }
                    done => return done,
                }
            }
            Self::Writer(conn) => return on_sqlite(conn, sql, args, limit),
            Self::Kept(conn) => return from_rows(&conn.rows(sql, args, limit).await?),
            Self::KeptRef(conn) => return from_rows(&conn.rows(sql, args, limit).await?),
            Self::Pooled(conn) => &mut **conn,
            Self::Held(conn) => &mut **conn,
        };
        from_rows(&fetch::<Any>(conn, sql, args, limit).await?)
    }
}

/// Up to `limit` rows of `sql` on a sqlx connection of either driver, `Any`'s or PostgreSQL's
/// own (all of them, or the first when `limit` is 1).
pub(super) async fn fetch<'q, 'c, DB>(
    conn: &'c mut DB::Connection,
    sql: &'q str,
    args: &[Arg<'q>],
    limit: usize,
) -> Result<Vec<DB::Row>>
where
    DB: sqlx::Database,
    &'q str: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    i64: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    DB::Arguments<'q>: sqlx::IntoArguments<'q, DB>,
    &'c mut DB::Connection: sqlx::Executor<'c, Database = DB>,
{
    let query = sqlx_query::<DB>(sql, args);
    if limit == 1 {
        Ok(query.fetch_optional(conn).await?.into_iter().collect())
    } else {
        query.fetch_all(conn).await
    }
}

fn from_rows<T: FromColumns, R: Row>(rows: &[R]) -> Result<Vec<T>> {
    rows.iter().map(T::from_columns).collect()
}

/// `sql` for sqlx, with `args` bound in order.
pub(super) fn sqlx_query<'q, DB>(
    sql: &'q str,
    args: &[Arg<'q>],
) -> sqlx::query::Query<'q, DB, DB::Arguments<'q>>
where
    DB: sqlx::Database,
    &'q str: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    i64: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
{
    args.iter().fold(sqlx::query(sql), |query, arg| match *arg {
        Arg::Text(text) => query.bind(text),
        Arg::Int(int) => query.bind(int),
    })
}

/// Up to `limit` rows of `sql` on a rusqlite connection (the reader's or the writer's).
pub(super) fn on_sqlite<T: FromColumns>(
    conn: &rusqlite::Connection,
    sql: &str,
    args: &[Arg<'_>],
    limit: usize,
) -> Result<Vec<T>> {
    let mut statement = conn.prepare_cached(sql).map_err(to_sqlx)?;
    bind(&mut statement, args)?;
    let mut rows = statement.raw_query();
    let mut out = Vec::new();
    while out.len() < limit {
        let Some(row) = rows.next().map_err(to_sqlx)? else {
            break;
        };
        out.push(T::from_columns(row)?);
    }
    Ok(out)
}

/// Whether the reader gave up waiting for a lock (or, rarer still, for a WAL index it could
/// read: SQLite's `SQLITE_PROTOCOL`).
fn is_busy(err: &sqlx::Error) -> bool {
    let sqlx::Error::AnyDriverError(err) = err else {
        return false;
    };
    matches!(
        err.downcast_ref::<rusqlite::Error>()
            .and_then(rusqlite::Error::sqlite_error_code),
        Some(
            rusqlite::ErrorCode::DatabaseBusy
                | rusqlite::ErrorCode::DatabaseLocked
                | rusqlite::ErrorCode::FileLockingProtocolFailed
        )
    )
}

/// Binds each `$n` of the statement to `args[n - 1]`, wherever `$n` first appears.
pub(super) fn bind(statement: &mut rusqlite::Statement<'_>, args: &[Arg<'_>]) -> Result<()> {
    for index in 1..=statement.parameter_count() {
        let arg = statement
            .parameter_name(index)
            .and_then(|name| name.strip_prefix('$')?.parse::<usize>().ok())
            .and_then(|n| args.get(n.checked_sub(1)?))
            .ok_or_else(|| {
                sqlx::Error::Protocol(format!("parameter {index} of a statement has no argument"))
            })?;
        match *arg {
            Arg::Text(text) => statement.raw_bind_parameter(index, text),
            Arg::Int(int) => statement.raw_bind_parameter(index, int),
        }
        .map_err(to_sqlx)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A statement whose `$2` comes first and whose `$1` comes twice.
    const SQL: &str =
        "SELECT id, body FROM notes WHERE id >= $2 AND body <> $1 AND body < $1 || 'z' \
                       ORDER BY id";

    #[tokio::test]
    async fn a_read_binds_each_numbered_parameter_alike_on_the_reader_and_on_the_pool() {
        let (db, file) = crate::db::test_file_db(
            "reads",
            "CREATE TABLE notes (id BIGINT NOT NULL, body TEXT NOT NULL)",
        )
        .await;
        let dir = file.parent().unwrap().to_owned();
        for (id, body) in [(1, "b1"), (2, "b"), (3, "b2"), (4, "c1"), (5, "b3")] {
            sqlx::query("INSERT INTO notes (id, body) VALUES ($1, $2)")
                .bind(id as i64)
                .bind(body)
                .execute(db.pool())
                .await
                .unwrap();
        }
        let args = ["b".into(), 2i64.into()];
        let expected = vec![(3i64, "b2".to_owned()), (5, "b3".to_owned())];

        let mut reads = db.reads().await.unwrap();
        assert!(matches!(reads, Reads::Sqlite(..)), "a file gets the reader");
        let on_reader: Vec<(i64, String)> = reads.all(SQL, &args).await.unwrap();
        assert_eq!(on_reader, expected);
        let first: Option<(i64, String)> = reads.first(SQL, &args).await.unwrap();
        assert_eq!(first, Some(expected[0].clone()));

        let mut conn = db.pool().acquire().await.unwrap();
        let on_pool: Vec<(i64, String)> = Reads::from(&mut conn).all(SQL, &args).await.unwrap();
        assert_eq!(on_pool, expected);

        let missing = Reads::from(&mut db.reads().await.unwrap())
            .all::<(i64,)>("SELECT id FROM notes WHERE id = $3", &args)
            .await;
        assert!(
            missing.is_err(),
            "a parameter without an argument reads nothing"
        );

        drop(conn);
        db.pool().close().await;
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_read_that_finds_the_file_locked_waits_off_the_runtime_thread() {
        let dir = std::env::temp_dir().join(format!("swaz-reads-busy-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("busy.db");
        // Another connection holds the whole file (a rollback journal's exclusive lock, which
        // stands for the rare locks a WAL reader meets) while it writes a second note.
        let holder = rusqlite::Connection::open(&path).unwrap();
        holder
            .execute_batch(
                "CREATE TABLE notes (body TEXT NOT NULL); \
                 INSERT INTO notes (body) VALUES ('first'); \
                 BEGIN EXCLUSIVE; INSERT INTO notes (body) VALUES ('second');",
            )
            .unwrap();
        let release = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(300));
            holder.execute_batch("COMMIT").unwrap();
        });

        sqlx::any::install_default_drivers();
        let pool = sqlx::any::AnyPoolOptions::new()
            .connect_lazy(&crate::config::sqlite_url(&path))
            .unwrap();
        let reader = SqliteReader::new(&path);
        // The runtime's only thread keeps serving other work while the read waits.
        let ticks = std::sync::Arc::new(std::sync::atomic::AtomicU32::new(0));
        let ticker = tokio::spawn({
            let ticks = ticks.clone();
            async move {
                loop {
                    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
                    ticks.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
            }
        });
        tokio::task::yield_now().await;
        let count: Option<(i64,)> = Reads::Sqlite(&reader, &pool)
            .first("SELECT COUNT(*) FROM notes", &[])
            .await
            .unwrap();
        ticker.abort();
        release.join().unwrap();
        assert_eq!(
            count,
            Some((2,)),
            "the read waited for the lock and saw its commit"
        );
        let ticks = ticks.load(std::sync::atomic::Ordering::Relaxed);
        assert!(
            ticks >= 20,
            "the runtime thread was blocked: {ticks} ticks in 300 ms"
        );

        pool.close().await;
        drop(reader);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
