//! The accept loop (`startup::serve`): connections past the cap wait until one closes, and
//! a request in flight still finishes when shutdown starts.

use colheita::startup::{self, ServeLimits};
use std::time::Duration;
use tokio::net::TcpListener;

fn limits(max_connections: usize) -> ServeLimits {
    ServeLimits {
        header_read_timeout: Duration::from_secs(5),
        max_connections,
        shutdown_grace: Duration::from_secs(5),
    }
}

/// A router whose one page answers "pronto" after `pause`.
fn slow_page(pause: Duration) -> axum::Router {
    axum::Router::new().route(
        "/",
        axum::routing::get(move || async move {
            tokio::time::sleep(pause).await;
            "pronto"
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

/// A GET of `/` on a connection of its own, kept open: the client, and its answer
/// within `wait` (`None` when none came).
async fn get_on_own_connection(url: &str, wait: Duration) -> (reqwest::Client, Option<String>) {
    let client = crate::support::http();
    let answer = tokio::time::timeout(wait, async {
        client.get(url).send().await.unwrap().text().await.unwrap()
    })
    .await
    .ok();
    (client, answer)
}

#[tokio::test]
async fn a_connection_past_the_cap_waits_until_one_closes() {
    let (url, _stop, _task) = start(slow_page(Duration::ZERO), limits(1)).await;
    let (first, answer) = get_on_own_connection(&url, Duration::from_secs(5)).await;
    assert_eq!(answer.as_deref(), Some("pronto"));
    // The first client keeps its connection alive: the only slot is taken.
    let second = tokio::spawn({
        let url = url.clone();
        async move { get_on_own_connection(&url, Duration::from_secs(10)).await.1 }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        !second.is_finished(),
        "a second connection was served at once"
    );
    drop(first);
    assert_eq!(second.await.unwrap().as_deref(), Some("pronto"));
}

#[tokio::test]
async fn a_request_in_flight_finishes_at_shutdown() {
    let (url, stop, task) = start(slow_page(Duration::from_millis(400)), limits(64)).await;
    let slow = tokio::spawn({
        let url = url.clone();
        async move {
            crate::support::http()
                .get(&url)
                .send()
                .await
                .unwrap()
                .text()
                .await
                .unwrap()
        }
    });
    // The request is being served, sleeping, when shutdown starts.
    tokio::time::sleep(Duration::from_millis(150)).await;
    stop.send(()).unwrap();
    assert_eq!(slow.await.unwrap(), "pronto");
    tokio::time::timeout(Duration::from_secs(5), task)
        .await
        .expect("serve ends once the last request is answered")
        .unwrap();
    assert!(
        crate::support::http().get(&url).send().await.is_err(),
        "the listener is closed after shutdown"
    );
}
