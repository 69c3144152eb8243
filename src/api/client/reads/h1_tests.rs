//! The reads' own HTTP/1.1 connections as the platform sees them: reused while open, never
//! reused once closed, a read repeated once when an idle connection was closed under it, and
//! the request line and `Host` a server expects.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

use crate::api::ApiError;
use crate::api::client::tests::client_at;

/// What the platform does with one request: `connection` counts from 0 in accept order,
/// `request` from 0 on that connection.
#[derive(Clone, Copy)]
enum Then {
    /// Answers `42` and keeps the connection.
    Answer,
    /// Answers `42` with `Connection: close`, then closes.
    AnswerAndClose,
    /// Closes without a word (as a server whose keep-alive ran out just then).
    Hang,
}

/// A raw platform: each request head it reads is recorded, and `then` says what to do.
struct Platform {
    url: url::Url,
    heads: Arc<Mutex<Vec<(usize, String)>>>,
}

async fn platform(then: impl Fn(usize, usize) -> Then + Send + Sync + 'static) -> Platform {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = url::Url::parse(&format!("http://{}/api", listener.local_addr().unwrap())).unwrap();
    let heads = Arc::new(Mutex::new(Vec::new()));
    let (seen, then) = (heads.clone(), Arc::new(then));
    tokio::spawn(async move {
        let mut connection = 0;
        while let Ok((mut socket, _)) = listener.accept().await {
            let (seen, then) = (seen.clone(), then.clone());
            tokio::spawn(async move {
                let mut buf = Vec::new();
                let mut chunk = [0u8; 4096];
                for request in 0.. {
                    let end = loop {
                        if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                            break end;
                        }
                        match socket.read(&mut chunk).await {
                            Ok(0) | Err(_) => return,
                            Ok(n) => buf.extend_from_slice(&chunk[..n]),
                        }
                    };
                    let head = String::from_utf8_lossy(&buf[..end]).into_owned();
                    buf.drain(..end + 4);
                    seen.lock().unwrap().push((connection, head));
                    let answer: &[u8] = match then(connection, request) {
                        Then::Answer => b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n42",
                        Then::AnswerAndClose => {
                            b"HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-length: 2\r\n\r\n42"
                        }
                        Then::Hang => return,
                    };
                    if socket.write_all(answer).await.is_err() {
                        return;
                    }
                    if matches!(then(connection, request), Then::AnswerAndClose) {
                        return;
                    }
                }
            });
            connection += 1;
        }
    });
    Platform { url, heads }
}

impl Platform {
    fn connections(&self) -> Vec<usize> {
        self.heads.lock().unwrap().iter().map(|(c, _)| *c).collect()
    }
}

async fn read(c: &crate::api::PlatformClient) -> Result<u32, ApiError> {
    c.get_json::<u32, _>("/v1/x", &[("a", "1")], Some("tok"))
        .await
}

#[tokio::test]
async fn sequential_reads_share_one_connection_with_an_origin_form_request_line() {
    let p = platform(|_, _| Then::Answer).await;
    let c = client_at(&p.url, 4, Duration::from_secs(5));
    for _ in 0..3 {
        assert_eq!(read(&c).await.unwrap(), 42);
    }
    assert_eq!(p.connections(), vec![0, 0, 0]);
    let heads = p.heads.lock().unwrap();
    let head = &heads[0].1;
    assert!(head.starts_with("GET /api/v1/x?a=1 HTTP/1.1\r\n"), "{head}");
    let host = format!("host: {}", p.url.authority());
    assert!(head.to_lowercase().contains(&host), "{head}");
    assert!(head.contains("Bearer tok"), "{head}");
}

#[tokio::test]
async fn a_connection_the_platform_closes_is_never_used_again() {
    let p = platform(|_, _| Then::AnswerAndClose).await;
    let c = client_at(&p.url, 4, Duration::from_secs(5));
    for _ in 0..3 {
        assert_eq!(read(&c).await.unwrap(), 42);
    }
    assert_eq!(p.connections(), vec![0, 1, 2]);
}

#[tokio::test]
async fn an_idle_connection_closed_under_a_read_sends_it_again_once_on_a_new_one() {
    // The first connection answers once, then hangs up on the next request: the read that
    // met it goes again on a new connection, and the page never sees the failure.
    let p = platform(|connection, request| match (connection, request) {
        (0, 1) => Then::Hang,
        _ => Then::Answer,
    })
    .await;
    let c = client_at(&p.url, 4, Duration::from_secs(5));
    assert_eq!(read(&c).await.unwrap(), 42);
    assert_eq!(read(&c).await.unwrap(), 42);
    assert_eq!(p.connections(), vec![0, 0, 1]);
}

#[tokio::test]
async fn a_new_connection_that_hangs_up_is_a_failure_not_a_second_try() {
    let p = platform(|_, _| Then::Hang).await;
    let c = client_at(&p.url, 4, Duration::from_secs(5));
    let r = read(&c).await;
    assert!(
        matches!(&r, Err(ApiError::Unavailable(m)) if m.contains("requisição")),
        "{r:?}"
    );
    assert_eq!(p.connections(), vec![0]);
}
