//! The platform's JSON reads (`GET`), sent on hyper-util's connection pool directly.
//!
//! Every page asks the platform for two to four JSON answers, and on a logged-in page the
//! platform client was the largest part of the web tier's own CPU after the kernel's. Most of
//! that was reqwest's work around hyper, not hyper's: parsing the URL again on every call
//! (host and all, through IDNA), then turning it back into a `Uri`, building the header map
//! one header at a time, cloning its connector and wrapping the call in its redirect and retry
//! policies, none of which a read of ours uses. Here the base address is parsed once, a call
//! only appends its path and query, and the fixed headers are built once.
//!
//! TLS is rustls with the platform's own root store, as reqwest's; ALPN offers HTTP/2 and
//! HTTP/1.1 and the platform's choice is used. Writes, forms, uploads and files stay on
//! reqwest (`client.rs`), which encodes them.

use std::time::{Duration, Instant};

use bytes::Bytes;
use http::header::{self, HeaderMap, HeaderValue};
use http_body_util::{BodyExt as _, Empty, Limited};
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::{TokioExecutor, TokioTimer};
use reqwest::Method;
use rustls_platform_verifier::BuilderVerifierExt as _;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Call, ClientConfig, MAX_JSON_BYTES, PLATFORM_HEADER, PlatformClient};
use crate::api::error::ApiError;
use crate::api::request_id::{self, RequestId};
use crate::telemetry;

/// How long an idle platform connection is kept.
const IDLE_TIMEOUT: Duration = Duration::from_secs(30);

impl PlatformClient {
    /// A GET of JSON: the investor's own when `token` is given, never kept.
    pub(crate) async fn get_json<T: DeserializeOwned, Q: Serialize + ?Sized>(
        &self,
        path: &str,
        query: &Q,
        token: Option<&str>,
    ) -> Result<T, ApiError> {
        let address = self.reads.address(path, &Self::query_string(query)?);
        let (body, _, call) = self.read(path, &address, token).await?;
        call.parsed(Self::parse(&body))
    }

    /// The investor's own JSON at `path`, read without the members named in `unread` (in any
    /// object of the answer): the parts a page never shows, cut before serde reads the rest
    /// (`cut.rs`).
    pub(crate) async fn get_json_without<T: DeserializeOwned>(
        &self,
        path: &str,
        token: &str,
        unread: &[&str],
    ) -> Result<T, ApiError> {
        let address = self.reads.address(path, "");
        let (body, _, call) = self.read(path, &address, Some(token)).await?;
        call.parsed(Self::parse(&super::cut::without_members(&body, unread)))
    }

    pub(super) fn query_string<Q: Serialize + ?Sized>(query: &Q) -> Result<String, ApiError> {
        serde_urlencoded::to_string(query)
            .map_err(|e| ApiError::Unavailable(format!("consulta inválida: {e}")))
    }

    /// Reads `address` (the API's `path` and a query) with the current request id, measuring
    /// the call: a 2xx body up to [`MAX_JSON_BYTES`] and its `Cache-Control`. A failure is
    /// measured here, a success by the caller once it knows whether the body was readable.
    pub(super) async fn read(
        &self,
        path: &str,
        address: &str,
        token: Option<&str>,
    ) -> Result<(bytes::Bytes, Option<String>, Call), ApiError> {
        let _slot = self.slot().await?;
        let call = Call {
            method: Method::GET,
            // Only metrics read the label (and a failure's log, below).
            endpoint: if telemetry::recording() {
                telemetry::endpoint_label(path)
            } else {
                String::new()
            },
            started: Instant::now(),
        };
        match self.reads.get(address, token, MAX_JSON_BYTES).await {
            Ok(answer) if (200..300).contains(&answer.status) => {
                Ok((answer.body, answer.cache_control, call))
            }
            Ok(answer) => {
                call.finish(Call::status_kind(answer.status));
                Err(ApiError::from_status(answer.status, &answer.body))
            }
            Err(failed) => {
                call.finish(failed.outcome);
                tracing::warn!(error = %failed.error, endpoint = %telemetry::endpoint_label(path), "platform call failed");
                Err(failed.error)
            }
        }
    }
}

/// What a read brings back: the status, the `Cache-Control` and the body.
pub(super) struct Answer {
    pub status: u16,
    pub cache_control: Option<String>,
    pub body: Bytes,
}

/// How a read failed before an answer was whole: the outcome label of the call's metrics,
/// and the error the page gets.
pub(super) struct Failed {
    pub outcome: &'static str,
    pub error: ApiError,
}

