//! Wiring shared by `main` and the tests: the sandbox (in builds with the `sandbox`
//! feature), the platform client, the cookie key and the web state.

use std::path::Path;

use base64::Engine;
use tower_cookies::Key;

use crate::api::{ClientConfig, PlatformClient};
use crate::config::Config;
use crate::rate_limit::{Allowances, Limits};
#[cfg(feature = "sandbox")]
use crate::sandbox::{Sandbox, SandboxConfig};
use crate::web::{AppState, WebConfig};

mod serve;
pub use serve::{ServeLimits, serve};

#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error("{0}")]
    Config(String),
    #[error("não foi possível abrir {what}: {source}")]
    Io {
        what: String,
        source: std::io::Error,
    },
    #[cfg(feature = "sandbox")]
    #[error(transparent)]
    Sandbox(#[from] crate::sandbox::SandboxError),
    #[error("cliente HTTP: {0}")]
    Http(String),
}

/// Starts the embedded sandbox on `listener` in the background; returns its base URL.
#[cfg(feature = "sandbox")]
pub fn spawn_sandbox(
    listener: tokio::net::TcpListener,
    cfg: &Config,
) -> Result<String, StartupError> {
    let addr = listener.local_addr().map_err(|source| StartupError::Io {
        what: "o endereço do sandbox".into(),
        source,
    })?;
    let url = format!("http://{addr}");
    private_dir(&cfg.data_dir)?;
    let db = cfg.data_dir.join(SANDBOX_DB);
    if !cfg.sandbox_reset {
        // Created empty and owner-only before SQLite opens it, so the seeded data is never
        // readable by others, not even for a moment (SQLite gives -wal/-shm the same mode).
        private_file(&db, None)?;
    }
    let mut sc = SandboxConfig::new(cfg.data_dir.clone(), url.clone());
    sc.reset = cfg.sandbox_reset;
    sc.extra_offerings = cfg.sandbox_extra_offerings;
    sc.extra_investors = cfg.sandbox_extra_investors;
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
    sc.session_max = cfg.session_max();
    sc.login_limit = cfg.sandbox_login_limit;
    sc.password_change_limit = cfg.sandbox_password_change_limit;
    sc.pix_deadline = std::time::Duration::from_secs(cfg.sandbox_pix_deadline);
    sc.annual_limit = crate::domain::limite_anual::AnnualLimitRules {
        base: cfg.sandbox_annual_limit,
        threshold: cfg.sandbox_annual_limit_threshold,
        fraction: cfg.sandbox_annual_limit_percent / rust_decimal::Decimal::ONE_HUNDRED,
    };
    sc.withdrawal_days = cfg.sandbox_withdrawal_days;
    sc.refund_business_days = cfg.sandbox_refund_business_days;
    sc.minimum_target_ratio = cfg.sandbox_minimum_target_ratio;
    sc.offering_rules = crate::domain::captacao::RegrasOferta {
        teto: cfg.sandbox_offering_cap,
        dias_captacao: cfg.sandbox_fundraising_days,
    };
    sc.qualified_investments = cfg.sandbox_qualified_investments;
    let sandbox = Sandbox::open(sc)?;
    for suffix in ["", "-wal", "-shm"] {
        let f = cfg.data_dir.join(format!("{SANDBOX_DB}{suffix}"));
        if f.exists() {
            owner_only(&f, 0o600)?;
        }
    }
    // Cancels unpaid Pix reservations after their deadline and clears dead codes/tokens.
    sandbox.spawn_expiry_sweeper(std::time::Duration::from_secs(60));
    // The web app's accept loop, so the sandbox has the same header-read timeout and
    // first-byte wait (a silent connection is closed) and the same connection cap.
    tokio::spawn(serve(
        listener,
        sandbox.router(),
        ServeLimits::from_config(cfg),
        std::future::pending(),
    ));
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
    #[cfg(feature = "sandbox")]
    if cfg.embedded_sandbox() {
        return dev_cookie_key(&cfg.data_dir);
    }
    Err(StartupError::Config(
        "--cookie-key (COLHEITA_COOKIE_KEY) é obrigatório com --api-url".into(),
    ))
}

