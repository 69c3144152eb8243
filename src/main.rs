//! `colheita`: starts the web app and, unless a real platform is configured, the embedded
//! platform sandbox. `colheita sandbox` runs the sandbox alone. A build without the
//! `sandbox` feature (the production build) has neither and always needs `--api-url`.

use clap::Parser;
use colheita::config::{Cli, LogFormat};
use colheita::startup;
use tokio::net::TcpListener;
use tracing_subscriber::EnvFilter;

/// mimalloc: per-thread heaps, where glibc's malloc made the runtime's threads wait on its
/// arena locks (a fifth of a logged-in page's CPU went to malloc/free under load).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,tower_http=warn"));
    match cli.config.log_format {
        LogFormat::Text => tracing_subscriber::fmt().with_env_filter(filter).init(),
        // One JSON object per line, the request's span (id, method, route) in each.
        LogFormat::Json => tracing_subscriber::fmt()
            .json()
            .with_current_span(true)
            .with_span_list(false)
            .with_env_filter(filter)
            .init(),
    }
    match run(cli).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("colheita: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn bind(addr: std::net::SocketAddr) -> Result<TcpListener, Box<dyn std::error::Error>> {
    TcpListener::bind(addr)
        .await
        .map_err(|e| format!("não foi possível escutar em {addr}: {e}").into())
}

async fn run(cli: Cli) -> Result<(), Box<dyn std::error::Error>> {
    #[cfg(feature = "sandbox")]
    let sandbox_url = {
        use colheita::config::Command;
        let alone = matches!(cli.command, Some(Command::Sandbox));
        let url = if cli.config.embedded_sandbox() || alone {
            Some(startup::spawn_sandbox(
                bind(cli.config.sandbox_addr).await?,
                &cli.config,
            )?)
        } else {
            None
        };
        if alone {
            println!("Sandbox da plataforma: {}", url.unwrap_or_default());
            print_demo_logins();
            shutdown_signal().await;
            return Ok(());
        }
        url
    };
    #[cfg(not(feature = "sandbox"))]
    let sandbox_url: Option<String> = None;
    let cfg = cli.config;
    startup::check_transport(&cfg, cfg.public_url.as_ref())?;
    let listener = bind(cfg.addr).await?;
    let local = listener.local_addr()?;
    let public_url = match &cfg.public_url {
        Some(u) => u.clone(),
        None => url::Url::parse(&format!("http://{local}"))?,
    };
    let api_url = match (&cfg.api_url, &sandbox_url) {
        (Some(u), _) => u.clone(),
        (None, Some(s)) => url::Url::parse(s)?,
        (None, None) => {
            return Err("sem plataforma configurada: informe --api-url (COLHEITA_API_URL)".into());
        }
    };
    if let Some(addr) = cfg.metrics_addr {
        let handle = colheita::telemetry::install()?;
        let listener = bind(addr).await?;
        println!(
            "Métricas (Prometheus): http://{}/metrics",
            listener.local_addr()?
        );
        tokio::spawn(colheita::telemetry::serve(
            listener,
            handle,
            shutdown_signal(),
        ));
    }
    let key = startup::cookie_key(&cfg)?;
    let state = startup::web_state(&cfg, public_url.clone(), api_url, key)?;
    println!("Colheita: {public_url}");
    #[cfg(feature = "sandbox")]
    if let Some(s) = &sandbox_url {
        println!("Sandbox da plataforma: {s}");
        println!("Caixa de saída (e-mails do cadastro): {s}/caixa-de-saida");
        print_demo_logins();
    }
    startup::serve(
        listener,
        colheita::web::router(state),
        startup::ServeLimits::from_config(&cfg),
        shutdown_signal(),
    )
    .await;
    Ok(())
}

#[cfg(feature = "sandbox")]
fn print_demo_logins() {
    use colheita::sandbox;
    println!("Logins de demonstração (senha {}):", sandbox::DEMO_PASSWORD);
    for (email, what) in sandbox::DEMO_LOGINS {
        println!("  {email:<28} {what}");
    }
}

/// Ctrl-C, or SIGTERM (what an orchestrator or `systemctl stop` sends before SIGKILL):
/// either starts the graceful drain.
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "SIGTERM cannot be watched; only Ctrl-C stops gracefully");
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    let _ = tokio::signal::ctrl_c().await;
    tracing::info!("shutting down: draining open requests");
}
