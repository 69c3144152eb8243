//! The platform client: base URLs, headers, timeouts, error mapping. Every call, to the
//! product API and to the login provider, goes through one `reqwest::Client`: one pool of
//! connections and one TLS configuration.

mod body;
mod call;

use std::time::{Duration, Instant};

use reqwest::{Method, RequestBuilder, header};
use serde::Serialize;
use serde::de::DeserializeOwned;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::error::ApiError;
use super::microcache::MicroCache;
use super::request_id::{self, RequestId};
use crate::telemetry;
use body::{cache_control, read_capped};
use call::Call;

/// The largest file (PDF, image) read from the platform.
pub const MAX_BLOB_BYTES: usize = 16 * 1024 * 1024;
/// The largest JSON (or error) body read from the platform.
pub const MAX_JSON_BYTES: usize = 4 * 1024 * 1024;

/// The platform marker header every request carries (`web` for this app).
pub const PLATFORM_HEADER: &str = "X-Plataforma";

#[derive(Debug, Clone)]
pub struct ClientConfig {
    pub api_url: url::Url,
    pub auth_url: url::Url,
    pub client_id: String,
    /// Sent as `Origin` (the web app's public origin).
    pub origin: String,
    pub connect_timeout: Duration,
    pub request_timeout: Duration,
    /// How long public answers asked without a token are shared (0: not at all).
    pub micro_cache: Duration,
    /// The platform pool: at most this many calls in flight (a further call waits for a
    /// place, within the request timeout) and as many idle connections kept per host.
    pub pool: usize,
    /// Roots trusted besides the system's (none in production): a platform whose certificate
    /// a private authority signed.
    pub extra_roots: Vec<reqwest::Certificate>,
}

#[derive(Clone)]
pub struct PlatformClient {
    http: reqwest::Client,
    pub(crate) cfg: std::sync::Arc<ClientConfig>,
    shared: std::sync::Arc<MicroCache>,
    slots: std::sync::Arc<Semaphore>,
}

/// Makes ring the process's rustls crypto provider, which every `reqwest::Client` needs: reqwest
/// is built without one of its own (`rustls-no-provider`). A second call, or a provider
/// installed before, changes nothing.
pub fn install_tls_provider() {
    // `Err` means a provider is already installed, which is all that is needed.
    let _ = rustls::crypto::ring::default_provider().install_default();
}

