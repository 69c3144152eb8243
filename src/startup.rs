//! Wiring shared by `main` and the tests: the sandbox, the platform client, the cookie
//! key and the web state.

use std::path::Path;

use base64::Engine;
use tokio::net::TcpListener;
use tower_cookies::Key;

use crate::api::{ClientConfig, PlatformClient};
use crate::config::Config;
use crate::sandbox::{Sandbox, SandboxConfig};
use crate::web::{AppState, WebConfig};

#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error("{0}")]
    Config(String),
    #[error("não foi possível abrir {what}: {source}")]
    Io {
        what: String,
        source: std::io::Error,
    },
    #[error(transparent)]
    Sandbox(#[from] crate::sandbox::SandboxError),
    #[error("cliente HTTP: {0}")]
    Http(#[from] reqwest::Error),
}

/// Starts the embedded sandbox on `listener` in the background; returns its base URL.
pub fn spawn_sandbox(listener: TcpListener, cfg: &Config) -> Result<String, StartupError> {
    let addr = listener.local_addr().map_err(|source| StartupError::Io {
        what: "o endereço do sandbox".into(),
        source,
    })?;
    let url = format!("http://{addr}");
    let mut sc = SandboxConfig::new(cfg.data_dir.clone(), url.clone());
    sc.reset = cfg.sandbox_reset;
    // The web app's redirect URI, registered at the sandbox's login provider: built as
    // `WebConfig::redirect_uri` builds it, from the public URL (default http://{addr}).
    let web_url = cfg
        .public_url
        .as_ref()
        .map_or_else(|| format!("http://{}", cfg.addr), |u| u.as_str().to_owned());
    sc.client_id = cfg.client_id.clone();
    sc.redirect_uri = format!(
        "{}{}",
        web_url.trim_end_matches('/'),
        crate::web::routes::AUTENTICACAO
    );
    sc.access_ttl = std::time::Duration::from_secs(cfg.sandbox_access_ttl);
    sc.refresh_ttl = std::time::Duration::from_secs(cfg.sandbox_refresh_ttl);
    sc.pix_deadline = std::time::Duration::from_secs(cfg.sandbox_pix_deadline);
    let sandbox = Sandbox::open(sc)?;
    // Cancels unpaid Pix reservations after their deadline and clears dead codes/tokens.
    sandbox.spawn_expiry_sweeper(std::time::Duration::from_secs(60));
    let router = sandbox.router();
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, router).await {
            tracing::error!(error = %e, "sandbox server stopped");
        }
    });
    Ok(url)
}

/// The cookie key: given (base64, ≥ 64 bytes), or in development generated once and kept
/// in the data dir so sessions survive restarts.
pub fn cookie_key(cfg: &Config) -> Result<Key, StartupError> {
    if let Some(b64) = &cfg.cookie_key {
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(b64.trim())
            .map_err(|_| StartupError::Config("COLHEITA_COOKIE_KEY não é base64 válido".into()))?;
        return Key::try_from(bytes.as_slice()).map_err(|_| {
            StartupError::Config("COLHEITA_COOKIE_KEY precisa ter ao menos 64 bytes".into())
        });
    }
    if !cfg.embedded_sandbox() {
        return Err(StartupError::Config(
            "--cookie-key (COLHEITA_COOKIE_KEY) é obrigatório com --api-url".into(),
        ));
    }
    dev_cookie_key(&cfg.data_dir)
}

fn dev_cookie_key(dir: &Path) -> Result<Key, StartupError> {
    let path = dir.join("cookie.key");
    let io = |what: &str| {
        let what = what.to_owned();
        move |source| StartupError::Io { what, source }
    };
    if let Ok(b64) = std::fs::read_to_string(&path)
        && let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(b64.trim())
        && let Ok(key) = Key::try_from(bytes.as_slice())
    {
        return Ok(key);
    }
    std::fs::create_dir_all(dir).map_err(io("a pasta de dados"))?;
    let key = Key::generate();
    let b64 = base64::engine::general_purpose::STANDARD.encode(key.master());
    std::fs::write(&path, b64).map_err(io("o arquivo da chave de cookies"))?;
    Ok(key)
}

/// Builds the web state for a platform at `api_url` (the sandbox's, or a real one).
pub fn web_state(
    cfg: &Config,
    public_url: url::Url,
    api_url: url::Url,
    key: Key,
) -> Result<AppState, StartupError> {
    let auth_url = cfg.auth_url.clone().unwrap_or_else(|| api_url.clone());
    let login_url = match &cfg.login_url {
        Some(u) => u.clone(),
        None => api_url
            .join("/login")
            .map_err(|e| StartupError::Config(e.to_string()))?,
    };
    let api = PlatformClient::new(ClientConfig {
        api_url: api_url.clone(),
        auth_url,
        client_id: cfg.client_id.clone(),
        origin: public_url.origin().ascii_serialization(),
        connect_timeout: cfg.connect_timeout(),
        request_timeout: cfg.request_timeout(),
    })?;
    let web = WebConfig {
        api_origin: api_url.origin().ascii_serialization(),
        login_origin: login_url.origin().ascii_serialization(),
        public_url,
        login_url,
        client_id: cfg.client_id.clone(),
        product_name: cfg.product_name.clone(),
        chat_url: cfg.chat_url.clone(),
        pix_merchant_city: cfg.pix_merchant_city.clone(),
    };
    Ok(AppState::new(api, web, key))
}
