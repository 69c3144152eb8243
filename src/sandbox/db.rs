//! SQLite storage of the sandbox: a small pool of WAL connections used from
//! `spawn_blocking`, versioned migrations (`PRAGMA user_version`), seeding on first start.

mod esquema;
mod estados;
pub(crate) mod transicao;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, TryLockError};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};

use crate::sandbox::erro::{ApiError, SandboxError};
use crate::sandbox::{SandboxConfig, seed, tempo};

/// Readers run in parallel under WAL; 4 connections are plenty for a demo platform and
/// keep the file-descriptor count low.
const CONEXOES: usize = 4;

/// How long a writer waits for another writer before SQLITE_BUSY.
const ESPERA_OCUPADO: Duration = Duration::from_secs(5);

/// Prepared statements kept per connection (rusqlite's default is 16).
const CACHE_DE_CONSULTAS: usize = 128;

pub(crate) const ARQUIVO: &str = "sandbox.db";

#[derive(Clone)]
pub(crate) struct Db {
    pool: Arc<Pool>,
}

struct Pool {
    conexoes: Vec<Mutex<Connection>>,
    proxima: AtomicUsize,
}

impl Db {
    /// Opens `{data_dir}/sandbox.db`; with `cfg.reset` drops it first. Migrates, and seeds
    /// when the database has no offerings yet (first start).
    pub(crate) fn open(cfg: &SandboxConfig) -> Result<Db, SandboxError> {
        std::fs::create_dir_all(&cfg.data_dir).map_err(|fonte| SandboxError::Arquivo {
            caminho: cfg.data_dir.display().to_string(),
            fonte,
        })?;
        let caminho = cfg.data_dir.join(ARQUIVO);
        if cfg.reset {
            apagar(&caminho)?;
        }
        let mut primeira = conectar(&caminho)?;
        migrar(&mut primeira)?;
        // Password hashes of the retired SHA-256 scheme become Argon2id (a Rust step: SQL
        // cannot hash).
        let tx = primeira.transaction_with_behavior(TransactionBehavior::Immediate)?;
        crate::sandbox::autenticacao::senha::migrar_legados(&tx)
            .map_err(|e| SandboxError::Tarefa(e.mensagem().to_owned()))?;
        // The offerings' folded text of migration 6 (a Rust step: SQL cannot fold accents).
        crate::sandbox::captacoes::dobrados::preencher(&tx)?;
        // Every offering lists its essential information (CVM 88), older databases' too.
        crate::sandbox::captacoes::informacoes::completar(&tx)?;
        tx.commit()?;
        let vazio: i64 = primeira.query_row("SELECT COUNT(*) FROM captacoes", [], |r| r.get(0))?;
        if vazio == 0 {
            let tx = primeira.transaction_with_behavior(TransactionBehavior::Immediate)?;
            seed::semear(&tx, cfg, tempo::agora())?;
            seed::extras::inserir(&tx, cfg.extra_offerings, tempo::agora())?;
            seed::carga::inserir(&tx, cfg.extra_investors, tempo::agora())?;
            // After the synthetic investors, so they get theirs too.
            seed::declaracoes::inserir(&tx, tempo::agora())?;
            tx.commit()?;
            tracing::info!(arquivo = %caminho.display(), "sandbox: banco criado e semeado");
        }
        let sem_produtos: i64 =
            primeira.query_row("SELECT COUNT(*) FROM produtos", [], |r| r.get(0))?;
        if sem_produtos == 0 {
            let tx = primeira.transaction_with_behavior(TransactionBehavior::Immediate)?;
            seed::complementar(&tx, tempo::agora())?;
            tx.commit()?;
        }
        let sem_declaracoes: i64 =
            primeira.query_row("SELECT COUNT(*) FROM declaracoes_investidor", [], |r| {
                r.get(0)
            })?;
        if sem_declaracoes == 0 {
            // A database from before the annual-limit declarations.
            let tx = primeira.transaction_with_behavior(TransactionBehavior::Immediate)?;
            seed::declaracoes::inserir(&tx, tempo::agora())?;
            tx.commit()?;
        }
        let mut conexoes = vec![Mutex::new(primeira)];
        for _ in 1..CONEXOES {
            conexoes.push(Mutex::new(conectar(&caminho)?));
        }
        Ok(Db {
            pool: Arc::new(Pool {
                conexoes,
                proxima: AtomicUsize::new(0),
            }),
        })
    }

