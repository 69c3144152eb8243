//! The JSON reads as the platform sees them: their headers and address, their caps, their
//! timeout and the platform's failures, each mapped to the error a page shows.

use std::time::Duration;

use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use wiremock::matchers::{header, method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

use super::{client_at, client_for};
use crate::api::ApiError;
use crate::api::client::MAX_JSON_BYTES;
use crate::api::request_id::RequestId;

#[derive(serde::Serialize)]
struct Query {
    pagina: u32,
    busca: &'static str,
}

#[tokio::test]
async fn a_read_carries_the_platform_headers_the_bearer_the_request_id_and_the_query() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/pendentes"))
        .and(header("origin", "http://localhost"))
        .and(header("x-plataforma", "web"))
        .and(header("accept", "application/json"))
        .and(header("authorization", "Bearer tok-1"))
        .and(header("x-request-id", "req-77"))
        .and(query_param("pagina", "2"))
        .and(query_param("busca", "café & soja"))
        .respond_with(ResponseTemplate::new(200).set_body_raw("[1,2]", "application/json"))
        .expect(1)
        .mount(&server)
        .await;
    let c = client_for(&server).await;
    let id = RequestId::from_header(Some("req-77")).unwrap();
    let q = Query {
        pagina: 2,
        busca: "café & soja",
    };
    let answer: Vec<u32> = id
        .scope(c.get_json("/v1/reservas/pendentes", &q, Some("tok-1")))
        .await
        .unwrap();
    assert_eq!(answer, vec![1, 2]);
}

#[tokio::test]
async fn a_read_without_a_token_sends_no_authorization() {
    let server = MockServer::start().await;
    Mock::given(path("/x"))
        .and(header("authorization", "Bearer tok"))
        .respond_with(ResponseTemplate::new(500))
        .mount(&server)
        .await;
    Mock::given(path("/x"))
        .respond_with(ResponseTemplate::new(200).set_body_raw("7", "application/json"))
        .mount(&server)
        .await;
    let c = client_for(&server).await;
    assert_eq!(c.get_json::<u32, _>("/x", &(), None).await.unwrap(), 7);
}