#[cfg(feature = "sandbox")]
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
    private_dir(dir)?;
    let key = Key::generate();
    let b64 = base64::engine::general_purpose::STANDARD.encode(key.master());
    private_file(&path, Some(b64.as_bytes())).map_err(|e| match e {
        StartupError::Io { source, .. } => io("o arquivo da chave de cookies")(source),
        other => other,
    })?;
    Ok(key)
}

/// The sandbox database's file name in the data dir (SQLite adds `-wal` and `-shm`).
#[cfg(feature = "sandbox")]
const SANDBOX_DB: &str = "sandbox.db";

fn io_error(what: &Path) -> impl FnOnce(std::io::Error) -> StartupError {
    let what = what.display().to_string();
    move |source| StartupError::Io { what, source }
}

/// The data dir holds the cookie key and every investor's data in the sandbox: only its
/// owner may list or enter it (0700), also when an older version created it wider.
pub fn private_dir(dir: &Path) -> Result<(), StartupError> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir).map_err(io_error(dir))?;
    owner_only(dir, 0o700)
}

/// Creates `path` owner-only (0600) when missing, writing `contents` into it when given;
/// an existing file is only narrowed to 0600.
#[cfg(feature = "sandbox")]
fn private_file(path: &Path, contents: Option<&[u8]>) -> Result<(), StartupError> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true);
    if contents.is_some() {
        options.truncate(true);
    }
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path).map_err(io_error(path))?;
    if let Some(bytes) = contents {
        file.write_all(bytes).map_err(io_error(path))?;
    }
    owner_only(path, 0o600)
}

/// Sets the Unix mode of `path` (the mode given at creation is cut by the umask, and a file
/// made by an older version may be wider); nothing to do elsewhere.
fn owner_only(path: &Path, mode: u32) -> Result<(), StartupError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
            .map_err(io_error(path))?;
    }
    #[cfg(not(unix))]
    let _ = (path, mode);
    Ok(())
}

/// Refuses a plain-http public URL in front of a real platform: the session cookies and
/// the platform tokens would cross the network in clear. `--insecure-http` allows it
/// (e.g. TLS ended by a proxy on the same host); the embedded sandbox is development.
pub fn check_transport(cfg: &Config, public_url: Option<&url::Url>) -> Result<(), StartupError> {
    let https = public_url.is_some_and(|u| u.scheme() == "https");
    if cfg.embedded_sandbox() || https || cfg.insecure_http {
        return Ok(());
    }
    Err(StartupError::Config(
        "com --api-url, --public-url (COLHEITA_PUBLIC_URL) precisa ser https; \
         use --insecure-http (COLHEITA_INSECURE_HTTP) para aceitar http mesmo assim"
            .into(),
    ))
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
        micro_cache: std::time::Duration::from_secs(cfg.micro_cache),
        pool: cfg.platform_pool,
        extra_roots: Vec::new(),
    })
    .map_err(StartupError::Http)?;
    let web = WebConfig {
        api_origin: api_url.origin().ascii_serialization(),
        login_origin: login_url.origin().ascii_serialization(),
        public_url,
        login_url,
        client_id: cfg.client_id.clone(),
        product_name: cfg.product_name.clone(),
        chat_url: cfg.chat_url.clone(),
        pix_merchant_city: cfg.pix_merchant_city.clone(),
        map_tiles: crate::web::MapTiles::new(&cfg.map_tiles_url, &cfg.map_attribution)
            .map_err(StartupError::Config)?,
        inbound_timeout: cfg.inbound_timeout(),
        session: cfg.session_limits(),
        trust_forwarded_for: cfg.trust_forwarded_for,
        micro_cache: std::time::Duration::from_secs(cfg.micro_cache),
        concentration_limit: cfg.concentration_limit,
    };
    let allow = Allowances {
        signups: cfg.signup_limit,
        password_guesses: cfg.password_guess_limit,
    };
    // Replicas must share their counts, or each would allow the whole limit again.
    let limits = match &cfg.limits_url {
        Some(url) => Limits::shared(url, allow).map_err(StartupError::Config)?,
        None => Limits::in_memory(allow),
    };
    Ok(AppState::new(api, web, key, limits))
}
