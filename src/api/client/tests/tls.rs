//! The platform over TLS, as the one client meets it: HTTP/1.1 or HTTP/2 as the platform
//! chooses by ALPN, and a certificate checked before any request (token included) is sent.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use hyper_util::rt::{TokioExecutor, TokioIo};
use rustls_pki_types::pem::PemObject as _;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls;

use super::client_with;
use crate::api::{ApiError, PlatformClient};

/// The authority that signed the platform's certificate: no system trusts it.
const AUTHORITY: &[u8] = include_bytes!("authority.crt.pem");

/// What the platform saw of a request: its HTTP version and its `Authorization`.
type Seen = (http::Version, Option<String>);

/// A TLS platform on `localhost` offering `alpn`, answering `7` to every GET: what it saw of
/// each request (HTTP version, `Authorization`) and how many connections reached it and
/// completed the handshake.
struct TlsPlatform {
    url: url::Url,
    seen: Arc<Mutex<Vec<Seen>>>,
    tried: Arc<AtomicUsize>,
    opened: Arc<AtomicUsize>,
}

async fn tls_platform(alpn: &[&[u8]]) -> TlsPlatform {
    let cert = CertificateDer::from_pem_slice(include_bytes!("platform.crt.pem")).unwrap();
    let key = PrivateKeyDer::from_pem_slice(include_bytes!("platform.key.pem")).unwrap();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![cert], key)
        .unwrap();
    config.alpn_protocols = alpn.iter().map(|p| p.to_vec()).collect();
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let platform = TlsPlatform {
        url: url::Url::parse(&format!("https://localhost:{port}")).unwrap(),
        seen: Arc::default(),
        tried: Arc::default(),
        opened: Arc::default(),
    };
    let (seen, tried, opened) = (
        platform.seen.clone(),
        platform.tried.clone(),
        platform.opened.clone(),
    );
    tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            tried.fetch_add(1, Ordering::SeqCst);
            let (acceptor, seen, opened) = (acceptor.clone(), seen.clone(), opened.clone());
            tokio::spawn(async move {
                let Ok(tls) = acceptor.accept(tcp).await else {
                    return;
                };
                opened.fetch_add(1, Ordering::SeqCst);
                let service =
                    hyper::service::service_fn(move |req: http::Request<hyper::body::Incoming>| {
                        let bearer = req
                            .headers()
                            .get(http::header::AUTHORIZATION)
                            .and_then(|v| v.to_str().ok())
                            .map(str::to_owned);
                        seen.lock().unwrap().push((req.version(), bearer));
                        async {
                            Ok::<_, std::convert::Infallible>(http::Response::new("7".to_owned()))
                        }
                    });
                let _ = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new())
                    .serve_connection(TokioIo::new(tls), service)
                    .await;
            });
        }
    });
    platform
}

fn trusting_client(url: &url::Url) -> PlatformClient {
    let authority = reqwest::Certificate::from_pem(AUTHORITY).unwrap();
    client_with(url, 4, Duration::from_secs(5), vec![authority])
}

/// Reads and the other calls alike, over TLS in the version `alpn` leaves the client.
async fn every_call_speaks(alpn: &[&[u8]], version: http::Version) {
    let p = tls_platform(alpn).await;
    let c = trusting_client(&p.url);
    for _ in 0..2 {
        let read: u32 = c.get_json("/x", &(), Some("tok")).await.unwrap();
        assert_eq!(read, 7);
    }
    let other: u32 = c
        .json(c.api(reqwest::Method::GET, "/y", None))
        .await
        .unwrap();
    assert_eq!(other, 7);
    let seen = p.seen.lock().unwrap().clone();
    assert_eq!(
        seen,
        vec![
            (version, Some("Bearer tok".to_owned())),
            (version, Some("Bearer tok".to_owned())),
            (version, None),
        ]
    );
    // One pool: the three calls went on one connection.
    assert_eq!(p.opened.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn a_platform_that_speaks_http1_over_tls_is_read() {
    every_call_speaks(&[b"http/1.1"], http::Version::HTTP_11).await;
}

#[tokio::test]
async fn a_platform_that_chooses_http2_carries_every_call_on_it() {
    every_call_speaks(&[b"h2", b"http/1.1"], http::Version::HTTP_2).await;
}

/// Without its authority among the trusted roots, the platform's certificate ends the
/// handshake before any request, token included, is sent.
#[tokio::test]
async fn a_platform_whose_certificate_nobody_vouches_for_is_never_sent_a_request() {
    let p = tls_platform(&[b"h2", b"http/1.1"]).await;
    let c = super::client_at(&p.url, 2, Duration::from_secs(5));
    let r = c.get_json::<u32, _>("/x", &(), Some("segredo")).await;
    assert!(matches!(r, Err(ApiError::Unavailable(_))), "{r:?}");
    let r = c.json::<u32>(c.api(reqwest::Method::GET, "/x", None)).await;
    assert!(matches!(r, Err(ApiError::Unavailable(_))), "{r:?}");
    assert!(
        p.tried.load(Ordering::SeqCst) >= 1,
        "the platform was reached"
    );
    assert_eq!(p.opened.load(Ordering::SeqCst), 0, "a handshake completed");
    assert!(p.seen.lock().unwrap().is_empty());
}