#[tokio::test]
async fn the_platform_s_failures_keep_their_meaning() {
    let server = MockServer::start().await;
    Mock::given(path("/sessao"))
        .respond_with(ResponseTemplate::new(401))
        .mount(&server)
        .await;
    Mock::given(path("/nada"))
        .respond_with(ResponseTemplate::new(404).set_body_raw(
            r#"{"mensagem":"Reserva não encontrada"}"#,
            "application/json",
        ))
        .mount(&server)
        .await;
    Mock::given(path("/torto"))
        .respond_with(ResponseTemplate::new(200).set_body_raw("{\"a\":", "application/json"))
        .mount(&server)
        .await;
    Mock::given(path("/fora"))
        .respond_with(
            ResponseTemplate::new(503)
                .set_body_raw(r#"{"mensagem":"Em manutenção"}"#, "application/json"),
        )
        .mount(&server)
        .await;
    Mock::given(path("/vazio"))
        .respond_with(ResponseTemplate::new(200))
        .mount(&server)
        .await;
    let c = client_for(&server).await;
    let r = c.get_json::<u32, _>("/sessao", &(), Some("t")).await;
    assert!(matches!(r, Err(ApiError::Unauthorized)), "{r:?}");
    let r = c.get_json::<u32, _>("/nada", &(), Some("t")).await;
    assert!(
        matches!(&r, Err(ApiError::NotFound { message }) if message == "Reserva não encontrada"),
        "{r:?}"
    );
    let r = c.get_json::<u32, _>("/fora", &(), Some("t")).await;
    assert!(
        matches!(&r, Err(e @ ApiError::Unavailable(_)) if e.user_message() == crate::api::GENERIC_ERROR),
        "{r:?}"
    );
    for unreadable in ["/torto", "/vazio"] {
        let r = c.get_json::<u32, _>(unreadable, &(), Some("t")).await;
        assert!(
            matches!(r, Err(ApiError::Unavailable(_))),
            "{unreadable}: {r:?}"
        );
    }
}

/// JSON is UTF-8: a body that is not is unreadable, even where the bad bytes sit in a field
/// the page skips unread, and the error names where it broke, never the bytes.
#[tokio::test]
async fn a_body_that_is_not_utf8_is_unreadable_wherever_the_bytes_sit() {
    #[derive(serde::Deserialize, Debug)]
    struct Slim {
        #[allow(dead_code)]
        a: u32,
    }
    let server = MockServer::start().await;
    Mock::given(path("/latin1"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(
            b"{\"a\":1,\"nome\":\"S\xe3o Jos\xe9\"}".to_vec(),
            "application/json",
        ))
        .mount(&server)
        .await;
    Mock::given(path("/utf8"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(
            "{\"a\":1,\"nome\":\"São José\"}".as_bytes().to_vec(),
            "application/json",
        ))
        .mount(&server)
        .await;
    let c = client_for(&server).await;
    let r = c.get_json::<Slim, _>("/latin1", &(), Some("t")).await;
    assert!(
        matches!(&r, Err(ApiError::Unavailable(m)) if m.contains("UTF-8") && m.contains("byte 16") && !m.contains("Jos")),
        "{r:?}"
    );
    let r = c.get_json::<Slim, _>("/utf8", &(), Some("t")).await;
    assert!(r.is_ok(), "{r:?}");
}

#[tokio::test]
async fn a_read_over_its_cap_is_an_api_error_whether_announced_or_streamed() {
    let mut body = b"\"".to_vec();
    body.resize(MAX_JSON_BYTES + 1, b'a');
    let server = MockServer::start().await;
    Mock::given(path("/x"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(body, "application/json"))
        .mount(&server)
        .await;
    let c = client_for(&server).await;
    let r = c.get_json::<String, _>("/x", &(), None).await;
    assert!(
        matches!(&r, Err(ApiError::Unavailable(m)) if m.contains("maior")),
        "{r:?}"
    );

    // Chunked, with no length announced: the cap stops the read as the bytes arrive.
    let url = raw_platform(|mut socket| async move {
        let head = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n";
        socket.write_all(head.as_bytes()).await?;
        let chunk = vec![b'a'; 64 * 1024];
        for _ in 0..(MAX_JSON_BYTES / chunk.len() + 2) {
            socket.write_all(format!("{:x}\r\n", chunk.len()).as_bytes()).await?;
            socket.write_all(&chunk).await?;
            socket.write_all(b"\r\n").await?;
        }
        socket.write_all(b"0\r\n\r\n").await
    })
    .await;
    let c = client_at(&url, 2, Duration::from_secs(10));
    let r = c.get_json::<String, _>("/x", &(), None).await;
    assert!(
        matches!(&r, Err(ApiError::Unavailable(m)) if m.contains("maior")),
        "{r:?}"
    );
}

#[tokio::test]
async fn a_read_slower_than_the_request_timeout_is_an_unavailable_platform() {
    let server = MockServer::start().await;
    Mock::given(path("/x"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_raw("1", "application/json")
                .set_delay(Duration::from_secs(5)),
        )
        .mount(&server)
        .await;
    let c = client_at(
        &url::Url::parse(&server.uri()).unwrap(),
        2,
        Duration::from_millis(200),
    );
    let started = std::time::Instant::now();
    let r = c.get_json::<u32, _>("/x", &(), None).await;
    assert!(
        matches!(&r, Err(ApiError::Unavailable(m)) if m.contains("tempo")),
        "{r:?}"
    );
    assert!(started.elapsed() < Duration::from_secs(3));

    // A body that stops half-way counts towards the same timeout.
    let url = raw_platform(|mut socket| async move {
        let head =
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 10\r\n\r\n12";
        socket.write_all(head.as_bytes()).await?;
        tokio::time::sleep(Duration::from_secs(5)).await;
        Ok(())
    })
    .await;
    let c = client_at(&url, 2, Duration::from_millis(200));
    let r = c.get_json::<u32, _>("/x", &(), None).await;
    assert!(
        matches!(&r, Err(ApiError::Unavailable(m)) if m.contains("tempo")),
        "{r:?}"
    );
}

#[tokio::test]
async fn a_platform_that_refuses_or_hangs_up_is_unavailable() {
    // A port just freed: nothing listens there.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = url::Url::parse(&format!("http://{}", listener.local_addr().unwrap())).unwrap();
    drop(listener);
    let c = client_at(&url, 2, Duration::from_secs(5));
    let r = c.get_json::<u32, _>("/x", &(), None).await;
    assert!(
        matches!(&r, Err(ApiError::Unavailable(m)) if m.contains("conexão")),
        "{r:?}"
    );

    let url = raw_platform(|mut socket| async move {
        socket
            .write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n12")
            .await
    })
    .await;
    let c = client_at(&url, 2, Duration::from_secs(5));
    let r = c.get_json::<u32, _>("/x", &(), None).await;
    assert!(matches!(&r, Err(ApiError::Unavailable(_))), "{r:?}");
}

/// A platform on a raw socket that reads each connection's first request head, answers it
/// with `answer`, then hangs up.
async fn raw_platform<F, Fut>(answer: F) -> url::Url
where
    F: Fn(tokio::net::TcpStream) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = std::io::Result<()>> + Send + 'static,
{
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = url::Url::parse(&format!("http://{}", listener.local_addr().unwrap())).unwrap();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let mut head = Vec::new();
            let mut buf = [0u8; 1024];
            while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                match socket.read(&mut buf).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => head.extend_from_slice(&buf[..n]),
                }
            }
            drop(tokio::spawn(answer(socket)));
        }
    });
    url
}
