//! Command line and environment configuration.
//!
//! Every flag has a `COLHEITA_*` environment variable. With no `--api-url`, the web app
//! talks to the embedded platform sandbox, so `cargo run` alone shows the whole product.
//! A build without the `sandbox` feature has no sandbox flags and needs `--api-url`.

use std::net::SocketAddr;
use std::num::NonZeroU32;
use std::time::Duration;

use clap::Parser;
#[cfg(feature = "sandbox")]
use clap::Subcommand;

/// The command line of the `colheita` binary.
#[derive(Debug, Parser)]
#[command(
    name = "colheita",
    version,
    about = "Colheita: investir no agronegócio"
)]
pub struct Cli {
    #[cfg(feature = "sandbox")]
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub config: Config,
}

#[cfg(feature = "sandbox")]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run only the embedded platform sandbox (API + login provider).
    Sandbox,
}

#[derive(Debug, Clone, clap::Args)]
pub struct Config {
    /// Address the web app listens on.
    #[arg(long, env = "COLHEITA_ADDR", default_value = "127.0.0.1:3000")]
    pub addr: SocketAddr,
    /// Base URL of the platform API; unset runs the embedded sandbox.
    #[cfg(feature = "sandbox")]
    #[arg(long, env = "COLHEITA_API_URL")]
    pub api_url: Option<url::Url>,
    /// Base URL of the platform API (this build has no embedded sandbox).
    #[cfg(not(feature = "sandbox"))]
    #[arg(long, env = "COLHEITA_API_URL", required = true)]
    pub api_url: Option<url::Url>,
    /// Base URL of the login provider API (token exchange); default: the API URL (the
    /// sandbox's provider).
    #[arg(long, env = "COLHEITA_AUTH_URL")]
    pub auth_url: Option<url::Url>,
    /// The login page users are sent to; default: `{api-url}/login` (the sandbox's login
    /// page).
    #[arg(long, env = "COLHEITA_LOGIN_URL")]
    pub login_url: Option<url::Url>,
    /// OAuth client identifier sent to the login provider.
    #[arg(long, env = "COLHEITA_CLIENT_ID", default_value = "colheita-web")]
    pub client_id: String,
    /// Key (base64, at least 64 bytes) that encrypts the session cookies; shared by replicas.
    #[arg(long, env = "COLHEITA_COOKIE_KEY", hide_env_values = true)]
    pub cookie_key: Option<String>,
    /// Public URL of the web app (https → Secure cookies); default http://{addr}.
    #[arg(long, env = "COLHEITA_PUBLIC_URL")]
    pub public_url: Option<url::Url>,
    /// Address of the embedded sandbox.
    #[cfg(feature = "sandbox")]
    #[arg(long, env = "COLHEITA_SANDBOX_ADDR", default_value = "127.0.0.1:3001")]
    pub sandbox_addr: SocketAddr,
    /// Folder for the sandbox database and the development cookie key.
    #[cfg(feature = "sandbox")]
    #[arg(long, env = "COLHEITA_DATA_DIR", default_value = "./.colheita")]
    pub data_dir: std::path::PathBuf,
    /// Re-create and re-seed the sandbox database.
    #[cfg(feature = "sandbox")]
    #[arg(long)]
    pub sandbox_reset: bool,
    /// Synthetic offerings the sandbox adds when it seeds a new database (measurements).
    #[cfg(feature = "sandbox")]
    #[arg(long, env = "COLHEITA_SANDBOX_EXTRA_OFFERINGS", default_value_t = 0)]
    pub sandbox_extra_offerings: usize,
    /// Synthetic investors (`carga-001@colheita.dev` …, the demo password, cadastro
    /// Completo, Pix) the sandbox adds when it seeds a new database (load and race tests).
    #[cfg(feature = "sandbox")]
    #[arg(long, env = "COLHEITA_SANDBOX_EXTRA_INVESTORS", default_value_t = 0)]
    pub sandbox_extra_investors: usize,
    /// Product name shown in titles.
    #[arg(long, env = "COLHEITA_PRODUCT_NAME", default_value = "Colheita")]
    pub product_name: String,
    /// Where the specialist-chat button leads.
    #[arg(
        long,
        env = "COLHEITA_CHAT_URL",
        default_value = "https://wa.me/5511999990000?text=Ol%C3%A1%2C%20quero%20falar%20com%20um%20especialista"
    )]
    pub chat_url: String,
    /// The map tiles' URL template (`{z}`, `{x}`, `{y}`; `{s}` for a subdomain); the
    /// Content-Security-Policy lets images come from its host.
    #[arg(
        long,
        env = "COLHEITA_MAP_TILES_URL",
        default_value = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
    )]
    pub map_tiles_url: String,
    /// The tile server's attribution, shown on the map (HTML).
    #[arg(
        long,
        env = "COLHEITA_MAP_ATTRIBUTION",
        default_value = "&copy; <a href=\"https://www.openstreetmap.org/copyright\">colaboradores do OpenStreetMap</a>"
    )]
    pub map_attribution: String,
    /// The receiver's city written in the Pix BR Code (the platform's Pix data has none).
    #[arg(long, env = "COLHEITA_PIX_MERCHANT_CITY", default_value = "SAO PAULO")]
    pub pix_merchant_city: String,
    /// Connect timeout for platform calls, in seconds.
    #[arg(long, env = "COLHEITA_CONNECT_TIMEOUT", default_value_t = 3)]
    pub connect_timeout: u64,
    /// Total timeout for platform calls, in seconds.
    #[arg(long, env = "COLHEITA_REQUEST_TIMEOUT", default_value_t = 10)]
    pub request_timeout: u64,
    /// Seconds a visitor's offering list and detail are shared between requests (single
    /// call to the platform for concurrent identical ones); 0 turns it off.
    #[arg(long, env = "COLHEITA_MICRO_CACHE", default_value_t = 2)]
    pub micro_cache: u64,
    /// The platform pool: at most this many platform calls in flight at once (more wait for
    /// a place) and as many idle connections kept per platform host on each connection
    /// thread. About the concurrent calls the platform serves well; it also bounds the
    /// memory the connections hold. 64 keeps a replica under 64 MiB at 256 concurrent
    /// logged-in pages with the throughput of 128 on two cores (`benches/load.sh`); raise it
    /// where the platform answers slowly (calls per second ≈ places ÷ the platform's
    /// latency).
    #[arg(long, env = "COLHEITA_PLATFORM_POOL", default_value_t = 64)]
    pub platform_pool: usize,
    /// Longest wait for a client's request line and headers, in seconds (slowloris).
    #[arg(long, env = "COLHEITA_HEADER_READ_TIMEOUT", default_value_t = 10)]
    pub header_read_timeout: u64,
    /// Longest time one inbound request may take, body upload included, in seconds.
    #[arg(long, env = "COLHEITA_INBOUND_TIMEOUT", default_value_t = 60)]
    pub inbound_timeout: u64,
    /// Most client connections open at once; further ones wait to be accepted.
    #[arg(long, env = "COLHEITA_MAX_CONNECTIONS", default_value_t = 1024)]
    pub max_connections: usize,
    /// Longest a login session lives however often it is refreshed, in seconds (12 h).
    #[arg(long, env = "COLHEITA_SESSION_MAX", default_value_t = 43_200,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub session_max: u64,
    /// A session not used for this long ends, in seconds (30 min).
    #[arg(long, env = "COLHEITA_SESSION_IDLE", default_value_t = 1_800,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub session_idle: u64,
    /// The share of the invested amount (in percent) above which one issuer or one state
    /// is called out on the realised-return page as a concentration.
    #[arg(long, env = "COLHEITA_CONCENTRATION_LIMIT", default_value = "25")]
    pub concentration_limit: rust_decimal::Decimal,
    /// Sign-up attempts that reach the platform, per client address and hour.
    #[arg(long, env = "COLHEITA_SIGNUP_LIMIT", default_value = "10")]
    pub signup_limit: NonZeroU32,
    /// Password-change attempts (each a guess of the current password) per account and per
    /// client address and hour before 429; at twice as many the session ends.
    #[arg(long, env = "COLHEITA_PASSWORD_GUESS_LIMIT", default_value = "5")]
    pub password_guess_limit: NonZeroU32,
    /// The store the attempt limits above are counted in, shared by every replica: a Redis
    /// or Valkey URL (`redis://host:port/db`). Unset: each process counts in its own
    /// memory, which is right only for a single replica.
    #[arg(long, env = "COLHEITA_LIMITS_URL", hide_env_values = true)]
    pub limits_url: Option<String>,
    /// Login attempts at the embedded sandbox's provider, per client address and hour.
    #[cfg(feature = "sandbox")]
    #[arg(long, env = "COLHEITA_SANDBOX_LOGIN_LIMIT", default_value = "60")]
    pub sandbox_login_limit: NonZeroU32,
    /// Password changes (each checks the current password) per account and hour at the
    /// embedded sandbox; per client address they share the login limit.
    #[cfg(feature = "sandbox")]
    #[arg(
        long,
        env = "COLHEITA_SANDBOX_PASSWORD_CHANGE_LIMIT",
        default_value = "10"
    )]
    pub sandbox_password_change_limit: NonZeroU32,
    /// Behind a proxy that appends the client to `X-Forwarded-For` (nginx's
    /// `$proxy_add_x_forwarded_for`): take the client's address from its last entry.
    #[arg(long, env = "COLHEITA_TRUST_FORWARDED_FOR")]
    pub trust_forwarded_for: bool,
    /// Allow a plain-http `--public-url` against a real platform (`--api-url`).
    #[arg(long, env = "COLHEITA_INSECURE_HTTP")]
    pub insecure_http: bool,
    /// On SIGTERM or Ctrl-C the web app stops accepting and lets open requests finish for
    /// up to this many seconds (a rolling restart's drain).
    #[arg(long, env = "COLHEITA_SHUTDOWN_GRACE", default_value_t = 30)]
    pub shutdown_grace: u64,
    /// Address of the Prometheus metrics (`GET /metrics`); unset: no metrics. Keep it off
    /// the public network.
    #[arg(long, env = "COLHEITA_METRICS_ADDR")]
    pub metrics_addr: Option<SocketAddr>,
    /// Log format: `text` for people, `json` (one object per line) for a log pipeline.
    #[arg(long, env = "COLHEITA_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// Sandbox access-token lifetime, in seconds.
    #[cfg(feature = "sandbox")]
    #[arg(long, env = "COLHEITA_SANDBOX_ACCESS_TTL", default_value_t = 300)]
    pub sandbox_access_ttl: u64,
    /// Sandbox refresh-token lifetime, in seconds.
    #[cfg(feature = "sandbox")]
    #[arg(long, env = "COLHEITA_SANDBOX_REFRESH_TTL", default_value_t = 1800)]
    pub sandbox_refresh_ttl: u64,
    /// Sandbox Pix payment deadline, in seconds.
    #[cfg(feature = "sandbox")]
    #[arg(long, env = "COLHEITA_SANDBOX_PIX_DEADLINE", default_value_t = 86_400)]
    pub sandbox_pix_deadline: u64,
    /// Sandbox: the annual investment limit of a non-qualified investor, in reais.
    #[cfg(feature = "sandbox")]
    #[arg(
        long,
        env = "COLHEITA_SANDBOX_ANNUAL_LIMIT",
        default_value = "20000.00"
    )]
    pub sandbox_annual_limit: rust_decimal::Decimal,
    /// Sandbox: income or investments above this (reais) raise the annual limit.
    #[cfg(feature = "sandbox")]
    #[arg(
        long,
        env = "COLHEITA_SANDBOX_ANNUAL_LIMIT_THRESHOLD",
        default_value = "200000.00"
    )]
    pub sandbox_annual_limit_threshold: rust_decimal::Decimal,
    /// Sandbox: the percent of the greater of income and investments allowed above the threshold.
    #[cfg(feature = "sandbox")]
    #[arg(
        long,
        env = "COLHEITA_SANDBOX_ANNUAL_LIMIT_PERCENT",
        default_value = "10"
    )]
    pub sandbox_annual_limit_percent: rust_decimal::Decimal,
    /// Sandbox: the financial investments (reais) above which an investor may declare
    /// being qualified (Resolução CVM nº 30), stated in the qualified investor's declaration.
    #[cfg(feature = "sandbox")]
    #[arg(
        long,
        env = "COLHEITA_SANDBOX_QUALIFIED_INVESTMENTS",
        default_value = "1000000.00"
    )]
    pub sandbox_qualified_investments: rust_decimal::Decimal,
    /// Sandbox: days after confirming in which the investor may withdraw.
    #[cfg(feature = "sandbox")]
    #[arg(long, env = "COLHEITA_SANDBOX_WITHDRAWAL_DAYS", default_value_t = 5)]
    pub sandbox_withdrawal_days: u16,
    /// Sandbox: the least share of the maximum target an offering's minimum target may be,
    /// as a fraction.
    #[cfg(feature = "sandbox")]
    #[arg(long, env = "COLHEITA_SANDBOX_MINIMUM_TARGET_RATIO", default_value = "2/3",
          value_parser = parse_ratio)]
    pub sandbox_minimum_target_ratio: crate::domain::cvm::TargetRatio,
    /// Sandbox: the most one offering may raise, in reais.
    #[cfg(feature = "sandbox")]
    #[arg(
        long,
        env = "COLHEITA_SANDBOX_OFFERING_CAP",
        default_value = "15000000.00"
    )]
    pub sandbox_offering_cap: rust_decimal::Decimal,
    /// Sandbox: the longest fundraising period of an offering, in days.
    #[cfg(feature = "sandbox")]
    #[arg(long, env = "COLHEITA_SANDBOX_FUNDRAISING_DAYS", default_value_t = 180)]
    pub sandbox_fundraising_days: u16,
    /// Sandbox: business days within which a withdrawal or a failed offering is refunded.
    #[cfg(feature = "sandbox")]
    #[arg(
        long,
        env = "COLHEITA_SANDBOX_REFUND_BUSINESS_DAYS",
        default_value_t = 5
    )]
    pub sandbox_refund_business_days: u16,
}

