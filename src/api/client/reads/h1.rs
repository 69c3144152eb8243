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
//! - Each thread keeps the connections it opened (`thread_slot`): a socket's readiness is
//!   read by the runtime that registered it.
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

struct Idle<C = Box<Conn>> {
    conn: C,
    since: Instant,
}

pub(super) struct H1Pool {
    connector: HttpsConnector<HttpConnector>,
    /// The idle connections of each thread (by [`thread_slot`]), oldest first: a read takes
    /// its thread's newest, the oldest are dropped.
    idle: Mutex<IdleLists>,
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
            idle: Mutex::new(IdleLists::default()),
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
            .take(thread_slot())
    }

    /// Keeps `conn` for the next read; the oldest idle ones go when over the cap or the idle
    /// timeout, so the sockets held open stay bounded.
    pub fn put_back(&self, conn: Box<Conn>) {
        let idle = Idle {
            conn,
            since: Instant::now(),
        };
        self.idle.lock().unwrap_or_else(|p| p.into_inner()).keep(
            thread_slot(),
            idle,
            self.idle_timeout,
            self.max_idle.max(1),
        );
    }
}

/// This thread's number, given in the order threads first ask for it.
///
/// A connection is registered with the runtime of the thread that opened it: its socket's
/// readiness is read by that runtime's driver. The web app serves each client connection on
/// a thread with a runtime of its own (`startup::serve`), so a platform connection used by
/// a page on another thread would wait for that other thread to poll its driver, then wake
/// this one: each thread reuses the connections it opened.
fn thread_slot() -> usize {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    thread_local! {
        static SLOT: usize = NEXT.fetch_add(1, Ordering::Relaxed);
    }
    SLOT.with(|s| *s)
}

/// The idle connections, one list per thread slot (a few: the threads that serve pages).
struct IdleLists<C = Box<Conn>> {
    by_thread: Vec<(usize, VecDeque<Idle<C>>)>,
}

impl<C> Default for IdleLists<C> {
    fn default() -> Self {
        Self {
            by_thread: Vec::new(),
        }
    }
}

impl<C> IdleLists<C> {
    fn list(&mut self, slot: usize) -> &mut VecDeque<Idle<C>> {
        let at = match self.by_thread.iter().position(|(s, _)| *s == slot) {
            Some(at) => at,
            None => {
                self.by_thread.push((slot, VecDeque::new()));
                self.by_thread.len() - 1
            }
        };
        &mut self.by_thread[at].1
    }

    fn take(&mut self, slot: usize) -> Option<Idle<C>> {
        self.list(slot).pop_back()
    }

    /// Keeps `idle` in `slot`'s list, after dropping that list's connections idle for
    /// `timeout` or longer and, at `cap`, its oldest. The cap is per thread: a thread whose
    /// pages had `cap` calls in flight finds as many connections when they are over,
    /// whatever the other threads keep (a cap on the sum had one thread's connections
    /// closed while another opened new ones, all under load). A list only its own thread
    /// fills is only pruned there; a connection found stale when taken is dropped then.
    fn keep(&mut self, slot: usize, idle: Idle<C>, timeout: Duration, cap: usize) {
        let list = self.list(slot);
        while list.front().is_some_and(|i| i.since.elapsed() >= timeout) || list.len() >= cap {
            list.pop_front();
        }
        list.push_back(idle);
    }
}

#[cfg(test)]
mod idle_tests {
    use super::*;

    fn idle(conn: u32, age: Duration) -> Idle<u32> {
        Idle {
            conn,
            since: Instant::now() - age,
        }
    }

    const MINUTE: Duration = Duration::from_secs(60);

    #[test]
    fn a_thread_takes_its_own_newest_connection_and_never_another_thread_s() {
        let mut lists = IdleLists::default();
        lists.keep(0, idle(1, Duration::ZERO), MINUTE, 4);
        lists.keep(0, idle(2, Duration::ZERO), MINUTE, 4);
        lists.keep(1, idle(3, Duration::ZERO), MINUTE, 4);
        assert_eq!(lists.take(0).map(|i| i.conn), Some(2));
        assert_eq!(lists.take(0).map(|i| i.conn), Some(1));
        assert!(lists.take(0).is_none());
        assert!(lists.take(7).is_none());
        assert_eq!(lists.take(1).map(|i| i.conn), Some(3));
    }

    #[test]
    fn the_cap_is_per_thread_and_the_oldest_goes_first() {
        let mut lists = IdleLists::default();
        for conn in 1..=3 {
            lists.keep(0, idle(conn, Duration::ZERO), MINUTE, 2);
        }
        // Thread 1's list is not touched by thread 0's being full.
        lists.keep(1, idle(9, Duration::ZERO), MINUTE, 2);
        assert_eq!(lists.take(0).map(|i| i.conn), Some(3));
        assert_eq!(lists.take(0).map(|i| i.conn), Some(2));
        assert!(lists.take(0).is_none(), "1 was dropped at the cap");
        assert_eq!(lists.take(1).map(|i| i.conn), Some(9));
    }

    #[test]
    fn keeping_a_connection_drops_those_of_its_thread_idle_past_the_timeout() {
        let mut lists = IdleLists::default();
        lists.keep(0, idle(1, 2 * MINUTE), MINUTE, 8);
        lists.keep(1, idle(2, 2 * MINUTE), MINUTE, 8);
        lists.keep(0, idle(3, Duration::ZERO), MINUTE, 8);
        assert_eq!(lists.take(0).map(|i| i.conn), Some(3));
        assert!(lists.take(0).is_none(), "the stale one was dropped");
        // Another thread's list is pruned by that thread; `take` checks the age.
        assert_eq!(lists.take(1).map(|i| i.conn), Some(2));
    }

    #[test]
    fn a_thread_keeps_its_slot_and_two_threads_have_two() {
        let here = thread_slot();
        assert_eq!(thread_slot(), here);
        let there = std::thread::spawn(thread_slot).join().unwrap();
        assert_ne!(there, here);
    }
}
