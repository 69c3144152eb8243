//! SQLite storage of the sandbox: a small r2d2 pool of WAL connections, every call on
//! `spawn_blocking` (reads and writes alike: none runs on a runtime thread), and versioned
//! migrations (rusqlite_migration, on `PRAGMA user_version`). Opening only opens and
//! migrates; the fix-ups and the seed are the sandbox's start-up.

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
    /// Opens `{data_dir}/sandbox.db` (with `reset`, drops it first), migrates it and builds
    /// the pool. What the data needs on top (fix-ups, the seed) is the sandbox's start-up,
    /// through [`Db::write_now`].
    pub(crate) fn open(data_dir: &Path, reset: bool) -> Result<Db, SandboxError> {
        std::fs::create_dir_all(data_dir).map_err(|fonte| SandboxError::Arquivo {
            caminho: data_dir.display().to_string(),
            fonte,
        })?;
        let caminho = data_dir.join(ARQUIVO);
        if reset {
            apagar(&caminho)?;
        }
        let gerente = gerente(&caminho);
        // Migrations run on a connection of their own before the pool exists, so a file
        // that is not a database fails the start at once, with SQLite's reason.
        let mut primeira = r2d2::ManageConnection::connect(&gerente)?;
        migrar(&mut primeira)?;
        drop(primeira);
        let pool = r2d2::Pool::builder()
            .max_size(CONEXOES)
            .connection_timeout(ESPERA_CONEXAO)
            // Connections live as long as the sandbox, like their statement caches: a local
            // file needs neither recycling nor a liveness probe on every checkout.
            .max_lifetime(None)
            .idle_timeout(None)
            .test_on_check_out(false)
            .build(gerente)?;
        Ok(Db { pool })
    }

    /// Runs a read (a few indexed queries and their JSON) on a pooled connection, on the
    /// blocking pool. Like every call into SQLite, it never runs on a runtime thread: a
    /// statement can wait on the file (a full pool, a checkpoint, `busy_timeout` up to
    /// 5 s), and a runtime thread waiting stalls every request it carries. Work that takes
    /// milliseconds (building a PDF) does not belong in `f` either: read the data here, then
    /// build with [`crate::sandbox::resposta::documento`].
    pub(crate) async fn read<T, F>(&self, f: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, ApiError> + Send + 'static,
    {
        let pool = self.pool.clone();
        tokio::task::spawn_blocking(move || f(&*pool.get()?))
            .await
            .map_err(ApiError::interno)?
    }

    /// Runs a multi-step change in one IMMEDIATE transaction, on the blocking pool (see
    /// [`Db::read`]): it takes the write lock up front, so two writers queue on
    /// `busy_timeout` instead of failing on lock upgrade. The transaction commits only when
    /// `f` returns `Ok`.
    pub(crate) async fn write<T, F>(&self, f: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction<'_>) -> Result<T, ApiError> + Send + 'static,
    {
        let db = self.clone();
        tokio::task::spawn_blocking(move || db.write_now(f))
            .await
            .map_err(ApiError::interno)?
    }

    /// [`Db::write`] on the calling thread: for the start-up, before serving, never
    /// from a request's task.
    pub(crate) fn write_now<T, E, F>(&self, f: F) -> Result<T, E>
    where
        E: From<rusqlite::Error> + From<r2d2::Error>,
        F: FnOnce(&Transaction<'_>) -> Result<T, E>,
    {
        let mut conexao = self.pool.get()?;
        let tx = conexao.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let valor = f(&tx)?;
        tx.commit()?;
        Ok(valor)
    }
}

/// `query_row` through the connection's statement cache. `Connection::query_row` parses and
/// plans its SQL again on every call, which was a sixth of the sandbox's work for a statement
/// page; the stores read single rows with [`CachedRow::row`] instead.
pub(crate) trait CachedRow {
    fn row<T, P, F>(&self, sql: &str, params: P, f: F) -> rusqlite::Result<T>
    where
        P: Params,
        F: FnOnce(&Row<'_>) -> rusqlite::Result<T>;
}

impl CachedRow for Connection {
    fn row<T, P, F>(&self, sql: &str, params: P, f: F) -> rusqlite::Result<T>
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
