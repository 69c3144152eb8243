//! The accept loop (`startup::serve`) deals client connections to threads with a runtime
//! of their own, in turn: each connection, and every request on it, stays on one thread;
//! with no such thread the caller's runtime serves; a connection's socket is watched by its
//! own thread's runtime, not by the accepting one; a request in flight on a connection
//! thread still finishes when shutdown starts.

use colheita::startup::{self, ServeLimits};
use std::time::Duration;
use tokio::net::TcpListener;

fn limits(connection_threads: usize) -> ServeLimits {
    ServeLimits {
        header_read_timeout: Duration::from_secs(5),
        max_connections: 64,
        shutdown_grace: Duration::from_secs(5),
        connection_threads,
    }
}

/// A router whose one page names the thread that served it, after `pause`.
fn thread_namer(pause: Duration) -> axum::Router {
    axum::Router::new().route(
        "/",
        axum::routing::get(move || async move {
            tokio::time::sleep(pause).await;
            std::thread::current().name().unwrap_or_default().to_owned()
        }),
    )
}

/// Serves `app` until the returned sender is used (or dropped); answers the URL and the
/// serving task.
async fn start(
    app: axum::Router,
    limits: ServeLimits,
) -> (
    String,
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<()>,
) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(startup::serve(listener, app, limits, async {
        let _ = stopped.await;
    }));
    (url, stop, task)
}

/// One connection of its own (no pooling), asking for the page `times` times.
async fn threads_of_one_connection(url: &str, times: usize) -> Vec<String> {
    let client = reqwest::Client::new();
    let mut names = Vec::new();
    for _ in 0..times {
        let resp = client.get(url).send().await.unwrap();
        assert_eq!(resp.status(), 200);
        names.push(resp.text().await.unwrap());
    }
    names
}

#[tokio::test]
async fn connections_are_dealt_to_the_connection_threads_in_turn_and_stay_there() {
    let (url, _stop, _task) = start(thread_namer(Duration::ZERO), limits(2)).await;
    let mut seen = Vec::new();
    for _ in 0..4 {
        let names = threads_of_one_connection(&url, 3).await;
        assert!(
            names.iter().all(|n| n == &names[0]),
            "one connection, one thread: {names:?}"
        );
        seen.push(names[0].clone());
    }
    for name in &seen {
        assert!(
            name == "colheita-conn-0" || name == "colheita-conn-1",
            "{seen:?}"
        );
    }
    assert_ne!(seen[0], seen[1], "in turn: {seen:?}");
    assert_eq!(seen[0], seen[2], "in turn: {seen:?}");
    assert_eq!(seen[1], seen[3], "in turn: {seen:?}");
}

#[tokio::test]
async fn with_no_connection_thread_the_callers_runtime_serves() {
    let (url, _stop, _task) = start(thread_namer(Duration::ZERO), limits(0)).await;
    let names = threads_of_one_connection(&url, 2).await;
    assert!(
        names.iter().all(|n| !n.starts_with("colheita-conn")),
        "{names:?}"
    );
}

#[tokio::test]
async fn a_request_in_flight_on_a_connection_thread_finishes_at_shutdown() {
    let (url, stop, task) = start(thread_namer(Duration::from_millis(400)), limits(2)).await;
    let slow = tokio::spawn({
        let url = url.clone();
        async move { reqwest::get(&url).await.unwrap().text().await.unwrap() }
    });
    // The request is on its thread, sleeping, when shutdown starts.
    tokio::time::sleep(Duration::from_millis(150)).await;
    stop.send(()).unwrap();
    let name = slow.await.unwrap();
    assert!(name.starts_with("colheita-conn-"), "{name}");
    tokio::time::timeout(Duration::from_secs(5), task)
        .await
        .expect("serve ends once the last request is answered")
        .unwrap();
    assert!(
        reqwest::get(&url).await.is_err(),
        "the listener is closed after shutdown"
    );
}

/// One GET of `/` on `stream` (kept alive), answering the body: a client with blocking
/// sockets, so that it runs whatever the test's runtime is doing.
fn get_on(stream: &mut std::net::TcpStream) -> std::io::Result<String> {
    use std::io::{Read as _, Write as _};
    stream.write_all(b"GET / HTTP/1.1\r\nHost: test\r\n\r\n")?;
    let mut answer = Vec::new();
    let mut buf = [0u8; 1024];
    loop {
        let n = stream.read(&mut buf)?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        answer.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&answer).into_owned();
        let Some((head, body)) = text.split_once("\r\n\r\n") else {
            continue;
        };
        let length: usize = head
            .lines()
            .find_map(|l| {
                l.to_ascii_lowercase()
                    .strip_prefix("content-length: ")
                    .map(str::to_owned)
            })
            .and_then(|v| v.trim().parse().ok())
            .expect("a content-length");
        if body.len() >= length {
            return Ok(body[..length].to_owned());
        }
    }
}

#[tokio::test]
async fn a_connection_is_served_while_the_accepting_runtime_is_blocked() {
    // The test's runtime (one thread) accepts; the connection then lives on its thread.
    let (url, _stop, _task) = start(thread_namer(Duration::ZERO), limits(1)).await;
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_owned();
    let (first_answered, first) = tokio::sync::oneshot::channel::<()>();
    let client = std::thread::spawn(move || {
        let mut stream = std::net::TcpStream::connect(&addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(3)))
            .unwrap();
        let one = get_on(&mut stream).unwrap();
        first_answered.send(()).unwrap();
        // By now the accepting runtime is blocked (below): only the connection's own
        // thread can see this request arrive.
        std::thread::sleep(Duration::from_millis(100));
        (one, get_on(&mut stream))
    });
    first.await.unwrap();
    // Blocks this runtime's only thread, its poller included, until the client is done.
    let (one, two) = client.join().unwrap();
    assert_eq!(one, "colheita-conn-0");
    assert_eq!(
        two.expect("the second request is answered while the accepting runtime is blocked"),
        "colheita-conn-0"
    );
}
