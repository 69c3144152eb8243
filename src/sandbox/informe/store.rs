//! The SQL of the income report: the investor's earning reservations and who they are.

use rusqlite::{Connection, OptionalExtension, params};

use crate::domain::status::ReservaStatus;
use crate::sandbox::db::CachedRow;
use crate::sandbox::erro::ApiError;
use crate::sandbox::reservas::reserva::Reserva;
use crate::sandbox::reservas::store as reservas;

/// The investor's earning reservations (paid by Pix, or approved by the brokerage),
/// oldest first.
pub(crate) fn investidas(c: &Connection, usuario: i64) -> Result<Vec<Reserva>, ApiError> {
    reservas::carregar(
        c,
        "r.usuario_id = ?1 AND r.status IN (?2, ?3) ORDER BY r.id",
        params![usuario, ReservaStatus::Pago, ReservaStatus::Aprovado],
    )
}

/// The beneficiary of the report.
pub(crate) struct Beneficiario {
    pub(crate) nome: String,
    pub(crate) cpf: String,
}

/// The investor's name and CPF; `None` when the user is gone (a reset database).
pub(crate) fn beneficiario(c: &Connection, usuario: i64) -> Result<Option<Beneficiario>, ApiError> {
    Ok(c.row(
        "SELECT nome, cpf FROM usuarios WHERE id = ?1",
        params![usuario],
        |r| {
            Ok(Beneficiario {
                nome: r.get(0)?,
                cpf: r.get(1)?,
            })
        },
    )
    .optional()?)
}
