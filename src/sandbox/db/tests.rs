//! The migrations carry on from databases written by earlier versions of the sandbox,
//! which applied `MIGRACOES` one by one and recorded each in `user_version`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;

use rusqlite::Connection;

use super::{ARQUIVO, Db, esquema, migracoes, migrar};
use crate::sandbox::{Sandbox, SandboxConfig, SandboxError};

struct Pasta(PathBuf);

impl Pasta {
    fn nova(nome: &str) -> Pasta {
        let sufixo: u32 = rand::random();
        let pasta = std::env::temp_dir().join(format!(
            "colheita-db-teste-{nome}-{}-{sufixo:08x}",
            std::process::id()
        ));
        std::fs::create_dir_all(&pasta).unwrap();
        Pasta(pasta)
    }
}

/// The sandbox's database, opened as the sandbox starts (migrated and seeded) in `pasta`.
fn abrir(pasta: &Pasta) -> Db {
    let cfg = SandboxConfig::new(pasta.0.clone(), "http://sandbox.test/".to_owned());
    Sandbox::open(cfg).unwrap().db().clone()
}

impl Drop for Pasta {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A database as the earlier code left it after its first `k` migrations.
fn banco_antigo(conexao: &Connection, k: usize) {
    for sql in &esquema::MIGRACOES[..k] {
        conexao.execute_batch(sql).unwrap();
    }
    conexao
        .execute_batch(&format!("PRAGMA user_version = {k};"))
        .unwrap();
}

fn versao(conexao: &Connection) -> usize {
    conexao
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap()
}

#[test]
fn a_database_at_any_earlier_version_migrates_to_the_latest() {
    let ultima = esquema::MIGRACOES.len();
    for k in 0..=ultima {
        let mut conexao = Connection::open_in_memory().unwrap();
        banco_antigo(&conexao, k);
        migrar(&mut conexao).unwrap_or_else(|e| panic!("from version {k}: {e}"));
        assert_eq!(versao(&conexao), ultima, "from version {k}");
        // Idempotent: a second start changes nothing.
        migrar(&mut conexao).unwrap();
        assert_eq!(versao(&conexao), ultima);
    }
}

#[test]
fn migrating_an_old_database_gives_the_schema_of_a_new_one() {
    let esquema_de = |conexao: &Connection| -> Vec<(String, String)> {
        let mut consulta = conexao
            .prepare("SELECT name, COALESCE(sql, '') FROM sqlite_schema ORDER BY name")
            .unwrap();
        consulta
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    let mut nova = Connection::open_in_memory().unwrap();
    migracoes().to_latest(&mut nova).unwrap();
    let mut antiga = Connection::open_in_memory().unwrap();
    banco_antigo(&antiga, 1);
    migrar(&mut antiga).unwrap();
    assert_eq!(esquema_de(&antiga), esquema_de(&nova));
}

#[test]
fn the_migration_list_is_valid() {
    migracoes().validate().unwrap();
}

#[tokio::test]
async fn the_sandbox_opens_a_database_left_at_an_earlier_version() {
    let pasta = Pasta::nova("antigo");
    let k = esquema::MIGRACOES.len() - 1;
    banco_antigo(&Connection::open(pasta.0.join(ARQUIVO)).unwrap(), k);
    let db = abrir(&pasta);
    let (versao, captacoes) = db
        .read(|c| {
            let captacoes: i64 = c.query_row("SELECT COUNT(*) FROM captacoes", [], |r| r.get(0))?;
            Ok((versao(c), captacoes))
        })
        .await
        .unwrap();
    assert_eq!(versao, esquema::MIGRACOES.len());
    assert!(captacoes > 0, "seeded after migrating");
}

#[tokio::test]
async fn reads_and_writes_share_the_pool_and_a_failed_write_rolls_back() {
    let pasta = Pasta::nova("pool");
    let db = abrir(&pasta);
    let antes: i64 = db
        .read(|c| Ok(c.query_row("SELECT COUNT(*) FROM meta", [], |r| r.get(0))?))
        .await
        .unwrap();
    let falha = db
        .write(|tx| {
            tx.execute("INSERT INTO meta (chave, valor) VALUES ('teste', 'x')", [])?;
            Err::<(), _>(crate::sandbox::erro::ApiError::requisicao("desfaz"))
        })
        .await;
    assert!(falha.is_err());
    // More concurrent reads than connections: they queue for one, none fails.
    let leituras = (0..16).map(|_| {
        let db = db.clone();
        tokio::spawn(async move {
            db.read(|c| Ok(c.query_row("SELECT COUNT(*) FROM meta", [], |r| r.get(0))?))
                .await
                .unwrap()
        })
    });
    for leitura in leituras {
        let depois: i64 = leitura.await.unwrap();
        assert_eq!(depois, antes);
    }
}

#[tokio::test]
async fn reads_and_writes_run_on_the_blocking_pool_not_on_the_runtime_thread() {
    let pasta = Pasta::nova("fora");
    let db = abrir(&pasta);
    let aqui = std::thread::current().id();
    let leitura = db.read(|_| Ok(std::thread::current().id())).await.unwrap();
    let escrita = db.write(|_| Ok(std::thread::current().id())).await.unwrap();
    assert_ne!(leitura, aqui);
    assert_ne!(escrita, aqui);
}

#[test]
fn opening_only_migrates_the_start_up_seeds() {
    let pasta = Pasta::nova("vazio");
    let db = Db::open(&pasta.0, false).unwrap();
    let captacoes: i64 = db
        .write_now(|tx| -> Result<i64, SandboxError> {
            Ok(tx.query_row("SELECT COUNT(*) FROM captacoes", [], |r| r.get(0))?)
        })
        .unwrap();
    assert_eq!(captacoes, 0);
    drop(db);
    let db = abrir(&pasta);
    let captacoes: i64 = db
        .write_now(|tx| -> Result<i64, SandboxError> {
            Ok(tx.query_row("SELECT COUNT(*) FROM captacoes", [], |r| r.get(0))?)
        })
        .unwrap();
    assert!(captacoes > 0);
}

#[tokio::test]
async fn with_every_connection_taken_a_read_waits_on_the_blocking_pool() {
    let pasta = Pasta::nova("espera");
    let db = abrir(&pasta);
    let mut tomadas: Vec<_> = (0..super::CONEXOES)
        .map(|_| db.pool.get().unwrap())
        .collect();
    let aqui = std::thread::current().id();
    let leitura = {
        let db = db.clone();
        tokio::spawn(async move {
            db.read(|c| {
                let n: i64 = c.query_row("SELECT COUNT(*) FROM captacoes", [], |r| r.get(0))?;
                Ok((std::thread::current().id(), n))
            })
            .await
            .unwrap()
        })
    };
    // The runtime (one thread here) is not blocked while the read waits: this task runs
    // and frees a connection.
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    assert!(!leitura.is_finished(), "no connection was free");
    tomadas.pop();
    let (onde, captacoes) = leitura.await.unwrap();
    assert_ne!(onde, aqui, "waited on a blocking thread");
    assert!(captacoes > 0);
}
