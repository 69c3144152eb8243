//! HTTP/1.1 connections to the platform, driven by the task of the page that reads from them.
//!
//! hyper-util's pool runs each connection as a task of its own: a read hands its request to
//! that task through a channel and gets the answer back through another, so every call wakes
//! two more tasks (often on the other thread) besides the socket's. Here a read takes an idle
//! connection, sends its request and polls the connection itself until the answer is whole,
//! then puts it back: the socket's readiness wakes the page's own task and nothing else.
//!
//! - An idle connection is polled once when taken, so one the platform closed meanwhile is
//!   seen and dropped; one idle longer than the idle timeout is dropped too.
//! - A read that fails on a reused connection before any answer came (the platform closed it
//!   as the request left) is sent once more on a new one: a GET is safe to repeat.
//! - A platform that chooses HTTP/2 (over TLS, by ALPN) gets hyper-util's pool instead, whose
//!   one connection carries every call and needs a task of its own to keep it alive.

use std::collections::VecDeque;
use std::future::Future;
use std::pin::{Pin, pin};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::Empty;
use hyper::client::conn::http1;
use hyper_rustls::{HttpsConnector, MaybeHttpsStream};
use hyper_util::client::legacy::connect::{Connection as _, HttpConnector};
use hyper_util::rt::TokioIo;
use tower::ServiceExt as _;

type Io = MaybeHttpsStream<TokioIo<tokio::net::TcpStream>>;
type Body = Empty<Bytes>;

/// One HTTP/1.1 connection: its request half, its connection half (polled by whoever uses
/// it), and whether that half has finished (the connection is closed).
pub(super) struct Conn {
    send: http1::SendRequest<Body>,
    conn: http1::Connection<Io, Body>,
    ended: bool,
    /// Taken from the idle ones, not opened for this read.
    pub reused: bool,
}

/// How a read on a [`Conn`] failed.
pub(super) enum ConnFailed {
    /// Before any answer: on a reused connection the read may go again on a new one.
    NoAnswer,
    /// The answer's body broke off.
    Body,
}

impl Conn {
    /// Polls the connection once without waiting: false when it has closed.
    fn still_open(&mut self) -> bool {
        if self.ended {
            return false;
        }
        let mut cx = Context::from_waker(Waker::noop());
        if Pin::new(&mut self.conn).poll(&mut cx).is_ready() {
            self.ended = true;
            return false;
        }
        self.send.is_ready()
    }

    /// Sends `request` and reads the answer's head, then hands it to `read_body` (polled with
    /// the connection, which feeds the body). After a body read whole, waits until the
    /// connection may carry the next request: the flag says whether it may (a body left
    /// unread, or `Connection: close`, ends it).
    pub async fn exchange<A, E, F, Fut>(
        &mut self,
        request: http::Request<Body>,
        read_body: F,
    ) -> Result<(Result<A, E>, bool), ConnFailed>
    where
        F: FnOnce(http::Response<hyper::body::Incoming>) -> Fut,
        Fut: Future<Output = Result<A, E>>,
    {
        let sent = self.send.send_request(request);
        let response = match drive(&mut self.conn, &mut self.ended, sent).await {
            Some(Ok(response)) => response,
            Some(Err(_)) | None => return Err(ConnFailed::NoAnswer),
        };
        let answer = drive(&mut self.conn, &mut self.ended, read_body(response))
            .await
            .ok_or(ConnFailed::Body)?;
        if answer.is_err() {
            return Ok((answer, false));
        }
        // The answer is whole: the connection is idle again once hyper has seen its end (or
        // closed, when the platform said `Connection: close`).
        let ready = self.send.ready();
        let reusable = matches!(
            drive(&mut self.conn, &mut self.ended, ready).await,
            Some(Ok(()))
        );
        Ok((answer, reusable))
    }
}

