//! Every SQL statement of the track record: the holdings of every investor, their recovery
//! steps and the day each offering's fundraising ended.

use std::collections::BTreeMap;

use rusqlite::{Connection, params};

use crate::domain::status::ReservaStatus;
use crate::sandbox::erro::ApiError;
use crate::sandbox::investimentos::store::{Recuperacao, recuperacao};
use crate::sandbox::reservas::reserva::Reserva;
use crate::sandbox::reservas::store as reservas;

/// Every invested reservation (Pago, Aprovado), whoever holds it.
pub(super) fn investidas(c: &Connection) -> Result<Vec<Reserva>, ApiError> {
    reservas::carregar(
        c,
        "r.status IN (?1, ?2) ORDER BY r.captacao_id, r.id",
        params![ReservaStatus::Pago, ReservaStatus::Aprovado],
    )
}

/// Every recovery step, oldest first.
pub(super) fn recuperacoes(c: &Connection) -> Result<Vec<Recuperacao>, ApiError> {
    let mut q = c.prepare_cached(
        "SELECT e.id, e.reserva_id, e.data, e.tipo, e.titulo, e.descricao, e.valor_centavos
         FROM eventos_recuperacao e ORDER BY e.data, e.id",
    )?;
    let lista = q
        .query_map([], recuperacao)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(lista)
}

/// When each offering's fundraising ended (ms): when it was closed, else its end date.
pub(super) fn encerramentos(c: &Connection) -> Result<BTreeMap<i64, i64>, ApiError> {
    let mut q = c.prepare_cached(
        "SELECT id, COALESCE(encerrada_em, fim_captacao) FROM captacoes
         WHERE cancelada_em IS NULL AND (resultado IS NULL OR resultado = 'Sucesso')",
    )?;
    let mapa = q
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<BTreeMap<_, _>, _>>()?;
    Ok(mapa)
}
