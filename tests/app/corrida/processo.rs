//! The sandbox as the real binary in its own process (`colheita … sandbox`), so the test
//! can `kill -9` it and start it again on the same data dir.

use std::path::Path;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

/// Synthetic investors seeded (`carga-001@colheita.dev` …).
pub const INVESTIDORES: usize = 50;

pub struct Sandbox {
    filho: Child,
    /// `http://127.0.0.1:{port}`, the port the kernel gave (`--sandbox-addr …:0`).
    pub url: String,
}

impl Sandbox {
    /// Starts the sandbox on `dados`: a new seeded database when `novo`, else the one
    /// there (what a restart after a crash does).
    pub async fn iniciar(dados: &Path, novo: bool) -> Sandbox {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_colheita"));
        cmd.args(["--sandbox-addr", "127.0.0.1:0"])
            .args(["--data-dir", dados.to_str().unwrap()])
            .args(["--sandbox-extra-investors", &INVESTIDORES.to_string()])
            .args(["--sandbox-login-limit", "100000"]);
        if novo {
            cmd.arg("--sandbox-reset");
        }
        let mut filho = cmd
            .arg("sandbox")
            .env("RUST_LOG", "warn")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let mut linhas = BufReader::new(filho.stdout.take().unwrap()).lines();
        let url = loop {
            let linha = tokio::time::timeout(Duration::from_secs(30), linhas.next_line())
                .await
                .expect("the sandbox printed its address")
                .unwrap()
                .expect("the sandbox stopped before printing its address");
            if let Some(u) = linha.strip_prefix("Sandbox da plataforma: ") {
                break u.trim_end_matches('/').to_owned();
            }
        };
        // Keeps reading, so a full pipe never blocks the sandbox's writes.
        tokio::spawn(async move { while let Ok(Some(_)) = linhas.next_line().await {} });
        Sandbox { filho, url }
    }

    /// `kill -9`: SIGKILL, no drain, no destructor, no checkpoint; waits until it is gone.
    pub async fn matar(mut self) {
        self.filho.start_kill().unwrap();
        let status = self.filho.wait().await.unwrap();
        assert!(!status.success(), "{status}");
    }
}