    /// Runs a read (or a single statement) on a pooled connection off the async runtime.
    pub(crate) async fn ler<T, F>(&self, f: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, ApiError> + Send + 'static,
    {
        let pool = Arc::clone(&self.pool);
        tokio::task::spawn_blocking(move || {
            let conexao = pool.pegar();
            f(&conexao)
        })
        .await
        .map_err(ApiError::interno)?
    }

    /// Runs a multi-step change in one IMMEDIATE transaction: it takes the write lock up
    /// front, so two writers queue on `busy_timeout` instead of failing on lock upgrade.
    /// The transaction commits only when `f` returns `Ok`.
    pub(crate) async fn escrever<T, F>(&self, f: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction<'_>) -> Result<T, ApiError> + Send + 'static,
    {
        let pool = Arc::clone(&self.pool);
        tokio::task::spawn_blocking(move || {
            let mut conexao = pool.pegar();
            let tx = conexao.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let valor = f(&tx)?;
            tx.commit()?;
            Ok(valor)
        })
        .await
        .map_err(ApiError::interno)?
    }
}

impl Pool {
    /// A free connection if any, else waits for one (round robin spreads the waits).
    fn pegar(&self) -> MutexGuard<'_, Connection> {
        let n = self.conexoes.len();
        let inicio = self.proxima.fetch_add(1, Ordering::Relaxed) % n;
        for i in 0..n {
            match self.conexoes[(inicio + i) % n].try_lock() {
                Ok(guarda) => return guarda,
                // A panic while holding a connection leaves it usable: every change runs
                // in a transaction that rolled back when its guard was dropped.
                Err(TryLockError::Poisoned(p)) => return p.into_inner(),
                Err(TryLockError::WouldBlock) => {}
            }
        }
        self.conexoes[inicio]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

fn conectar(caminho: &Path) -> Result<Connection, SandboxError> {
    let conexao = Connection::open_with_flags(
        caminho,
        OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_URI,
    )?;
    conexao.busy_timeout(ESPERA_OCUPADO)?;
    // The offerings' list has one statement shape per combination of filters used.
    conexao.set_prepared_statement_cache_capacity(CACHE_DE_CONSULTAS);
    // Reads through a memory map (no read() per page; one copy in the OS cache for every
    // connection) and a page cache that holds the list's indexes and a few pages of rows.
    conexao.execute_batch(
        "PRAGMA journal_mode = WAL;
         PRAGMA synchronous = NORMAL;
         PRAGMA foreign_keys = ON;
         PRAGMA mmap_size = 268435456;
         PRAGMA cache_size = -16384;",
    )?;
    Ok(conexao)
}

/// Applies, in order, every migration above the database's `user_version`, each in its
/// own transaction together with the version bump.
fn migrar(conexao: &mut Connection) -> Result<(), SandboxError> {
    let atual: i64 = conexao.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    for (indice, sql) in esquema::MIGRACOES.iter().enumerate() {
        let versao = i64::try_from(indice + 1).unwrap_or(i64::MAX);
        if versao <= atual {
            continue;
        }
        let tx = conexao.transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute_batch(sql)?;
        // PRAGMA takes no bound parameters; `versao` is our own integer.
        tx.execute_batch(&format!("PRAGMA user_version = {versao};"))?;
        tx.commit()?;
    }
    Ok(())
}

/// Removes the database and its WAL side files.
fn apagar(caminho: &Path) -> Result<(), SandboxError> {
    let mut arquivos: Vec<PathBuf> = vec![caminho.to_path_buf()];
    for sufixo in ["-wal", "-shm"] {
        let mut nome = caminho.as_os_str().to_owned();
        nome.push(sufixo);
        arquivos.push(PathBuf::from(nome));
    }
    for arquivo in arquivos {
        match std::fs::remove_file(&arquivo) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(fonte) => {
                return Err(SandboxError::Arquivo {
                    caminho: arquivo.display().to_string(),
                    fonte,
                });
            }
        }
    }
    Ok(())
}
