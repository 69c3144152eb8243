//! The reservation named in an address (`/v1/reservas/{id}/…`), and its read for the
//! investor who holds it.

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use rusqlite::Connection;

use crate::sandbox::Sandbox;
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::ApiError;
use crate::sandbox::extratores;
use crate::sandbox::reservas::reserva::{Reserva, nao_encontrada};
use crate::sandbox::reservas::store::do_investidor;

/// The `{id}` of a reservation's address; anything but a record id is answered as an
/// unknown reservation, like another investor's.
#[derive(Debug, Clone, Copy)]
pub(crate) struct IdReserva(pub(crate) i64);

impl<S: Send + Sync> FromRequestParts<S> for IdReserva {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Path(texto) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| nao_encontrada())?;
        IdReserva::parse(&texto)
    }
}

impl IdReserva {
    /// A reservation id as written in an address.
    pub(crate) fn parse(texto: &str) -> Result<IdReserva, ApiError> {
        extratores::parse(texto)
            .map(IdReserva)
            .ok_or_else(nao_encontrada)
    }
}

impl Investidor {
    /// Reads the investor's reservation `id` (another investor's → 404, as an unknown one)
    /// on a pooled connection, and hands it to `f`: the shape of every
    /// `/v1/reservas/{id}/…` read.
    pub(crate) async fn read_reserva<T, F>(
        &self,
        sandbox: &Sandbox,
        IdReserva(id): IdReserva,
        f: F,
    ) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection, Reserva) -> Result<T, ApiError> + Send + 'static,
    {
        self.read(sandbox, move |c, usuario| {
            let r = do_investidor(c, id, usuario)?;
            f(c, r)
        })
        .await
    }
}
