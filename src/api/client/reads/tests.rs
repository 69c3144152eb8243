//! The JSON reads as the platform sees them: their headers and address, their caps, their
//! timeout and the platform's failures, each mapped to the error a page shows.

use std::time::Duration;

use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use wiremock::matchers::{header, method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::api::ApiError;
use crate::api::client::MAX_JSON_BYTES;
use crate::api::client::tests::{client_at, client_for};
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

/// The thread keeps its last token's header: two investors' reads in turn on one thread
/// each carry their own, and a token that cannot be a header is refused before any request.
#[tokio::test]
async fn reads_in_turn_for_two_investors_each_carry_their_own_bearer() {
    let server = MockServer::start().await;
    for (token, answer) in [("tok-a", "1"), ("tok-b", "2")] {
        Mock::given(path("/x"))
            .and(header("authorization", format!("Bearer {token}").as_str()))
            .respond_with(ResponseTemplate::new(200).set_body_raw(answer, "application/json"))
            .mount(&server)
            .await;
    }
    let c = client_for(&server).await;
    for _ in 0..2 {
        for (token, want) in [("tok-a", 1), ("tok-b", 2), ("tok-b", 2), ("tok-a", 1)] {
            let got: u32 = c.get_json("/x", &(), Some(token)).await.unwrap();
            assert_eq!(got, want, "{token}");
        }
    }
    let refused = c.get_json::<u32, _>("/x", &(), Some("tok\nb")).await;
    assert!(
        matches!(refused, Err(ApiError::Unauthorized)),
        "{refused:?}"
    );
    let after: u32 = c.get_json("/x", &(), Some("tok-a")).await.unwrap();
    assert_eq!(after, 1);
    let sent = server.received_requests().await.unwrap_or_default();
    assert_eq!(sent.len(), 9, "the refused token was never sent");
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

/// The reads verify the platform's certificate: one that no root of the system vouches for
/// (self-signed here) ends the handshake before any request, token included, is sent.
#[tokio::test]
async fn a_platform_whose_certificate_nobody_vouches_for_is_never_sent_a_request() {
    use rustls_pki_types::pem::PemObject as _;
    use rustls_pki_types::{CertificateDer, PrivateKeyDer};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    let cert = CertificateDer::from_pem_slice(include_bytes!("self-signed.crt.pem")).unwrap();
    let key = PrivateKeyDer::from_pem_slice(include_bytes!("self-signed.key.pem")).unwrap();
    let provider = Arc::new(rustls::crypto::aws_lc_rs::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![cert], key)
        .unwrap();
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (tried, opened) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let (t, o) = (tried.clone(), opened.clone());
    tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            t.fetch_add(1, Ordering::SeqCst);
            if let Ok(mut tls) = acceptor.accept(tcp).await {
                o.fetch_add(1, Ordering::SeqCst);
                let mut buf = [0u8; 1024];
                let _ = tls.read(&mut buf).await;
                let _ = tls
                    .write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 1\r\n\r\n7")
                    .await;
            }
        }
    });
    let url = url::Url::parse(&format!("https://localhost:{port}")).unwrap();
    let c = client_at(&url, 2, Duration::from_secs(5));
    let r = c.get_json::<u32, _>("/x", &(), Some("segredo")).await;
    assert!(matches!(r, Err(ApiError::Unavailable(_))), "{r:?}");
    assert_eq!(
        tried.load(Ordering::SeqCst),
        1,
        "the client did reach the platform"
    );
    assert_eq!(
        opened.load(Ordering::SeqCst),
        0,
        "a handshake was completed"
    );
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
