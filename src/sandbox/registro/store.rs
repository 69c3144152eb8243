//! The SQL of the acceptance record (`registros_aceite`): append-only rows, read back by
//! reservation or by investor.

use jiff::Timestamp;
use rusqlite::{Connection, Row, params};

use super::Documento;
use crate::sandbox::erro::ApiError;
use crate::sandbox::tempo;

/// One accepted or declared document.
pub(crate) struct Registro {
    pub(crate) id: i64,
    pub(crate) documento: String,
    pub(crate) versao: String,
    pub(crate) reserva_id: Option<i64>,
    /// In ms.
    pub(crate) registrado_em: i64,
}

impl Registro {
    fn from_row(r: &Row<'_>) -> rusqlite::Result<Registro> {
        Ok(Registro {
            id: r.get(0)?,
            documento: r.get(1)?,
            versao: r.get(2)?,
            reserva_id: r.get(3)?,
            registrado_em: r.get(4)?,
        })
    }
}

pub(crate) fn registrar(
    c: &Connection,
    usuario: i64,
    reserva: Option<i64>,
    documento: Documento,
    versao: &str,
    agora: Timestamp,
) -> Result<(), ApiError> {
    c.prepare_cached(
        "INSERT INTO registros_aceite (usuario_id, reserva_id, documento, versao, registrado_em)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        usuario,
        reserva,
        documento.api(),
        versao,
        tempo::ms(agora)
    ])?;
    Ok(())
}

/// When `documento` was last accepted for `reserva` in `versao`, in ms.
pub(crate) fn aceito_em(
    c: &Connection,
    reserva: i64,
    documento: Documento,
    versao: &str,
) -> Result<Option<i64>, ApiError> {
    Ok(c.prepare_cached(
        "SELECT MAX(registrado_em) FROM registros_aceite
         WHERE reserva_id = ?1 AND documento = ?2 AND versao = ?3",
    )?
    .query_row(params![reserva, documento.api(), versao], |r| r.get(0))?)
}

/// The investor's record, newest first.
pub(crate) fn do_usuario(c: &Connection, usuario: i64) -> Result<Vec<Registro>, ApiError> {
    let lista = c
        .prepare_cached(
            "SELECT id, documento, versao, reserva_id, registrado_em FROM registros_aceite
             WHERE usuario_id = ?1 ORDER BY id DESC",
        )?
        .query_map(params![usuario], Registro::from_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(lista)
}
