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
    /// Runs `f` in one IMMEDIATE transaction (the write lock up front, as [`Db::escrever`]):
    /// commits on success and on a refusal that [`Recusa::confirma`]; rolls back otherwise.
    /// A refusal is answered as its `ApiError`.
    pub(crate) async fn transicao<T, R, F>(&self, f: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        R: Recusa,
        F: FnOnce(&Transaction<'_>) -> Result<T, Falha<R>> + Send + 'static,
    {
        self.ler(move |c| {
            let tx = Transaction::new_unchecked(c, TransactionBehavior::Immediate)?;
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
    }
}
