//! The one `reqwest::Client` of the web app: base URLs, headers, timeouts, error mapping.

use std::time::Duration;

use reqwest::{Method, RequestBuilder, header};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::ApiError;
use super::microcache::MicroCache;

/// The largest file (PDF, image) read from the platform.
pub const MAX_BLOB_BYTES: usize = 16 * 1024 * 1024;
/// The largest JSON (or error) body read from the platform.
pub const MAX_JSON_BYTES: usize = 4 * 1024 * 1024;

/// Reads a body up to `max` bytes: a larger answer (announced or streamed) is an
/// [`ApiError`], never an unbounded buffer.
async fn read_capped(mut resp: reqwest::Response, max: usize) -> Result<bytes::Bytes, ApiError> {
    let too_large = || {
        tracing::warn!(max, "platform answer over the size cap");
        ApiError::Unavailable(format!("resposta maior que {max} bytes"))
    };
    if resp
        .content_length()
        .is_some_and(|n| n > u64::try_from(max).unwrap_or(u64::MAX))
    {
        return Err(too_large());
    }
    let mut body = bytes::BytesMut::new();
    while let Some(chunk) = resp.chunk().await.map_err(|e| ApiError::transport(&e))? {
        if body.len() + chunk.len() > max {
            return Err(too_large());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body.freeze())
}

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
}

#[derive(Clone)]
pub struct PlatformClient {
    http: reqwest::Client,
    pub(crate) cfg: std::sync::Arc<ClientConfig>,
    shared: std::sync::Arc<MicroCache>,
}

impl PlatformClient {
    pub fn new(cfg: ClientConfig) -> Result<Self, reqwest::Error> {
        let http = reqwest::Client::builder()
            .connect_timeout(cfg.connect_timeout)
            .timeout(cfg.request_timeout)
            .redirect(reqwest::redirect::Policy::none())
            // Idle connections kept per platform host: enough for the steady state; a burst
            // opens more and lets them go, instead of keeping every buffer of the peak.
            .pool_max_idle_per_host(16)
            .pool_idle_timeout(Duration::from_secs(30))
            .user_agent(concat!("colheita-web/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Self {
            http,
            shared: std::sync::Arc::new(MicroCache::new(cfg.micro_cache)),
            cfg: std::sync::Arc::new(cfg),
        })
    }

    pub fn client_id(&self) -> &str {
        &self.cfg.client_id
    }

    fn url(base: &url::Url, path: &str) -> String {
        format!("{}{}", base.as_str().trim_end_matches('/'), path)
    }

    /// A request to the product API, with `Origin`, `X-Plataforma: web` and the Bearer when given.
    pub(crate) fn api(&self, method: Method, path: &str, token: Option<&str>) -> RequestBuilder {
        let rb = self
            .http
            .request(method, Self::url(&self.cfg.api_url, path))
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

    /// Sends and reads a JSON body; maps every failure to [`ApiError`].
    pub(crate) async fn json<T: DeserializeOwned>(rb: RequestBuilder) -> Result<T, ApiError> {
        Self::parse(&Self::send(rb).await?)
    }

    fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
        if bytes.is_empty() {
            return Err(ApiError::Unavailable("corpo vazio".into()));
        }
        serde_json::from_slice(bytes).map_err(|e| {
            // serde's own text quotes the value it choked on: log only where it broke.
            let error = ApiError::unreadable(&e);
            tracing::warn!(%error, "platform answered an unreadable body");
            error
        })
    }

    /// Sends and returns the raw body of a 2xx answer.
    pub(crate) async fn send(rb: RequestBuilder) -> Result<bytes::Bytes, ApiError> {
        Self::send_keeping_cache_control(rb).await.map(|(b, _)| b)
    }

    /// [`Self::send`], also returning the answer's `Cache-Control`.
    async fn send_keeping_cache_control(
        rb: RequestBuilder,
    ) -> Result<(bytes::Bytes, Option<String>), ApiError> {
        let resp = rb.send().await.map_err(|e| {
            // reqwest's text carries the URL, whose query may hold an e-mail.
            let error = ApiError::transport(&e);
            tracing::warn!(%error, "platform call failed");
            error
        })?;
        let status = resp.status().as_u16();
        let cache_control = resp
            .headers()
            .get(header::CACHE_CONTROL)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let body = read_capped(resp, MAX_JSON_BYTES).await?;
        if (200..300).contains(&status) {
            Ok((body, cache_control))
        } else {
            Err(ApiError::from_status(status, &body))
        }
    }

    pub(crate) async fn get_json<T: DeserializeOwned, Q: Serialize + ?Sized>(
        &self,
        path: &str,
        query: &Q,
        token: Option<&str>,
    ) -> Result<T, ApiError> {
        Self::json(self.api(Method::GET, path, token).query(query)).await
    }

    /// A GET of data every visitor sees alike: asked with a token it is the investor's own
    /// call; without one, concurrent identical calls share one upstream call and its
    /// answer is kept briefly ([`MicroCache`]).
    pub(crate) async fn get_public<T, Q>(
        &self,
        path: &str,
        query: &Q,
        token: Option<&str>,
    ) -> Result<T, ApiError>
    where
        T: DeserializeOwned + Clone + Send + Sync + 'static,
        Q: Serialize + ?Sized,
    {
        if token.is_some() {
            return self.get_json(path, query, token).await;
        }
        let request = self
            .api(Method::GET, path, None)
            .query(query)
            .build()
            .map_err(|e| ApiError::transport(&e))?;
        let key = request.url().as_str().to_owned();
        let rb = RequestBuilder::from_parts(self.http.clone(), request);
        self.shared
            .get_or_fetch(key, async move {
                let (body, cache_control) = Self::send_keeping_cache_control(rb).await?;
                Ok((Self::parse::<T>(&body)?, cache_control))
            })
            .await
    }

    /// Sends and returns a file; an empty body is "no file".
    pub(crate) async fn blob(
        &self,
        rb: RequestBuilder,
    ) -> Result<super::captacoes::Blob, ApiError> {
        let resp = rb.send().await.map_err(|e| ApiError::transport(&e))?;
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
        let bytes = read_capped(resp, cap).await?;
        if !(200..300).contains(&status) {
            return Err(ApiError::from_status(status, &bytes));
        }
        Ok(super::captacoes::Blob {
            content_type,
            bytes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wiremock::matchers::path;
    use wiremock::{Mock, MockServer, ResponseTemplate};

    async fn client_for(server: &MockServer) -> PlatformClient {
        let url = url::Url::parse(&server.uri()).unwrap();
        PlatformClient::new(ClientConfig {
            api_url: url.clone(),
            auth_url: url,
            client_id: "t".into(),
            origin: "http://localhost".into(),
            connect_timeout: Duration::from_secs(2),
            request_timeout: Duration::from_secs(10),
            micro_cache: Duration::ZERO,
        })
        .unwrap()
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
        let r: Result<String, _> = PlatformClient::json(c.api(Method::GET, "/x", None)).await;
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
}
