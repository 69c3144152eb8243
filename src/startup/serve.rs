//! The web app's accept loop: hyper serves each connection on the shared runtime, with
//! what `axum::serve` lacks (a header-read timeout, a connection cap, a bounded drain).

use std::future::Future;
use std::sync::Arc;

use tokio::net::TcpListener;

use crate::config::Config;

/// Limits of the web app's accept loop.
#[derive(Debug, Clone, Copy)]
pub struct ServeLimits {
    /// A client has this long to send its request line and headers (slowloris).
    pub header_read_timeout: std::time::Duration,
    /// Connections served at once; the next ones wait in the kernel's backlog.
    pub max_connections: usize,
    /// How long open requests may take to finish once shutdown starts.
    pub shutdown_grace: std::time::Duration,
}

impl ServeLimits {
    pub fn from_config(cfg: &Config) -> Self {
        Self {
            header_read_timeout: cfg.header_read_timeout(),
            max_connections: cfg.max_connections.max(1),
            shutdown_grace: cfg.shutdown_grace(),
        }
    }
}

/// Serves `app` on `listener` until `shutdown`; then closes the listener at once (a load
/// balancer's next connection attempt is refused and goes to another replica) and lets open
/// requests finish for up to `limits.shutdown_grace`.
/// Unlike `axum::serve`, every connection has a header-read timeout and the number of
/// connections is capped by a semaphore taken before `accept`.
pub async fn serve(
    listener: TcpListener,
    app: axum::Router,
    limits: ServeLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
    use hyper_util::server::conn::auto;
    use hyper_util::service::TowerToHyperService;
    use tower::ServiceExt as _;

    // HTTP/1.1 only: the auto builder's HTTP/2 detection reads the first bytes with no
    // timeout, so a silent client would hold its slot for ever. TLS and h2 are the load
    // balancer's.
    let mut builder = auto::Builder::new(TokioExecutor::new()).http1_only();
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout);
    let builder = Arc::new(builder);
    let permits = Arc::new(tokio::sync::Semaphore::new(limits.max_connections));
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            () = &mut shutdown => break,
            accepted = accept(&listener, &permits) => accepted,
        };
        let Some((stream, permit)) = accepted else {
            continue;
        };
        // The peer's address, for the per-address limits (`web::client_addr::ClientAddr`).
        let peer = stream.peer_addr().ok();
        let service = TowerToHyperService::new(app.clone().map_request(
            move |mut req: axum::http::Request<hyper::body::Incoming>| {
                if let Some(peer) = peer {
                    req.extensions_mut()
                        .insert(axum::extract::ConnectInfo(peer));
                }
                req
            },
        ));
        let builder = builder.clone();
        let watcher = graceful.watcher();
        let first_byte = limits.header_read_timeout;
        tokio::spawn(async move {
            // hyper's header timer starts at the first byte: a client that sends nothing
            // gets the same deadline for its first one.
            let mut probe = [0u8; 1];
            if !matches!(
                tokio::time::timeout(first_byte, stream.peek(&mut probe)).await,
                Ok(Ok(1..))
            ) {
                drop(permit);
                return;
            }
            let conn = builder
                .serve_connection_with_upgrades(TokioIo::new(stream), service)
                .into_owned();
            if let Err(e) = watcher.watch(conn).await {
                tracing::debug!(error = %e, "connection ended with an error");
            }
            drop(permit);
        });
    }
    drop(listener);
    if tokio::time::timeout(limits.shutdown_grace, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!(grace = ?limits.shutdown_grace, "open connections did not finish in time");
    }
}

/// Waits for a free connection slot, then for a client. An accept error (e.g. too many open
/// files) is logged and answered with a short pause instead of a busy loop.
async fn accept(
    listener: &TcpListener,
    permits: &Arc<tokio::sync::Semaphore>,
) -> Option<(tokio::net::TcpStream, tokio::sync::OwnedSemaphorePermit)> {
    let permit = permits.clone().acquire_owned().await.ok()?;
    match listener.accept().await {
        Ok((stream, _)) => {
            let _ = stream.set_nodelay(true);
            Some((stream, permit))
        }
        Err(e) => {
            tracing::warn!(error = %e, "accept failed");
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            None
        }
    }
}