/// Polls `f` and the connection `conn` together until `f` is done; `None` when the
/// connection ended and `f` could not finish without it.
async fn drive<F: Future>(
    conn: &mut http1::Connection<Io, Body>,
    ended: &mut bool,
    f: F,
) -> Option<F::Output> {
    let mut f = pin!(f);
    std::future::poll_fn(|cx| {
        if let Poll::Ready(v) = f.as_mut().poll(cx) {
            return Poll::Ready(Some(v));
        }
        if *ended {
            return Poll::Ready(None);
        }
        match Pin::new(&mut *conn).poll(cx) {
            // What the connection just read (the answer's head, a piece of its body) is
            // handed to `f` through hyper's own channel, which wakes this task: `f` is polled
            // again at once, not after a second pass through the whole page's future.
            Poll::Pending => f.as_mut().poll(cx).map(Some),
            Poll::Ready(_) => {
                *ended = true;
                // What the connection delivered before it ended may have finished `f`.
                Poll::Ready(match f.as_mut().poll(cx) {
                    Poll::Ready(v) => Some(v),
                    Poll::Pending => None,
                })
            }
        }
    })
    .await
}

struct Idle {
    conn: Box<Conn>,
    since: Instant,
}

pub(super) struct H1Pool {
    connector: HttpsConnector<HttpConnector>,
    /// Oldest first: a read takes the newest, the oldest are dropped.
    idle: Mutex<VecDeque<Idle>>,
    max_idle: usize,
    idle_timeout: Duration,
    /// The platform chose HTTP/2: every read goes on hyper-util's pool.
    h2: AtomicBool,
}

/// What [`H1Pool::take`] gives: a connection, or word that the platform speaks HTTP/2.
/// The connection is boxed: it holds its buffers' state inline (some 1.8 KB), and it moves
/// in and out of the idle list on every read.
pub(super) enum Taken {
    H1(Box<Conn>),
    H2,
}

impl H1Pool {
    pub fn new(
        connector: HttpsConnector<HttpConnector>,
        max_idle: usize,
        idle_timeout: Duration,
    ) -> Self {
        Self {
            connector,
            idle: Mutex::new(VecDeque::new()),
            max_idle,
            idle_timeout,
            h2: AtomicBool::new(false),
        }
    }

    pub fn is_h2(&self) -> bool {
        self.h2.load(Ordering::Relaxed)
    }

    /// An idle connection still open, else a new one to `uri`'s host (`fresh` asks for a new
    /// one whatever is idle). `Err` when no connection could be opened.
    pub async fn take(&self, uri: &http::Uri, fresh: bool) -> Result<Taken, ()> {
        if !fresh {
            while let Some(mut idle) = self.newest_idle() {
                if idle.since.elapsed() < self.idle_timeout && idle.conn.still_open() {
                    idle.conn.reused = true;
                    return Ok(Taken::H1(idle.conn));
                }
            }
        }
        let io = self
            .connector
            .clone()
            .oneshot(uri.clone())
            .await
            .map_err(|e| {
                tracing::debug!(error = %e, "platform connection failed");
            })?;
        if io.connected().is_negotiated_h2() {
            self.h2.store(true, Ordering::Relaxed);
            return Ok(Taken::H2);
        }
        let (send, conn) = http1::handshake(io).await.map_err(|e| {
            tracing::debug!(error = %e, "platform handshake failed");
        })?;
        Ok(Taken::H1(Box::new(Conn {
            send,
            conn,
            ended: false,
            reused: false,
        })))
    }

    fn newest_idle(&self) -> Option<Idle> {
        self.idle
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .pop_back()
    }

    /// Keeps `conn` for the next read; the oldest idle ones go when over the cap or the idle
    /// timeout, so the sockets held open stay bounded.
    pub fn put_back(&self, conn: Box<Conn>) {
        let mut idle = self.idle.lock().unwrap_or_else(|p| p.into_inner());
        while idle
            .front()
            .is_some_and(|i| i.since.elapsed() >= self.idle_timeout)
            || idle.len() >= self.max_idle.max(1)
        {
            idle.pop_front();
        }
        idle.push_back(Idle {
            conn,
            since: Instant::now(),
        });
    }
}