impl PlatformClient {
    pub fn new(cfg: ClientConfig) -> Result<Self, String> {
        install_tls_provider();
        let http = reqwest::Client::builder()
            .connect_timeout(cfg.connect_timeout)
            .timeout(cfg.request_timeout)
            .redirect(reqwest::redirect::Policy::none())
            // Tokens go only to the configured platform address, never through a proxy an
            // environment variable (`HTTPS_PROXY`) names.
            .no_proxy()
            .tls_certs_merge(cfg.extra_roots.iter().cloned())
            // Idle connections kept per platform host: as many as calls may be in flight, so
            // the steady state reuses them instead of opening one per request (and leaving
            // thousands in TIME_WAIT). Over TLS, ALPN offers HTTP/2 and the platform's choice
            // is used: one connection then carries many requests.
            .pool_max_idle_per_host(cfg.pool)
            // An idle connection is dropped well before a server closes it: hyper's server
            // (the sandbox's, on our accept loop) closes one idle for its header-read timeout
            // (10 s by default), nginx after 75 s. Kept longer, a call can be written on a
            // connection the server is closing at that instant, and a POST (the login's code
            // exchange) is then lost with "connection closed before message completed".
            .pool_idle_timeout(Duration::from_secs(4))
            .user_agent(concat!("colheita-web/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| e.to_string())?;
        Ok(Self {
            http,
            shared: std::sync::Arc::new(MicroCache::new(cfg.micro_cache)),
            slots: std::sync::Arc::new(Semaphore::new(cfg.pool.max(1))),
            cfg: std::sync::Arc::new(cfg),
        })
    }

    /// A place in the pool. Bounding the calls in flight bounds the connections, and with
    /// them the memory: each HTTP/1.1 connection keeps buffers sized to the largest answer it
    /// read, and a burst of pages each making several calls would otherwise open a new
    /// connection per call. Waiting for a place counts towards the request timeout.
    async fn slot(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        match tokio::time::timeout(self.cfg.request_timeout, self.slots.clone().acquire_owned())
            .await
        {
            Ok(Ok(permit)) => Ok(permit),
            Ok(Err(_)) | Err(_) => {
                tracing::warn!("no place in the platform pool within the request timeout");
                Err(ApiError::Unavailable("fila do pool esgotou o tempo".into()))
            }
        }
    }

    pub fn client_id(&self) -> &str {
        &self.cfg.client_id
    }

    fn url(base: &url::Url, path: &str) -> String {
        format!("{}{}", base.as_str().trim_end_matches('/'), path)
    }

    /// The product API's address of `path` with `query` (form-encoded, left out when empty).
    fn address<Q: Serialize + ?Sized>(&self, path: &str, query: &Q) -> Result<String, ApiError> {
        let query = serde_urlencoded::to_string(query)
            .map_err(|e| ApiError::Unavailable(format!("consulta inválida: {e}")))?;
        let mut address = Self::url(&self.cfg.api_url, path);
        if !query.is_empty() {
            address.push('?');
            address.push_str(&query);
        }
        Ok(address)
    }

    /// A request to the product API, with `Origin`, `X-Plataforma: web` and the Bearer when given.
    pub(crate) fn api(&self, method: Method, path: &str, token: Option<&str>) -> RequestBuilder {
        self.api_at(method, &Self::url(&self.cfg.api_url, path), token)
    }

    /// [`Self::api`] to a whole address (from [`Self::address`]).
    fn api_at(&self, method: Method, address: &str, token: Option<&str>) -> RequestBuilder {
        let rb = self
            .http
            .request(method, address)
            .header(header::ORIGIN, &self.cfg.origin)
            .header(PLATFORM_HEADER, "web")
            .header(header::ACCEPT, "application/json");
        match token {
            Some(t) => rb.bearer_auth(t),
            None => rb,
        }
    }

    /// A request to the login provider API.
    pub(crate) fn auth(&self, method: Method, path: &str) -> RequestBuilder {
        self.http
            .request(method, Self::url(&self.cfg.auth_url, path))
            .header(header::ORIGIN, &self.cfg.origin)
            .header(PLATFORM_HEADER, "web")
            .header(header::ACCEPT, "application/json")
    }

    /// A GET of JSON at `path` with `query`: the investor's own when `token` is given, never
    /// kept.
    pub(crate) async fn get_json<T: DeserializeOwned, Q: Serialize + ?Sized>(
        &self,
        path: &str,
        query: &Q,
        token: Option<&str>,
    ) -> Result<T, ApiError> {
        let address = self.address(path, query)?;
        self.json(self.api_at(Method::GET, &address, token)).await
    }

    /// Sends and reads a JSON body; maps every failure to [`ApiError`].
    pub(crate) async fn json<T: DeserializeOwned>(
        &self,
        rb: RequestBuilder,
    ) -> Result<T, ApiError> {
        let (body, _, call) = self.send_measured(rb).await?;
        call.parsed(Self::parse(&body))
    }

    fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
        if bytes.is_empty() {
            return Err(ApiError::Unavailable("corpo vazio".into()));
        }
        // JSON is UTF-8 (RFC 8259 §8.1): the whole body is checked once, and serde_json then
        // reads it as text, without checking each string again as it does from bytes.
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let error = ApiError::Unavailable(format!(
                "corpo ilegível (não é UTF-8 a partir do byte {})",
                e.valid_up_to()
            ));
            tracing::warn!(%error, "platform answered an unreadable body");
            error
        })?;
        serde_json::from_str(text).map_err(|e| {
            // serde's own text quotes the value it choked on: log only where it broke.
            let error = ApiError::unreadable(&e);
            tracing::warn!(%error, "platform answered an unreadable body");
            error
        })
    }

    /// Sends and returns the raw body of a 2xx answer.
    pub(crate) async fn send(&self, rb: RequestBuilder) -> Result<bytes::Bytes, ApiError> {
        let (body, _, call) = self.send_measured(rb).await?;
        call.finish("ok");
        Ok(body)
    }

    /// Sends, reads a 2xx body up to [`MAX_JSON_BYTES`] and its `Cache-Control`; a failure
    /// is measured here, a success by the caller once it knows whether the body was
    /// readable.
    async fn send_measured(
        &self,
        rb: RequestBuilder,
    ) -> Result<(bytes::Bytes, Option<String>, Call), ApiError> {
        let (resp, call, _slot) = self.execute(rb).await?;
        let status = resp.status().as_u16();
        let cache_control = cache_control(resp.headers());
        let body = read_capped(resp, MAX_JSON_BYTES)
            .await
            .inspect_err(|_| call.finish("transport"))?;
        if (200..300).contains(&status) {
            Ok((body, cache_control, call))
        } else {
            call.finish(Call::status_kind(status));
            Err(ApiError::from_status(status, &body))
        }
    }

    /// Sends `rb` with the current request id, measuring the call; a transport failure or
    /// timeout is an [`ApiError`] here. The returned slot is one of the pool's places: keep
    /// it until the body is read.
    async fn execute(
        &self,
        rb: RequestBuilder,
    ) -> Result<(reqwest::Response, Call, OwnedSemaphorePermit), ApiError> {
        let slot = self.slot().await?;
        let (http, request) = rb.build_split();
        let mut request = request.map_err(|e| ApiError::transport(&e))?;
        if let Some(id) = RequestId::current()
            && let Ok(v) = header::HeaderValue::from_str(id.as_str())
        {
            request.headers_mut().insert(request_id::HEADER_NAME, v);
        }
        let call = Call {
            method: request.method().clone(),
            endpoint: telemetry::endpoint_label(request.url().path()),
            started: Instant::now(),
        };
        match http.execute(request).await {
            Ok(resp) => Ok((resp, call, slot)),
            Err(e) => {
                call.finish(if e.is_timeout() {
                    "timeout"
                } else {
                    "transport"
                });
                // reqwest's text carries the URL, whose query may hold an e-mail.
                let error = ApiError::transport(&e);
                tracing::warn!(%error, endpoint = %call.endpoint, "platform call failed");
                Err(error)
            }
        }
    }

    /// A GET of data every visitor sees alike, parsed once and shared ([`MicroCache`]).
    /// Without a token, concurrent identical calls share one upstream call and its answer
    /// is kept briefly. With a token the investor's own call is made, unless an answer the
    /// platform marked `public` is kept for the same address; the answer is kept for others
    /// only when so marked (RFC 9111 §3.5: a shared cache never stores an answer to a
    /// request with `Authorization` otherwise).
    pub(crate) async fn get_public<T, Q>(
        &self,
        path: &str,
        query: &Q,
        token: Option<&str>,
    ) -> Result<std::sync::Arc<T>, ApiError>
    where
        T: DeserializeOwned + Send + Sync + 'static,
        Q: Serialize + ?Sized,
    {
        // The address alone: the token is never part of what others may be given.
        let key = self.address(path, query)?;
        if token.is_some()
            && let Some(kept) = self.shared.kept::<T>(&key).await
        {
            return Ok(kept);
        }
        // The micro-cache's fetch and keep are futures of some 7 KB (moka's): boxed, they do
        // not make every page's future that much bigger, copied at each of its moves.
        if token.is_none() {
            let rb = self.api_at(Method::GET, &key, None);
            return Box::pin(self.shared.get_or_fetch(key, async move {
                let (body, cache_control, call) = self.send_measured(rb).await?;
                Ok((call.parsed(Self::parse::<T>(&body))?, cache_control))
            }))
            .await;
        }
        let (body, cache_control, call) = self
            .send_measured(self.api_at(Method::GET, &key, token))
            .await?;
        let value = std::sync::Arc::new(call.parsed(Self::parse::<T>(&body))?);
        if super::microcache::shareable_with_token(cache_control.as_deref()) {
            Box::pin(
                self.shared
                    .keep(key, value.clone(), cache_control.as_deref()),
            )
            .await;
        }
        Ok(value)
    }

    /// Sends and returns a file; an empty body is "no file".
    pub(crate) async fn blob(
        &self,
        rb: RequestBuilder,
    ) -> Result<super::captacoes::Blob, ApiError> {
        let (resp, call, _slot) = self.execute(rb).await?;
        let status = resp.status().as_u16();
        let content_type = resp
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("application/octet-stream")
            .to_owned();
        let cap = if (200..300).contains(&status) {
            MAX_BLOB_BYTES
        } else {
            MAX_JSON_BYTES
        };
        let bytes = read_capped(resp, cap)
            .await
            .inspect_err(|_| call.finish("transport"))?;
        if !(200..300).contains(&status) {
            call.finish(Call::status_kind(status));
            return Err(ApiError::from_status(status, &bytes));
        }
        call.finish("ok");
        Ok(super::captacoes::Blob {
            content_type,
            bytes,
        })
    }
}

#[cfg(test)]
mod tests;
