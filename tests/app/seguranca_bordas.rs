//! Trust at the edges: values from the address bar or the platform that must not move a
//! request elsewhere, and the checks around the session's edges.

use colheita::web::routes;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use wiremock::MockServer;

use crate::support::*;

/// `/investir/%2e%2e` once made the client ask for `/v1/captacoes/` (the list): a dot
/// segment names no offering and never reaches the platform.
#[tokio::test]
async fn a_dot_segment_as_an_offering_is_a_404_without_asking_the_platform() {
    let server = MockServer::start().await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    for p in [
        "/investir/%2e%2e",
        "/investir/%2E",
        "/investir/%2e%2e/simular",
        "/investir/%2e%2e/documento",
    ] {
        assert_eq!(raw_get_status(&app, p).await, 404, "{p}");
    }
    let asked = server.received_requests().await.unwrap_or_default();
    assert!(
        asked
            .iter()
            .all(|r| !r.url.path().starts_with("/v1/captacoes")),
        "{:?}",
        asked
            .iter()
            .map(|r| r.url.path().to_owned())
            .collect::<Vec<_>>()
    );
    assert_eq!(routes::captacao(".."), routes::INVESTIR);
}

/// The status of a GET sent with its path exactly as written: an HTTP client library
/// would resolve `%2e%2e` as a browser does before sending.
async fn raw_get_status(app: &TestApp, path: &str) -> u16 {
    let host = app.web_url.trim_start_matches("http://");
    let mut tcp = TcpStream::connect(host).await.unwrap();
    let head = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    tcp.write_all(head.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tcp.read_to_end(&mut answer).await.unwrap();
    let line = String::from_utf8_lossy(&answer);
    line.split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}
