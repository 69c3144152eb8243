//! The SQL of the statement's lines as the reservations' life cycle writes them: a line
//! inserted or updated, and what is read of the reservations to derive them.

use std::collections::HashMap;

use rusqlite::{Connection, params};

use crate::domain::reference::{StatusMovimento, TipoMovimento};
use crate::sandbox::db::CachedRow;
use crate::sandbox::erro::ApiError;
use crate::sandbox::reservas::reserva::Reserva;

/// A line to store: (reservation, kind, installment) is its key.
pub(crate) struct NovoMovimento<'a> {
    pub(crate) usuario: i64,
    pub(crate) reserva: i64,
    pub(crate) tipo: TipoMovimento,
    pub(crate) parcela: u32,
    pub(crate) status: StatusMovimento,
    pub(crate) data: i64,
    pub(crate) centavos: i64,
    pub(crate) descricao: &'a str,
    pub(crate) nome_ativo: &'a str,
}

/// Inserts the line, or updates its status, date or amount when they changed.
pub(crate) fn gravar(c: &Connection, m: &NovoMovimento<'_>) -> Result<(), ApiError> {
    let nome = m.nome_ativo;
    let busca_texto = format!("{}\n{}", m.descricao.to_lowercase(), nome.to_lowercase());
    c.prepare_cached(
        "INSERT INTO movimentos (usuario_id, reserva_id, tipo, parcela, status, data,
            valor_centavos, descricao, nome_ativo, busca_ativo, busca_texto)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
         ON CONFLICT (reserva_id, tipo, parcela) DO UPDATE SET
            status = excluded.status, data = excluded.data,
            valor_centavos = excluded.valor_centavos
         WHERE status <> excluded.status OR data <> excluded.data
            OR valor_centavos <> excluded.valor_centavos",
    )?
    .execute(params![
        m.usuario,
        m.reserva,
        m.tipo.api(),
        m.parcela,
        m.status.api(),
        m.data,
        m.centavos,
        m.descricao,
        nome,
        nome.to_lowercase(),
        busca_texto,
    ])?;
    Ok(())
}

/// A stored line's key: (reservation, kind, installment).
pub(crate) type Chave = (i64, TipoMovimento, u32);

/// What may change in a stored line: its status, date (Unix ms) and amount (cents).
pub(crate) type Estado = (StatusMovimento, i64, i64);

/// The investor's stored lines, by key: what catching up compares against, so that it
/// writes only the lines that are new or changed.
pub(crate) fn gravados(c: &Connection, usuario: i64) -> Result<HashMap<Chave, Estado>, ApiError> {
    let mut q = c.prepare_cached(
        "SELECT reserva_id, tipo, parcela, status, data, valor_centavos
         FROM movimentos WHERE usuario_id = ?1",
    )?;
    let linhas = q.query_map(params![usuario], |r| {
        let tipo: String = r.get(1)?;
        let status: String = r.get(3)?;
        Ok((
            r.get::<_, i64>(0)?,
            TipoMovimento::from_api(&tipo),
            r.get::<_, u32>(2)?,
            StatusMovimento::from_api(&status),
            r.get::<_, i64>(4)?,
            r.get::<_, i64>(5)?,
        ))
    })?;
    let mut mapa = HashMap::new();
    for linha in linhas {
        // A kind or state the schema's CHECK admits is always known; were one not, the line
        // is left out here and simply written again.
        if let (reserva, Some(tipo), parcela, Some(status), data, centavos) = linha? {
            mapa.insert((reserva, tipo, parcela), (status, data, centavos));
        }
    }
    Ok(mapa)
}

/// The investor's confirmed reservations, oldest first.
pub(crate) fn confirmadas(c: &Connection, usuario: i64) -> Result<Vec<Reserva>, ApiError> {
    super::carregar(
        c,
        "r.usuario_id = ?1 AND r.confirmada_em IS NOT NULL ORDER BY r.id",
        params![usuario],
    )
}

/// When a reservation's money moved (Unix ms).
pub(crate) struct Datas {
    pub(crate) aprovada: Option<i64>,
    pub(crate) cancelada: Option<i64>,
    pub(crate) atualizada: i64,
}

pub(crate) fn datas(c: &Connection, reserva: i64) -> Result<Datas, ApiError> {
    Ok(c.prepare_cached(
        "SELECT aprovada_em, cancelada_em, atualizada_em FROM reservas WHERE id = ?1",
    )?
    .query_row(params![reserva], |x| {
        Ok(Datas {
            aprovada: x.get(0)?,
            cancelada: x.get(1)?,
            atualizada: x.get(2)?,
        })
    })?)
}

/// The investor who owns the reservation.
pub(crate) fn dono(c: &Connection, reserva: i64) -> Result<i64, ApiError> {
    Ok(c.row(
        "SELECT usuario_id FROM reservas WHERE id = ?1",
        params![reserva],
        |x| x.get(0),
    )?)
}
