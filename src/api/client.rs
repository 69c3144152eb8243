//! The one `reqwest::Client` of the web app: base URLs, headers, timeouts, error mapping.

use std::time::Duration;

use reqwest::{Method, RequestBuilder, header};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::ApiError;

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
}

#[derive(Clone)]
pub struct PlatformClient {
    http: reqwest::Client,
    pub(crate) cfg: std::sync::Arc<ClientConfig>,
}

impl PlatformClient {
    pub fn new(cfg: ClientConfig) -> Result<Self, reqwest::Error> {
        let http = reqwest::Client::builder()
            .connect_timeout(cfg.connect_timeout)
            .timeout(cfg.request_timeout)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("colheita-web/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Self {
            http,
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
        let bytes = Self::send(rb).await?;
        if bytes.is_empty() {
            return Err(ApiError::Unavailable("corpo vazio".into()));
        }
        serde_json::from_slice(&bytes).map_err(|e| {
            tracing::warn!(error = %e, "platform answered an unreadable body");
            ApiError::Unavailable(format!("corpo ilegível: {e}"))
        })
    }

    /// Sends and returns the raw body of a 2xx answer.
    pub(crate) async fn send(rb: RequestBuilder) -> Result<bytes::Bytes, ApiError> {
        let resp = rb.send().await.map_err(|e| {
            tracing::warn!(error = %e, "platform call failed");
            ApiError::Unavailable(e.to_string())
        })?;
        let status = resp.status().as_u16();
        let body = resp
            .bytes()
            .await
            .map_err(|e| ApiError::Unavailable(e.to_string()))?;
        if (200..300).contains(&status) {
            Ok(body)
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

    /// Sends and returns a file; an empty body is "no file".
    pub(crate) async fn blob(
        &self,
        rb: RequestBuilder,
    ) -> Result<super::captacoes::Blob, ApiError> {
        let resp = rb
            .send()
            .await
            .map_err(|e| ApiError::Unavailable(e.to_string()))?;
        let status = resp.status().as_u16();
        let content_type = resp
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("application/octet-stream")
            .to_owned();
        let bytes = resp
            .bytes()
            .await
            .map_err(|e| ApiError::Unavailable(e.to_string()))?;
        if !(200..300).contains(&status) {
            return Err(ApiError::from_status(status, &bytes));
        }
        Ok(super::captacoes::Blob {
            content_type,
            bytes,
        })
    }
}
