//! The accept loop: hyper's connection builder with the limits `axum::serve` does not offer, so
//! idle sockets or a slowloris client cannot take the server down.
//!
//! - at most `max_connections` open at once; beyond that new ones wait in the listen backlog
//!   until a slot frees (capped below the process's file-descriptor limit);
//! - at most `per_client` open at once from one address, so one client cannot take every slot:
//!   a connection beyond that is closed as soon as it is accepted (not applied behind a trusted
//!   proxy, whose own address every connection has: the proxy caps its clients instead);
//! - a request's headers must arrive within `header_read_timeout`;
//! - a connection on which nothing is read or written for `idle_timeout` is closed (a silent
//!   keep-alive connection, a request body that stopped, a client that stopped reading).

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Bytes, HttpBody};
use axum::extract::ConnectInfo;
use axum::extract::Request;
use axum::response::Response;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio::time::{Instant, Sleep};
use tower::{Service, ServiceExt};

/// Limits on client connections (`SWAZ_MAX_CONNECTIONS`, `SWAZ_HEADER_READ_TIMEOUT`,
/// `SWAZ_IDLE_TIMEOUT`).
#[derive(Clone, Copy, Debug)]
pub struct ConnectionLimits {
    pub max_connections: usize,
    /// Connections one address may hold open; `None` behind a trusted proxy.
    pub per_client: Option<usize>,
    pub header_read_timeout: Duration,
    pub idle_timeout: Duration,
}

/// File descriptors kept free for the database, logs and files when capping connections.
const RESERVED_FDS: usize = 128;

/// Serves `app` on `listener` until `shutdown` completes, then waits for open connections to
/// finish their requests.
pub async fn serve<S, B>(
    listener: TcpListener,
    app: S,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()>
where
    S: Service<Request, Response = Response<B>, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
    B: HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let max = limits
        .max_connections
        .clamp(1, usable_file_descriptors().unwrap_or(usize::MAX));
    if max < limits.max_connections {
        tracing::warn!(
            max_connections = max,
            "SWAZ_MAX_CONNECTIONS lowered to what the file-descriptor limit allows"
        );
    }
    let slots = Arc::new(Semaphore::new(max));
    let per_client = OpenPerClient::default();
    let graceful = GracefulShutdown::new();
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout);
    builder
        .http2()
        .timer(TokioTimer::new())
        .keep_alive_interval(None);
    tokio::pin!(shutdown);
    loop {
        let slot = tokio::select! {
            slot = slots.clone().acquire_owned() => slot.expect("the semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    // Out of descriptors or a connection reset before accept: back off briefly.
                    tracing::warn!(error = %err, "accepting a connection failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let client = match limits.per_client {
            Some(cap) => match per_client.open(peer.ip(), cap) {
                Some(client) => Some(client),
                None => {
                    tracing::debug!(%peer, "closing a connection over the per-client limit");
                    continue;
                }
            },
            None => None,
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            app.clone().oneshot(req.map(axum::body::Body::new))
        });
        // Until its first bytes arrive, a connection gets only the header timeout.
        let first = limits.header_read_timeout.min(limits.idle_timeout);
        let io = TokioIo::new(IdleTimeout::new(stream, first, limits.idle_timeout));
        let conn = builder.serve_connection_with_upgrades(io, service);
        let conn = graceful.watch(conn.into_owned());
        tokio::spawn(async move {
            if let Err(err) = conn.await {
                tracing::debug!(error = %err, %peer, "connection ended with an error");
            }
            drop(slot);
            drop(client);
        });
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}

/// Open connections per client address.
#[derive(Clone, Default)]
struct OpenPerClient(Arc<Mutex<HashMap<IpAddr, usize>>>);

impl OpenPerClient {
    /// Counts a new connection from `ip`; `None` when `ip` already holds `cap`.
    fn open(&self, ip: IpAddr, cap: usize) -> Option<ClientConnection> {
        let ip = ip.to_canonical();
        let mut open = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(ip).or_insert(0);
        if *count >= cap {
            return None;
        }
        *count += 1;
        Some(ClientConnection {
            open: self.clone(),
            ip,
        })
    }
}

/// One counted connection; uncounted when dropped.
struct ClientConnection {
    open: OpenPerClient,
    ip: IpAddr,
}

impl Drop for ClientConnection {
    fn drop(&mut self) {
        let mut open = self.open.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// How many connections the process can hold open: its descriptor limit (raised to the hard
/// limit where allowed) minus a reserve.
#[cfg(unix)]
fn usable_file_descriptors() -> Option<usize> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit/setrlimit only read or write the struct passed by pointer.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return None;
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: limit.rlim_max,
                rlim_max: limit.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit = raised;
            }
        }
    }
    let current = usize::try_from(limit.rlim_cur).unwrap_or(usize::MAX);
    Some(current.saturating_sub(RESERVED_FDS).max(1))
}

#[cfg(not(unix))]
fn usable_file_descriptors() -> Option<usize> {
    None
}

/// A TCP stream that fails with `TimedOut` once neither a read nor a write has made progress for
/// the idle timeout; before the client has sent anything, for the shorter `first` wait (a
/// socket that never speaks is held only as long as a request's headers may take).
struct IdleTimeout {
    stream: TcpStream,
    timeout: Duration,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
}

impl IdleTimeout {
    fn new(stream: TcpStream, first: Duration, idle: Duration) -> Self {
        Self {
            stream,
            timeout: first,
            idle,
            deadline: Box::pin(tokio::time::sleep(first)),
        }
    }

    fn progressed(&mut self) {
        self.deadline.as_mut().reset(Instant::now() + self.timeout);
    }

    /// After the stream answered `Pending`: an error once the deadline has passed.
    fn check_deadline(&mut self, cx: &mut Context<'_>) -> io::Result<()> {
        match self.deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "connection idle for too long",
            )),
            Poll::Pending => Ok(()),
        }
    }
}

impl AsyncRead for IdleTimeout {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match Pin::new(&mut this.stream).poll_read(cx, buf) {
            Poll::Ready(result) => {
                if buf.filled().len() > before {
                    // The client spoke: from now on the idle timeout applies.
                    this.timeout = this.idle;
                }
                this.progressed();
                Poll::Ready(result)
            }
            Poll::Pending => {
                this.check_deadline(cx)?;
                Poll::Pending
            }
        }
    }
}

impl AsyncWrite for IdleTimeout {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match Pin::new(&mut this.stream).poll_write(cx, buf) {
            Poll::Ready(result) => {
                this.progressed();
                Poll::Ready(result)
            }
            Poll::Pending => {
                this.check_deadline(cx)?;
                Poll::Pending
            }
        }
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match Pin::new(&mut this.stream).poll_write_vectored(cx, bufs) {
            Poll::Ready(result) => {
                this.progressed();
                Poll::Ready(result)
            }
            Poll::Pending => {
                this.check_deadline(cx)?;
                Poll::Pending
            }
        }
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}