pub(super) struct Reads {
    /// HTTP/1.1 connections driven by the reading task (`reads/h1.rs`).
    h1: h1::H1Pool,
    /// hyper-util's pool, for a platform that chose HTTP/2.
    http: Client<HttpsConnector<HttpConnector>, Empty<Bytes>>,
    /// The API's base address without its trailing `/`: a call appends its path.
    base: String,
    /// The base's scheme and authority (`https://host:port`), where connections go.
    origin: http::Uri,
    /// The length of that origin in `base`: what follows it in an address is the request
    /// target an HTTP/1.1 request line carries.
    origin_len: usize,
    /// `Host`, as hyper-util's pool would set it.
    host: HeaderValue,
    /// `Origin`, `X-Plataforma: web`, `Accept` and `User-Agent`, the same on every read.
    fixed: HeaderMap,
    timeout: Duration,
}

impl Reads {
    pub fn new(cfg: &ClientConfig) -> Result<Self, String> {
        let provider = std::sync::Arc::new(rustls::crypto::aws_lc_rs::default_provider());
        let tls = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .and_then(|b| b.with_platform_verifier())
            .map_err(|e| format!("TLS: {e}"))?
            .with_no_client_auth();
        let mut tcp = HttpConnector::new();
        tcp.set_connect_timeout(Some(cfg.connect_timeout));
        tcp.set_nodelay(true);
        // The scheme is the TLS layer's to decide.
        tcp.enforce_http(false);
        // Plain http reaches this far only with `--insecure-http` (the configuration refuses
        // it otherwise), as for every other platform call.
        let connector = hyper_rustls::HttpsConnectorBuilder::new()
            .with_tls_config(tls)
            .https_or_http()
            .enable_http1()
            .enable_http2()
            .wrap_connector(tcp);
        let h1 = h1::H1Pool::new(connector.clone(), cfg.pool, IDLE_TIMEOUT);
        let http = Client::builder(TokioExecutor::new())
            // As many idle connections kept as calls may be in flight (the pool's places).
            .pool_max_idle_per_host(cfg.pool)
            .pool_idle_timeout(IDLE_TIMEOUT)
            .pool_timer(TokioTimer::new())
            .build(connector);
        let mut fixed = HeaderMap::with_capacity(6);
        let origin = HeaderValue::from_str(&cfg.origin).map_err(|e| format!("Origin: {e}"))?;
        fixed.insert(header::ORIGIN, origin);
        fixed.insert(PLATFORM_HEADER, HeaderValue::from_static("web"));
        fixed.insert(header::ACCEPT, HeaderValue::from_static("application/json"));
        fixed.insert(
            header::USER_AGENT,
            HeaderValue::from_static(concat!("colheita-web/", env!("CARGO_PKG_VERSION"))),
        );
        let base = cfg.api_url.as_str().trim_end_matches('/').to_owned();
        let host_port = match cfg.api_url.port() {
            Some(port) => format!("{}:{port}", cfg.api_url.host_str().unwrap_or_default()),
            None => cfg.api_url.host_str().unwrap_or_default().to_owned(),
        };
        let origin_text = format!("{}://{host_port}", cfg.api_url.scheme());
        if !base.starts_with(&origin_text) {
            return Err(format!("endereço da API sem origem reconhecível: {base}"));
        }
        Ok(Self {
            h1,
            http,
            origin: http::Uri::try_from(origin_text.as_str()).map_err(|e| format!("API: {e}"))?,
            origin_len: origin_text.len(),
            host: HeaderValue::from_str(&host_port).map_err(|e| format!("Host: {e}"))?,
            base,
            fixed,
            timeout: cfg.request_timeout,
        })
    }

    /// The address a read of `path` with `query` (already encoded, maybe empty) goes to.
    pub fn address(&self, path: &str, query: &str) -> String {
        let mut address = String::with_capacity(self.base.len() + path.len() + query.len() + 1);
        address.push_str(&self.base);
        address.push_str(path);
        if !query.is_empty() {
            address.push('?');
            address.push_str(query);
        }
        address
    }

    /// GETs `address` (from [`Reads::address`]) with the Bearer `token` when given, and reads
    /// the body up to `max` bytes; the whole exchange, body included, within the request
    /// timeout.
    pub async fn get(
        &self,
        address: &str,
        token: Option<&str>,
        max: usize,
    ) -> Result<Answer, Failed> {
        // Boxed: the exchange's state (the connection's futures, some 4 KB) would otherwise
        // sit inline in every page's future, which is moved as a whole several times per
        // request (memmove was a twentieth of a logged-in page's CPU).
        let exchange = Box::pin(self.exchange(address, token, max));
        match tokio::time::timeout(self.timeout, exchange).await {
            Ok(answer) => answer,
            Err(_) => Err(Failed {
                outcome: "timeout",
                error: ApiError::Unavailable("tempo esgotado".into()),
            }),
        }
    }

