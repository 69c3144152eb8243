//! A change of state that the platform may refuse: the store function runs in one
//! IMMEDIATE transaction and answers the new state, a typed refusal, or a failure. A refusal
//! says whether what was written before it stays (an order over capacity is refused *and*
//! cancelled) or is rolled back; a failure always rolls back.

use rusqlite::{Transaction, TransactionBehavior};

use crate::sandbox::db::Db;
use crate::sandbox::erro::ApiError;

/// Why a transition was refused: one variant per reason, each with its answer.
pub(crate) trait Recusa: Into<ApiError> + Send + 'static {
    /// Whether the writes made before the refusal commit (by default they roll back).
    fn confirma(&self) -> bool {
        false
    }
}

/// How a transition did not happen: refused by a rule, or failed.
#[derive(Debug)]
pub(crate) enum Falha<R> {
    Recusa(R),
    Erro(ApiError),
}

impl<R> From<ApiError> for Falha<R> {
    fn from(e: ApiError) -> Self {
        Falha::Erro(e)
    }
}

impl<R> From<rusqlite::Error> for Falha<R> {
    fn from(e: rusqlite::Error) -> Self {
        Falha::Erro(e.into())
    }
}

/// `Err(Falha::Recusa(r))`, to return from a store function.
pub(crate) fn recusar<T, R>(r: R) -> Result<T, Falha<R>> {
    Err(Falha::Recusa(r))
}

impl Db {
    /// Runs `f` in one IMMEDIATE transaction on the blocking pool (the write lock up front,
    /// as [`Db::write`]): commits on success and on a refusal that [`Recusa::confirma`];
    /// rolls back otherwise. A refusal is answered as its `ApiError`.
    pub(crate) async fn transicao<T, R, F>(&self, f: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        R: Recusa,
        F: FnOnce(&Transaction<'_>) -> Result<T, Falha<R>> + Send + 'static,
    {
        let pool = self.pool.clone();
        tokio::task::spawn_blocking(move || {
            let mut conexao = pool.get()?;
            let tx = conexao.transaction_with_behavior(TransactionBehavior::Immediate)?;
            match f(&tx) {
                Ok(valor) => {
                    tx.commit()?;
                    Ok(valor)
                }
                Err(Falha::Recusa(r)) => {
                    if r.confirma() {
                        tx.commit()?;
                    }
                    // Dropping an uncommitted transaction rolls it back.
                    Err(r.into())
                }
                Err(Falha::Erro(e)) => Err(e),
            }
        })
        .await
        .map_err(ApiError::interno)?
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use axum::http::StatusCode;

    use super::*;
    use crate::sandbox::tests::ambiente;

    #[derive(Debug)]
    enum Teste {
        Desfaz,
        Confirma,
    }

    impl Recusa for Teste {
        fn confirma(&self) -> bool {
            matches!(self, Teste::Confirma)
        }
    }

    impl From<Teste> for ApiError {
        fn from(_: Teste) -> Self {
            ApiError::new(StatusCode::CONFLICT, "recusada")
        }
    }

    /// Creates table `nome`, then ends as `fim` says.
    async fn criar_e(db: &Db, nome: &'static str, fim: Option<Teste>) -> Result<(), ApiError> {
        db.transicao(move |tx| {
            tx.execute_batch(&format!("CREATE TABLE {nome} (x INTEGER)"))?;
            match fim {
                None => Ok(()),
                Some(r) => recusar(r),
            }
        })
        .await
    }

    async fn existe(db: &Db, nome: &'static str) -> bool {
        db.read(move |c| {
            Ok(c.query_row(
                "SELECT COUNT(*) FROM sqlite_master WHERE name = ?1",
                [nome],
                |r| r.get::<_, i64>(0),
            )? == 1)
        })
        .await
        .unwrap()
    }

    #[tokio::test]
    async fn a_refusal_commits_only_when_it_says_so_and_answers_its_error() {
        let amb = ambiente();
        let db = amb.sandbox.db();
        criar_e(db, "feita", None).await.unwrap();
        assert!(existe(db, "feita").await);
        let erro = criar_e(db, "desfeita", Some(Teste::Desfaz))
            .await
            .unwrap_err();
        assert_eq!(erro.status(), StatusCode::CONFLICT);
        assert!(!existe(db, "desfeita").await);
        let erro = criar_e(db, "confirmada", Some(Teste::Confirma))
            .await
            .unwrap_err();
        assert_eq!(erro.mensagem(), "recusada");
        assert!(existe(db, "confirmada").await);
    }

    #[tokio::test]
    async fn a_transition_runs_on_the_blocking_pool_not_on_the_runtime_thread() {
        let amb = ambiente();
        let aqui = std::thread::current().id();
        let onde = amb
            .sandbox
            .db()
            .transicao(|_| Ok::<_, Falha<Teste>>(std::thread::current().id()))
            .await
            .unwrap();
        assert_ne!(onde, aqui, "the write lock was taken on the runtime thread");
    }
}
