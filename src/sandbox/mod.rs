//! The embedded platform sandbox: a real implementation of the platform API and of the
//! login provider, persisted in SQLite and seeded with realistic data, so that
//! `cargo run` with no configuration shows the whole product working.
//!
//! The web app never reaches into this module: it talks to it over HTTP exactly as it
//! would talk to the real platform, so pointing it elsewhere is configuration only.

// The sandbox is the platform: it answers in the platform's JSON envelope, not inside the web
// app's shell, so axum's extractors (which the web app must not use) are its own to use.
#![allow(clippy::disallowed_types)]

mod autenticacao;
mod cabecalhos;
mod cadastro;
mod caixa;
mod captacoes;
mod consulta;
mod db;
mod dominios;
mod emissor;
mod erro;
mod extrato;
mod extratores;
mod informe;
mod investimentos;
mod notificacoes;
mod pdf;
pub(crate) mod plataforma;
mod produtos;
mod quero_investir;
mod registro;
mod reservas;
mod resposta;
mod seed;
mod site;
mod tempo;
mod termos;

#[cfg(test)]
mod tests;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;

pub use erro::SandboxError;

/// Password of every demo investor.
pub const DEMO_PASSWORD: &str = "colheita123";

/// The demo investors, as (e-mail, description) for the startup banner.
pub const DEMO_LOGINS: &[(&str, &str)] = &[
    (
        "investidor@colheita.dev",
        "cadastro Completo, paga por Pix, reservas em vários status",
    ),
    (
        "ativa@colheita.dev",
        "cadastro Completo, débito na corretora parceira permitido",
    ),
    (
        "basico@colheita.dev",
        "cadastro Básico, dados incompletos, sem documentos",
    ),
    ("analise@colheita.dev", "cadastro Em análise"),
];

/// How the sandbox is started; `SandboxConfig::new` gives the defaults: access tokens
/// live 5 minutes, refresh tokens 30 minutes, login codes 1 minute, and an unpaid Pix
/// reservation is cancelled 24 hours after confirmation.
#[derive(Debug, Clone)]
pub struct SandboxConfig {
    /// Folder holding `sandbox.db`.
    pub data_dir: PathBuf,
    /// Drop the database, re-create and re-seed it.
    pub reset: bool,
    /// Public base URL of the sandbox, no trailing slash; media URLs are absolute on it.
    pub public_url: String,
    /// The one client the login provider knows: its `client_id` and the redirect URI
    /// registered for it, compared exactly (RFC 9700 §4.1.3). Default: the web app's
    /// defaults, `colheita-web` and `http://127.0.0.1:3000/autenticacao`.
    pub client_id: String,
    pub redirect_uri: String,
    pub access_ttl: Duration,
    pub refresh_ttl: Duration,
    pub code_ttl: Duration,
    /// The longest a login session lives, however often it is refreshed: no token of a
    /// session outlives its creation plus this. The web app's `--session-max`; default 12 h.
    pub session_max: Duration,
    /// Login attempts per client address and hour (password guessing). Default 60.
    pub login_limit: std::num::NonZeroU32,
    /// Password changes (which check the current password) per account and hour; per
    /// client address they share `login_limit`. Default 10.
    pub password_change_limit: std::num::NonZeroU32,
    /// How long a rotated refresh token still gets the pair it was rotated into (two
    /// requests racing); reusing it later revokes the session. Default 5 s.
    pub refresh_reuse: Duration,
    pub pix_deadline: Duration,
    /// Synthetic offerings added after the seed on a new database (to measure the list
    /// with thousands of offerings); 0 by default.
    pub extra_offerings: usize,
    /// Synthetic investors `carga-001@colheita.dev` … added after the seed on a new
    /// database (Completo, Pix, the demo password: load and race tests); 0 by default.
    pub extra_investors: usize,
    /// The annual investment limit of Resolução CVM nº 88/2022 (R$ 20.000,00, or 10 % of
    /// income or investments above R$ 200.000,00); parameters, since the CVM has consulted
    /// on changing them. The web app reads them from `GET /v1/cadastro/declaracao-investidor`.
    pub annual_limit: crate::domain::limite_anual::AnnualLimitRules,
    /// Days after confirming in which the investor may withdraw (5 today).
    pub withdrawal_days: u16,
    /// Business days within which a withdrawal or a failed offering is refunded, stated
    /// before the investor commits ("devolução em até N dias úteis"). Default 5.
    pub refund_business_days: u16,
    /// The least share of the maximum target an offering's minimum target may be (two
    /// thirds today), enforced where the sandbox seeds or adds an offering.
    pub minimum_target_ratio: crate::domain::cvm::TargetRatio,
    /// The most one offering may raise and its longest fundraising period (R$ 15 million,
    /// 180 days today), enforced where the sandbox seeds or adds an offering.
    pub offering_rules: crate::domain::captacao::RegrasOferta,
    /// Financial investments above which a natural person may declare being a qualified
    /// investor (Resolução CVM nº 30: R$ 1.000.000,00 today), stated in the declaration
    /// the investor signs.
    pub qualified_investments: rust_decimal::Decimal,
}