#[cfg(feature = "sandbox")]
fn parse_ratio(text: &str) -> Result<crate::domain::cvm::TargetRatio, String> {
    crate::domain::cvm::TargetRatio::parse(text)
        .ok_or_else(|| "uma fração entre 0 e 1, como 2/3".to_owned())
}

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

impl Config {
    pub fn shutdown_grace(&self) -> Duration {
        Duration::from_secs(self.shutdown_grace)
    }
    pub fn connect_timeout(&self) -> Duration {
        Duration::from_secs(self.connect_timeout)
    }
    pub fn request_timeout(&self) -> Duration {
        Duration::from_secs(self.request_timeout)
    }
    pub fn header_read_timeout(&self) -> Duration {
        Duration::from_secs(self.header_read_timeout)
    }
    pub fn inbound_timeout(&self) -> Duration {
        Duration::from_secs(self.inbound_timeout)
    }
    pub fn session_max(&self) -> Duration {
        Duration::from_secs(self.session_max)
    }
    pub fn session_limits(&self) -> crate::domain::sessao::SessionLimits {
        let secs = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
        crate::domain::sessao::SessionLimits {
            max: secs(self.session_max),
            idle: secs(self.session_idle),
        }
    }
    /// The embedded sandbox runs unless a real platform is configured (or the build has
    /// no sandbox).
    pub fn embedded_sandbox(&self) -> bool {
        cfg!(feature = "sandbox") && self.api_url.is_none()
    }
}
