//! Connections for short reads on PostgreSQL, kept out of sqlx's pool.
//!
//! sqlx pings a pooled PostgreSQL connection before handing it out (we ask it to, so that a
//! connection a restarted server dropped is replaced instead of failing a request) and again
//! whenever one comes back (sqlx 0.8 always does). A signed-in read is usually one statement, so
//! two of its three round trips were pings. A read outside a transaction takes a connection from
//! here instead: handed out and taken back with no round trip.
//!
//! They are PostgreSQL's own connections, not sqlx's `Any`: a row is read as it arrives, where
//! `Any` first copied every value of it into its own form; a page of daily logs costs a tenth
//! fewer instructions without that copy (bench/PROFILE.md, finding 33).
//!
//! What the pings were for is kept two other ways:
//! - a read that finds its connection gone (the server restarted, or ended the backend) opens a
//!   new one and asks again, once: a read changes nothing, so asking again is safe;
//! - a connection whose statement did not finish (the request was cancelled mid-read, so an
//!   answer may still be on its way) is closed, not taken back.
//!
//! At most [`MAX_KEPT`] such connections are open at once, beside the pool's own: an instance
//! opens up to 16 + 8 connections to PostgreSQL, and one more for its session listener.

use std::sync::{Arc, Mutex};

use sqlx::postgres::{PgConnectOptions, PgRow};
use sqlx::{AnyPool, ConnectOptions, Executor, PgConnection, Postgres};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::reads::fetch;
use super::Arg;

/// PostgreSQL plans a prepared statement again at every execution for as long as it judges a
/// plan for the values at hand cheaper than the generic one; for the dashboard's two statements
/// that planning cost more than running them (bench/PROFILE.md, finding 14). Every read on these
/// connections looks rows up by an athlete's or a team's key, where the generic plan is the
/// plan for any value, so they are planned once per connection. Writes and the pool's other
/// statements keep PostgreSQL's own choice.
const GENERIC_PLANS: &str = "SET plan_cache_mode = force_generic_plan";

/// The most connections open for reads at once; a read beyond them waits for one.
pub(super) const MAX_KEPT: usize = 8;

pub(crate) struct KeptConnections {
    /// The pool, kept for its wait limit: a read waits as long for one of these as it would for
    /// one of the pool's.
    pool: AnyPool,
    options: PgConnectOptions,
    idle: Mutex<Vec<PgConnection>>,
    permits: Arc<Semaphore>,
}

impl KeptConnections {
    pub(super) fn new(pool: AnyPool, options: PgConnectOptions) -> Arc<Self> {
        Arc::new(Self {
            pool,
            options,
            idle: Mutex::new(Vec::with_capacity(MAX_KEPT)),
            permits: Arc::new(Semaphore::new(MAX_KEPT)),
        })
    }

    /// A connection for reads: an idle one, or else a new one. Waits as long as the pool would
    /// for a connection when all are taken.
    pub(super) async fn take(self: &Arc<Self>) -> sqlx::Result<KeptConnection> {
        let permit = tokio::time::timeout(
            self.pool.options().get_acquire_timeout(),
            self.permits.clone().acquire_owned(),
        )
        .await
        .map_err(|_| sqlx::Error::PoolTimedOut)?
        .map_err(|_| sqlx::Error::PoolClosed)?;
        let idle = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let conn = match idle {
            Some(conn) => conn,
            None => self.open().await?,
        };
        Ok(KeptConnection {
            conn: Some(conn),
            in_flight: false,
            home: self.clone(),
            _permit: permit,
        })
    }

    /// Closes the idle connections; connections in use are closed when they come back.
    pub(super) fn close(&self) {
        self.permits.close();
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }

    /// A new connection that plans each read once (see [`GENERIC_PLANS`]), given up on after
    /// as long as the pool would wait for one of its own.
    async fn open(&self) -> sqlx::Result<PgConnection> {
        let connect = async {
            let mut conn = self.options.connect().await?;
            conn.execute(GENERIC_PLANS).await?;
            Ok(conn)
        };
        tokio::time::timeout(self.pool.options().get_acquire_timeout(), connect)
            .await
            .map_err(|_| sqlx::Error::PoolTimedOut)?
    }
}

/// A connection taken for reads; it goes back idle when dropped, unless a statement on it did
/// not finish.
pub struct KeptConnection {
    conn: Option<PgConnection>,
    in_flight: bool,
    home: Arc<KeptConnections>,
    _permit: OwnedSemaphorePermit,
}

impl KeptConnection {
    /// Up to `limit` rows of `sql`; asked again once on a new connection when this one is gone.
    pub(super) async fn rows(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
        limit: usize,
    ) -> sqlx::Result<Vec<PgRow>> {
        let mut retried = false;
        loop {
            if self.conn.is_none() {
                self.conn = Some(self.home.open().await?);
            }
            let conn = self.conn.as_mut().expect("opened just above");
            self.in_flight = true;
            let rows = fetch::<Postgres>(conn, sql, args, limit).await;
            self.in_flight = false;
            match rows {
                Err(err) if is_lost(&err) => {
                    self.conn = None;
                    if retried {
                        return Err(err);
                    }
                    tracing::info!(error = %err, "a kept database connection was gone; reading again on a new one");
                    retried = true;
                }
                done => return done,
            }
        }
    }
}

impl Drop for KeptConnection {
    fn drop(&mut self) {
        let Some(conn) = self.conn.take() else {
            return;
        };
        if self.in_flight || self.home.permits.is_closed() {
            return; // dropped mid-statement (its answer may still arrive), or the pool closed
        }
        let mut idle = self.home.idle.lock().unwrap_or_else(|e| e.into_inner());
        if idle.len() < MAX_KEPT {
            idle.push(conn);
        }
    }
}

/// Whether `err` says the connection itself is gone (as opposed to the statement failing).
fn is_lost(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::Io(_) | sqlx::Error::Protocol(_) => true,
        // Class 57P: the server ended the session (an administrator, a shutdown, a crash).
        sqlx::Error::Database(db) => db.code().is_some_and(|code| code.starts_with("57P")),
        _ => false,
    }
}