impl SandboxConfig {
    pub fn new(data_dir: PathBuf, public_url: String) -> Self {
        Self {
            data_dir,
            reset: false,
            public_url,
            client_id: "colheita-web".to_owned(),
            redirect_uri: "http://127.0.0.1:3000/autenticacao".to_owned(),
            access_ttl: Duration::from_secs(300),
            refresh_ttl: Duration::from_secs(1800),
            code_ttl: Duration::from_secs(60),
            session_max: Duration::from_secs(12 * 3600),
            login_limit: std::num::NonZeroU32::new(60).unwrap_or(std::num::NonZeroU32::MIN),
            password_change_limit: std::num::NonZeroU32::new(10)
                .unwrap_or(std::num::NonZeroU32::MIN),
            refresh_reuse: Duration::from_secs(5),
            pix_deadline: Duration::from_secs(24 * 3600),
            extra_offerings: 0,
            extra_investors: 0,
            annual_limit: crate::domain::limite_anual::AnnualLimitRules::CVM_88,
            withdrawal_days: 5,
            refund_business_days: 5,
            minimum_target_ratio: crate::domain::cvm::TargetRatio::TWO_THIRDS,
            offering_rules: crate::domain::captacao::RegrasOferta::CVM_88,
            qualified_investments: crate::domain::limite_anual::QUALIFIED_INVESTMENTS,
        }
    }
}

/// The CVM 88 parameters in force, as the platform's rules read them.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RegrasCvm {
    pub(crate) limite: crate::domain::limite_anual::AnnualLimitRules,
    pub(crate) dias_desistencia: u16,
    pub(crate) dias_uteis_devolucao: u16,
}

impl SandboxConfig {
    pub(crate) fn regras(&self) -> RegrasCvm {
        RegrasCvm {
            limite: self.annual_limit,
            dias_desistencia: self.withdrawal_days,
            dias_uteis_devolucao: self.refund_business_days,
        }
    }
}

/// What the data needs on top of the schema, in one transaction at every start: the steps
/// SQL cannot do, then the seed where data is missing.
fn preparar(tx: &rusqlite::Transaction<'_>, cfg: &SandboxConfig) -> Result<(), SandboxError> {
    // Password hashes of the retired SHA-256 scheme become Argon2id.
    autenticacao::senha::migrar_legados(tx)
        .map_err(|e| SandboxError::Tarefa(e.mensagem().to_owned()))?;
    // The offerings' folded text of migration 6 (accents folded in Rust).
    captacoes::store::dobrados::preencher(tx)?;
    // Every offering lists its essential information (CVM 88), older databases' too.
    captacoes::store::completar_informacoes(tx)?;
    seed::completar_banco(tx, cfg, tempo::agora())
}

/// A running sandbox: the database and the configuration, shared by every request.
#[derive(Clone)]
pub struct Sandbox {
    inner: Arc<Inner>,
}

struct Inner {
    cfg: SandboxConfig,
    db: db::Db,
    login_attempts: crate::rate_limit::AttemptLimiter,
    password_attempts: autenticacao::tentativas::TentativasSenha,
}

impl Sandbox {
    /// Opens (creating and migrating) `{data_dir}/sandbox.db`, then brings its data up to
    /// date and seeds what is missing.
    /// Blocking: call it before serving, not from inside a request.
    pub fn open(mut cfg: SandboxConfig) -> Result<Sandbox, SandboxError> {
        // A trailing slash would produce `//midia/...` in every media URL.
        while cfg.public_url.ends_with('/') {
            cfg.public_url.pop();
        }
        let db = db::Db::open(&cfg.data_dir, cfg.reset)?;
        db.write_now(|tx| preparar(tx, &cfg))?;
        Ok(Sandbox {
            inner: Arc::new(Inner {
                login_attempts: crate::rate_limit::AttemptLimiter::per_hour(cfg.login_limit),
                password_attempts: autenticacao::tentativas::TentativasSenha::por_hora(
                    cfg.password_change_limit,
                    cfg.login_limit,
                ),
                cfg,
                db,
            }),
        })
    }