    /// The request for `address`: for an HTTP/1.1 connection of ours (`origin_form`) the
    /// request line carries the path and query and `Host` the authority; hyper-util's pool
    /// takes the whole address and sets `Host` itself.
    fn request(
        &self,
        address: &str,
        token: Option<&str>,
        origin_form: bool,
    ) -> Result<http::Request<Empty<Bytes>>, Failed> {
        let target = if origin_form {
            address.get(self.origin_len..).unwrap_or_default()
        } else {
            address
        };
        let uri = http::Uri::try_from(target).map_err(|_| Failed {
            outcome: "transport",
            error: ApiError::Unavailable("endereço inválido".into()),
        })?;
        let mut request = http::Request::new(Empty::new());
        *request.uri_mut() = uri;
        let headers = request.headers_mut();
        headers.clone_from(&self.fixed);
        if origin_form {
            headers.insert(header::HOST, self.host.clone());
        }
        if let Some(token) = token {
            // A token that cannot be a header value is no session: the platform would refuse
            // it, so it is refused here the same way.
            let bearer = bearer(token).ok_or(Failed {
                outcome: "transport",
                error: ApiError::Unauthorized,
            })?;
            headers.insert(header::AUTHORIZATION, bearer);
        }
        if let Some(id) = RequestId::current()
            && let Ok(v) = HeaderValue::from_str(id.as_str())
        {
            headers.insert(request_id::HEADER_NAME, v);
        }
        Ok(request)
    }

    async fn exchange(
        &self,
        address: &str,
        token: Option<&str>,
        max: usize,
    ) -> Result<Answer, Failed> {
        let mut fresh = false;
        while !self.h1.is_h2() {
            let taken = self
                .h1
                .take(&self.origin, fresh)
                .await
                .map_err(|()| connection_refused())?;
            let h1::Taken::H1(mut conn) = taken else {
                break;
            };
            let request = self.request(address, token, true)?;
            match conn.exchange(request, |r| answer_of(r, max)).await {
                Ok((answer, reusable)) => {
                    if reusable {
                        self.h1.put_back(conn);
                    }
                    return answer;
                }
                // The platform closed an idle connection as the request left: once more, on
                // a new one.
                Err(h1::ConnFailed::NoAnswer) if conn.reused && !fresh => fresh = true,
                Err(h1::ConnFailed::NoAnswer) => return Err(request_failed()),
                Err(h1::ConnFailed::Body) => return Err(body_broke()),
            }
        }
        let request = self.request(address, token, false)?;
        let response = self.http.request(request).await.map_err(|e| {
            if e.is_connect() {
                connection_refused()
            } else {
                request_failed()
            }
        })?;
        answer_of(response, max).await
    }
}

fn connection_refused() -> Failed {
    Failed {
        outcome: "transport",
        error: ApiError::Unavailable("conexão recusada".into()),
    }
}

fn request_failed() -> Failed {
    Failed {
        outcome: "transport",
        error: ApiError::Unavailable("requisição falhou".into()),
    }
}

fn body_broke() -> Failed {
    Failed {
        outcome: "transport",
        error: ApiError::Unavailable("corpo interrompido".into()),
    }
}

/// The answer's status, `Cache-Control` and body, read up to `max` bytes.
async fn answer_of(
    response: http::Response<hyper::body::Incoming>,
    max: usize,
) -> Result<Answer, Failed> {
    let status = response.status().as_u16();
    let cache_control = super::cache_control(response.headers());
    let too_large = || {
        tracing::warn!(max, "platform answer over the size cap");
        Failed {
            outcome: "transport",
            error: ApiError::Unavailable(format!("resposta maior que {max} bytes")),
        }
    };
    let announced = response
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|n| n > u64::try_from(max).unwrap_or(u64::MAX)) {
        return Err(too_large());
    }
    // `Limited` stops reading at `max` bytes, announced or streamed.
    let body = Limited::new(response.into_body(), max)
        .collect()
        .await
        .map_err(|e| {
            if e.is::<http_body_util::LengthLimitError>() {
                too_large()
            } else {
                body_broke()
            }
        })?
        .to_bytes();
    Ok(Answer {
        status,
        cache_control,
        body,
    })
}

/// The `Authorization` value of `token` (`None`: it cannot be a header value), kept for the
/// thread's last token: a page makes two to four reads with one token, and building the
/// value (a copy of some 1.5 KB, then a check of every byte) was a fifth of building a
/// request. A kept value is shared, not copied (its bytes are reference-counted); one token
/// per thread stays in memory until the next one replaces it.
fn bearer(token: &str) -> Option<HeaderValue> {
    thread_local! {
        static LAST: std::cell::RefCell<Option<(Box<str>, HeaderValue)>> =
            const { std::cell::RefCell::new(None) };
    }
    LAST.with_borrow_mut(|last| {
        if let Some((kept, value)) = last.as_ref()
            && **kept == *token
        {
            return Some(value.clone());
        }
        let value = mark_sensitive(HeaderValue::try_from(format!("Bearer {token}")).ok()?);
        *last = Some((token.into(), value.clone()));
        Some(value)
    })
}

/// A header value kept out of debug output (hyper's and ours), as reqwest's `bearer_auth`
/// marks it.
fn mark_sensitive(mut value: HeaderValue) -> HeaderValue {
    value.set_sensitive(true);
    value
}

mod h1;
#[cfg(test)]
mod h1_tests;
#[cfg(test)]
mod tests;
