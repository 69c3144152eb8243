//! SQLite storage of the sandbox: a small r2d2 pool of WAL connections (short reads on the
//! request's own thread, writes on `spawn_blocking`), versioned migrations
//! (rusqlite_migration, on `PRAGMA user_version`), seeding on first start.

mod esquema;
pub(crate) mod estados;
#[cfg(test)]
pub(crate) mod testing;
#[cfg(test)]
mod tests;
pub(crate) mod transicao;

use std::path::{Path, PathBuf};
use std::time::Duration;

use r2d2_sqlite::SqliteConnectionManager;
use rusqlite::{Connection, OpenFlags, Params, Row, Transaction, TransactionBehavior};
use rusqlite_migration::{M, Migrations};

use crate::sandbox::erro::{ApiError, SandboxError};
use crate::sandbox::{SandboxConfig, seed, tempo};

/// Readers run in parallel under WAL; 4 connections are plenty for a demo platform and
/// keep the file-descriptor count low.
const CONEXOES: u32 = 4;

/// How long a request waits for a free connection before it fails (500).
const ESPERA_CONEXAO: Duration = Duration::from_secs(30);

/// How long a writer waits for another writer before SQLITE_BUSY.
const ESPERA_OCUPADO: Duration = Duration::from_secs(5);

/// Prepared statements kept per connection (rusqlite's default is 16).
const CACHE_DE_CONSULTAS: usize = 128;

pub(crate) const ARQUIVO: &str = "sandbox.db";

type Pool = r2d2::Pool<SqliteConnectionManager>;

#[derive(Clone)]
pub(crate) struct Db {
    pool: Pool,
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
        let gerente = gerente(&caminho);
        // Migrations and seeding run on a connection of their own before the pool exists,
        // so a file that is not a database fails the start at once, with SQLite's reason.
        let mut primeira = r2d2::ManageConnection::connect(&gerente)?;
        migrar(&mut primeira)?;
        // Password hashes of the retired SHA-256 scheme become Argon2id (a Rust step: SQL
        // cannot hash).
        let tx = primeira.transaction_with_behavior(TransactionBehavior::Immediate)?;
        crate::sandbox::autenticacao::senha::migrar_legados(&tx)
            .map_err(|e| SandboxError::Tarefa(e.mensagem().to_owned()))?;
        // The offerings' folded text of migration 6 (a Rust step: SQL cannot fold accents).
        crate::sandbox::captacoes::store::dobrados::preencher(&tx)?;
        // Every offering lists its essential information (CVM 88), older databases' too.
        crate::sandbox::captacoes::store::completar_informacoes(&tx)?;
        tx.commit()?;
        let vazio: i64 = primeira.query_row("SELECT COUNT(*) FROM captacoes", [], |r| r.get(0))?;
        if vazio == 0 {
            let tx = primeira.transaction_with_behavior(TransactionBehavior::Immediate)?;
            seed::semear(&tx, cfg, tempo::agora())?;
            seed::extras::inserir(
                &tx,
                cfg.extra_offerings,
                cfg.minimum_target_ratio,
                tempo::agora(),
            )?;
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
        drop(primeira);
        let pool = r2d2::Pool::builder()
            .max_size(CONEXOES)
            .connection_timeout(ESPERA_CONEXAO)
            // Connections live as long as the sandbox, like their statement caches: a local
            // file needs neither recycling nor a liveness probe on every checkout.
            .max_lifetime(None)
            .idle_timeout(None)
            .test_on_check_out(false)
            .build(gerente)
            .map_err(|e| SandboxError::Tarefa(format!("banco de dados: {e}")))?;
        Ok(Db { pool })
    }

    /// Runs a read (a few indexed queries and their JSON) on a pooled connection.
    ///
    /// When a connection is free at once, the read runs right here, on the request's thread:
    /// under WAL a reader never waits for a writer, and such a read takes tens of
    /// microseconds, less than handing it to a blocking thread and back (two context
    /// switches, which were over half of the sandbox's CPU per read under load). When every
    /// connection is taken, waiting for one would stall the runtime, so the read goes to the
    /// blocking pool. Work that takes milliseconds (building a PDF) does not belong in `f`:
    /// read the data here, then build with [`crate::sandbox::resposta::documento`].
    pub(crate) async fn ler<T, F>(&self, f: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, ApiError> + Send + 'static,
    {
        if let Some(conexao) = self.pool.try_get() {
            return f(&conexao);
        }
        let pool = self.pool.clone();
        tokio::task::spawn_blocking(move || {
            let conexao = pool.get().map_err(ApiError::interno)?;
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
        let pool = self.pool.clone();
        tokio::task::spawn_blocking(move || {
            let mut conexao = pool.get().map_err(ApiError::interno)?;
            let tx = conexao.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let valor = f(&tx)?;
            tx.commit()?;
            Ok(valor)
        })
        .await
        .map_err(ApiError::interno)?
    }
}

/// `query_row` through the connection's statement cache. `Connection::query_row` parses and
/// plans its SQL again on every call, which was a sixth of the sandbox's work for a statement
/// page; the stores read single rows with [`Linha::linha`] instead.
pub(crate) trait Linha {
    fn linha<T, P, F>(&self, sql: &str, params: P, f: F) -> rusqlite::Result<T>
    where
        P: Params,
        F: FnOnce(&Row<'_>) -> rusqlite::Result<T>;
}

impl Linha for Connection {
    fn linha<T, P, F>(&self, sql: &str, params: P, f: F) -> rusqlite::Result<T>
    where
        P: Params,
        F: FnOnce(&Row<'_>) -> rusqlite::Result<T>,
    {
        self.prepare_cached(sql)?.query_row(params, f)
    }
}

/// Opens every connection of the sandbox, the first one included, with the same settings.
fn gerente(caminho: &Path) -> SqliteConnectionManager {
    SqliteConnectionManager::file(caminho)
        .with_flags(
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX
                | OpenFlags::SQLITE_OPEN_URI,
        )
        .with_init(preparar)
}

fn preparar(conexao: &mut Connection) -> rusqlite::Result<()> {
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
    )
}

/// The schema's migrations in order: migration N brings the database to `user_version = N`,
/// the numbering the sandbox has always used, so older databases carry on from theirs.
fn migracoes() -> Migrations<'static> {
    Migrations::new(esquema::MIGRACOES.iter().map(|sql| M::up(sql)).collect())
}

/// Applies every migration above the database's `user_version`, in one transaction with
/// the version bump.
fn migrar(conexao: &mut Connection) -> Result<(), SandboxError> {
    migracoes()
        .to_latest(conexao)
        .map_err(|e| SandboxError::Tarefa(format!("migração do banco de dados: {e}")))
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
