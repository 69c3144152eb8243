//! The accept loop (`startup::serve`) deals client connections to threads with a runtime
//! of their own, in turn: each connection, and every request on it, stays on one thread;
//! with no such thread the caller's runtime serves; a request in flight on a connection
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
