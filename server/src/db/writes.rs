//! A write's statements written once, run on either path: SQLite's writer connection on the
//! calling thread (inside a [`LocalWrite`](super::LocalWrite)), or a sqlx connection inside a
//! transaction (PostgreSQL, and every write that still runs as a [`WriteTx`]).
//!
//! Statements name their parameters `$1`, `$2`, … and read their rows by position, as reads do
//! ([`Reads`]); a read inside the write goes through [`Reads::from`] and sees the write's own
//! changes.

use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection};

use super::reads::sqlx_query;
use super::sqlite_reader::to_sqlx;
use super::{Arg, FromColumns, Reads, WriteTx};

type Result<T> = sqlx::Result<T>;

/// Where a write's statements run.
pub enum Writes<'c> {
    /// The SQLite writer, inside this instance's write turn and an open transaction.
    Sqlite(&'c mut rusqlite::Connection),
    /// A sqlx connection inside an open transaction.
    Held(&'c mut AnyConnection),
}

impl Writes<'_> {
    /// Runs `sql`, which returns no rows; answers how many rows it changed.
    pub async fn execute(&mut self, sql: &str, args: &[Arg<'_>]) -> Result<u64> {
        match self {
            Self::Sqlite(conn) => {
                let mut statement = conn.prepare_cached(sql).map_err(to_sqlx)?;
                super::reads::bind(&mut statement, args)?;
                Ok(statement.raw_execute().map_err(to_sqlx)? as u64)
            }
            Self::Held(conn) => Ok(sqlx_query::<Any>(sql, args)
                .execute(&mut **conn)
                .await?
                .rows_affected()),
        }
    }

    /// The first row of `sql` (a read, or a write with `RETURNING`), if it has one.
    pub async fn first<T: FromColumns>(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
    ) -> Result<Option<T>> {
        Reads::from(self).first(sql, args).await
    }

    /// The one row `sql` answers; an error when it answers none.
    pub async fn one<T: FromColumns>(&mut self, sql: &str, args: &[Arg<'_>]) -> Result<T> {
        self.first(sql, args).await?.ok_or(sqlx::Error::RowNotFound)
    }

    /// Every row of `sql`.
    pub async fn all<T: FromColumns>(&mut self, sql: &str, args: &[Arg<'_>]) -> Result<Vec<T>> {
        Reads::from(self).all(sql, args).await
    }
}

impl<'c> From<&'c mut AnyConnection> for Writes<'c> {
    fn from(conn: &'c mut AnyConnection) -> Self {
        Self::Held(conn)
    }
}

impl<'c> From<&'c mut PoolConnection<Any>> for Writes<'c> {
    fn from(conn: &'c mut PoolConnection<Any>) -> Self {
        Self::Held(conn)
    }
}

impl<'c> From<&'c mut WriteTx> for Writes<'c> {
    fn from(tx: &'c mut WriteTx) -> Self {
        Self::Held(tx)
    }
}

/// Several statements in a row share one [`Writes`].
impl<'a> From<&'a mut Writes<'_>> for Writes<'a> {
    fn from(writes: &'a mut Writes<'_>) -> Self {
        match writes {
            Writes::Sqlite(conn) => Writes::Sqlite(conn),
            Writes::Held(conn) => Writes::Held(conn),
        }
    }
}

/// A read inside the write, on its connection.
impl<'a> From<&'a mut Writes<'_>> for Reads<'a> {
    fn from(writes: &'a mut Writes<'_>) -> Self {
        match writes {
            Writes::Sqlite(conn) => Reads::Writer(conn),
            Writes::Held(conn) => Reads::Held(conn),
        }
    }
}
