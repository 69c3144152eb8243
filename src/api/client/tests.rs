use super::*;
use wiremock::matchers::path;
use wiremock::{Mock, MockServer, ResponseTemplate};

mod reads;
mod tls;

/// A client of the platform at `url`, with `pool` places and `request_timeout`.
pub(super) fn client_at(url: &url::Url, pool: usize, request_timeout: Duration) -> PlatformClient {
    client_with(url, pool, request_timeout, Vec::new())
}

/// [`client_at`], also trusting `extra_roots`.
fn client_with(
    url: &url::Url,
    pool: usize,
    request_timeout: Duration,
    extra_roots: Vec<reqwest::Certificate>,
) -> PlatformClient {
    PlatformClient::new(ClientConfig {
        api_url: url.clone(),
        auth_url: url.clone(),
        client_id: "t".into(),
        origin: "http://localhost".into(),
        connect_timeout: Duration::from_secs(2),
        request_timeout,
        micro_cache: Duration::ZERO,
        pool,
        extra_roots,
    })
    .unwrap()
}

pub(super) async fn client_for(server: &MockServer) -> PlatformClient {
    client_at(
        &url::Url::parse(&server.uri()).unwrap(),
        4,
        Duration::from_secs(10),
    )
}

async fn serving(body: Vec<u8>, content_type: &str) -> MockServer {
    let server = MockServer::start().await;
    Mock::given(path("/x"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(body, content_type))
        .mount(&server)
        .await;
    server
}

#[tokio::test]
async fn a_json_answer_over_its_cap_is_an_api_error() {
    let mut body = b"\"".to_vec();
    body.resize(MAX_JSON_BYTES + 1, b'a');
    let server = serving(body, "application/json").await;
    let c = client_for(&server).await;
    let r: Result<String, _> = c.json(c.api(Method::GET, "/x", None)).await;
    assert!(matches!(r, Err(ApiError::Unavailable(m)) if m.contains("maior")));
}

#[tokio::test]
async fn a_file_over_its_cap_is_an_api_error_and_one_under_it_arrives() {
    let server = serving(vec![0; MAX_BLOB_BYTES + 1], "application/pdf").await;
    let c = client_for(&server).await;
    let r = c.blob(c.api(Method::GET, "/x", None)).await;
    assert!(matches!(r, Err(ApiError::Unavailable(m)) if m.contains("maior")));

    let server = serving(vec![0; MAX_JSON_BYTES + 1], "application/pdf").await;
    let c = client_for(&server).await;
    let blob = c.blob(c.api(Method::GET, "/x", None)).await.unwrap();
    assert_eq!(blob.bytes.len(), MAX_JSON_BYTES + 1);
}

/// A platform that counts the calls and connections it holds at once, answering each call
/// after a short wait over keep-alive HTTP/1.1.
struct Counting {
    url: url::Url,
    max_in_flight: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    connections: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

async fn counting_platform() -> Counting {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = url::Url::parse(&format!("http://{}", listener.local_addr().unwrap())).unwrap();
    let in_flight = Arc::new(AtomicUsize::new(0));
    let max_in_flight = Arc::new(AtomicUsize::new(0));
    let connections = Arc::new(AtomicUsize::new(0));
    let (now, max, conns) = (in_flight, max_in_flight.clone(), connections.clone());
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            conns.fetch_add(1, Ordering::SeqCst);
            let (now, max) = (now.clone(), max.clone());
            tokio::spawn(async move {
                let mut seen = Vec::new();
                let mut buf = [0u8; 1024];
                while let Ok(n) = socket.read(&mut buf).await {
                    if n == 0 {
                        return;
                    }
                    seen.extend_from_slice(&buf[..n]);
                    while let Some(end) = seen.windows(4).position(|w| w == b"\r\n\r\n") {
                        seen.drain(..end + 4);
                        let held = now.fetch_add(1, Ordering::SeqCst) + 1;
                        max.fetch_max(held, Ordering::SeqCst);
                        tokio::time::sleep(Duration::from_millis(20)).await;
                        now.fetch_sub(1, Ordering::SeqCst);
                        let answer = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n42";
                        if socket.write_all(answer.as_bytes()).await.is_err() {
                            return;
                        }
                    }
                }
            });
        }
    });
    Counting {
        url,
        max_in_flight,
        connections,
    }
}

/// Sends 24 calls at once through `call` on a client with 3 places in its pool: all must
/// succeed, never more than 3 held at once nor more than 3 connections opened.
async fn a_burst_keeps_to_three_places<F, Fut>(call: F)
where
    F: Fn(PlatformClient) -> Fut,
    Fut: std::future::Future<Output = Result<u32, ApiError>>,
{
    use std::sync::atomic::Ordering;
    let platform = counting_platform().await;
    let c = client_at(&platform.url, 3, Duration::from_secs(10));
    let answers = futures::future::join_all((0..24).map(|_| call(c.clone()))).await;
    assert!(answers.iter().all(|a| matches!(a, Ok(42))), "{answers:?}");
    let max = platform.max_in_flight.load(Ordering::SeqCst);
    assert!((1..=3).contains(&max), "{max} calls in flight at once");
    let conns = platform.connections.load(Ordering::SeqCst);
    assert!(conns <= 3, "{conns} connections opened");
}

/// A burst of calls never holds more than the pool's places at once, nor opens more
/// connections than that: the rest wait their turn and all succeed.
#[tokio::test]
async fn a_burst_of_calls_waits_for_a_place_in_the_pool() {
    a_burst_keeps_to_three_places(|c| async move {
        c.json::<u32>(c.api(Method::GET, "/x", None)).await
    })
    .await;
}

/// The same for the JSON reads.
#[tokio::test]
async fn a_burst_of_reads_waits_for_a_place_in_the_pool() {
    a_burst_keeps_to_three_places(
        |c| async move { c.get_json::<u32, _>("/x", &(), Some("t")).await },
    )
    .await;
}

/// A call that finds no place within the request timeout is an error the page shows,
/// never a wait without end.
#[tokio::test]
async fn no_place_within_the_request_timeout_is_an_unavailable_platform() {
    let platform = counting_platform().await;
    let c = client_at(&platform.url, 1, Duration::from_millis(30));
    let _held = c.slot().await.unwrap();
    let r = c.json::<u32>(c.api(Method::GET, "/x", None)).await;
    assert!(matches!(r, Err(ApiError::Unavailable(_))), "{r:?}");
}

/// A connection idle for a moment is reused; one idle for longer than a server may keep it
/// (the sandbox closes one after its 10 s header-read timeout) is never written on again: a
/// call then opens a new one instead of racing the server's close.
#[tokio::test]
async fn a_connection_idle_past_the_pool_timeout_is_not_reused() {
    use std::sync::atomic::Ordering;
    let platform = counting_platform().await;
    let c = client_at(&platform.url, 2, Duration::from_secs(10));
    let call = || c.json::<u32>(c.api(Method::GET, "/x", None));
    assert!(matches!(call().await, Ok(42)));
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(matches!(call().await, Ok(42)));
    assert_eq!(platform.connections.load(Ordering::SeqCst), 1, "reused");
    tokio::time::sleep(Duration::from_secs(5)).await;
    assert!(matches!(call().await, Ok(42)));
    assert_eq!(
        platform.connections.load(Ordering::SeqCst),
        2,
        "a new connection"
    );
}