    /// The sandbox's HTTP surface, one group per platform resource: the login provider
    /// (`autenticacao`), `/v1/captacoes` and `/midia`, `/v1/reservas` (with the statement,
    /// `/v1/reservas/extrato`), `/v1/cadastro` (the sign-up its `POST`) and the password (the registration documents
    /// include the income reports), `/v1/notificacoes`, `/v1/produtos` (category
    /// products), `/v1/dominios`, `/v1/termos`, `/v1/informe`, plus the sandbox-only
    /// transitions and e-mail outbox.
    pub fn router(&self) -> Router {
        Router::new()
            .merge(autenticacao::routes())
            .merge(captacoes::routes())
            .merge(reservas::routes())
            .merge(extrato::routes())
            .merge(notificacoes::routes())
            .merge(produtos::routes())
            .merge(cadastro::routes())
            .merge(quero_investir::routes())
            .merge(dominios::routes())
            .merge(termos::routes())
            .merge(informe::routes())
            .merge(investimentos::routes())
            .merge(plataforma::routes())
            .merge(caixa::routes())
            .fallback(erro::nao_encontrado)
            .layer(axum::middleware::map_response(resposta::pessoal_por_padrao))
            .with_state(self.clone())
    }

    /// Cancels every Pix reservation whose deadline has passed and forgets expired codes
    /// and tokens. Returns how many reservations were cancelled.
    ///
    /// Amounts shown never depend on this having run (an overdue reservation stops
    /// counting as `reservado` the moment its deadline passes); it only makes the stored
    /// status catch up, as the platform's own expiry job would.
    pub async fn expire_overdue(&self) -> Result<usize, SandboxError> {
        let agora = tempo::agora();
        self.db()
            .write(move |tx| reservas::resumo::expirar(tx, agora))
            .await
            .map_err(|e| SandboxError::Tarefa(e.mensagem().to_owned()))
    }

    /// Tells the investors whose reservations were recorded before their offering opened
    /// that it opened, settles every live offering whose fundraising period ended (below
    /// its minimum target: its reservations cancelled and refunded), and marks as transferred to the
    /// issuer what successful offerings hold past the withdrawal period, and tells each
    /// holder what changed in their holdings (an update, an instalment overdue, a change of
    /// situation, a recovery step). Returns how many offerings were settled.
    pub async fn close_ended_offerings(&self) -> Result<usize, SandboxError> {
        let agora = tempo::agora();
        self.db()
            .write(move |tx| {
                reservas::encerramento::avisar_aberturas(tx, agora)?;
                let n = reservas::encerramento::encerrar_vencidas(tx, agora)?;
                reservas::encerramento::repassar(tx, agora)?;
                investimentos::avisos::avisar_todos(
                    tx,
                    agora,
                    investimentos::avisos::Modo::Enviar,
                )?;
                Ok(n)
            })
            .await
            .map_err(|e| SandboxError::Tarefa(e.mensagem().to_owned()))
    }

    /// Runs [`Sandbox::expire_overdue`] every `every` on the current Tokio runtime.
    pub fn spawn_expiry_sweeper(&self, every: Duration) -> tokio::task::JoinHandle<()> {
        let sandbox = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                match sandbox.expire_overdue().await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!(canceladas = n, "sandbox: reservas Pix vencidas"),
                    Err(e) => tracing::warn!(erro = %e, "sandbox: varredura de vencimentos falhou"),
                }
                match sandbox.close_ended_offerings().await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!(encerradas = n, "sandbox: captações encerradas"),
                    Err(e) => {
                        tracing::warn!(erro = %e, "sandbox: encerramento de captações falhou")
                    }
                }
            }
        })
    }

    fn cfg(&self) -> &SandboxConfig {
        &self.inner.cfg
    }

    fn db(&self) -> &db::Db {
        &self.inner.db
    }

    fn login_attempts(&self) -> &crate::rate_limit::AttemptLimiter {
        &self.inner.login_attempts
    }

    fn password_attempts(&self) -> &autenticacao::tentativas::TentativasSenha {
        &self.inner.password_attempts
    }
}
