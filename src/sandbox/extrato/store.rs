//! The SQL of the statement: its lines in `movimentos` and the investor's account. The
//! lines are written by the reservations' life cycle (`reservas::store::movimentos`).

use jiff::Timestamp;
use rusqlite::types::Type;
use rusqlite::{Connection, OptionalExtension, Row, params};

use crate::domain::reference::{StatusMovimento, TipoMovimento};
use crate::sandbox::db::CachedRow;
use crate::sandbox::erro::ApiError;
use crate::sandbox::tempo;

/// The investor's account as the statement shows it.
pub(crate) struct Conta {
    /// Their client code (`contas[].codigoCliente`).
    pub(crate) codigo: String,
    /// The registered bank's code, if any.
    pub(crate) banco: Option<String>,
    /// The investor's name (the statement's PDF).
    pub(crate) nome: String,
}

/// The investor's account; `None` when the user is gone (a reset database).
pub(crate) fn conta(c: &Connection, usuario: i64) -> Result<Option<Conta>, ApiError> {
    Ok(c.row(
        "SELECT codigo, banco, nome FROM usuarios WHERE id = ?1",
        params![usuario],
        |r| {
            Ok(Conta {
                codigo: r.get(0)?,
                banco: r.get(1)?,
                nome: r.get(2)?,
            })
        },
    )
    .optional()?)
}

/// What the statement asks for; every filter is either `None` (absent) or applied.
pub(crate) struct Consulta {
    pub(crate) usuario: i64,
    /// From this instant (Unix ms), inclusive…
    pub(crate) desde: i64,
    /// …to this one, exclusive.
    pub(crate) ate: i64,
    pub(crate) tipo: Option<TipoMovimento>,
    pub(crate) status: Option<StatusMovimento>,
    /// Lower-cased, found in the asset's name.
    pub(crate) produto: Option<String>,
    /// Lower-cased, found in the description or the asset's name…
    pub(crate) busca: Option<String>,
    /// …or in the bank, the same on every line, so decided once by the caller.
    pub(crate) banco_casa: bool,
    /// (limit, offset).
    pub(crate) pagina: (i64, i64),
}

/// A stored line of the statement.
pub(crate) struct Movimento {
    pub(crate) id: i64,
    pub(crate) data: Timestamp,
    pub(crate) centavos: i64,
    pub(crate) descricao: String,
    pub(crate) nome_ativo: String,
    pub(crate) tipo: TipoMovimento,
    pub(crate) status: StatusMovimento,
}

fn texto_desconhecido(coluna: usize, texto: &str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(
        coluna,
        Type::Text,
        format!("valor desconhecido: {texto}").into(),
    )
}

impl Movimento {
    fn from_row(r: &Row<'_>) -> rusqlite::Result<Movimento> {
        let tipo: String = r.get(5)?;
        let status: String = r.get(6)?;
        Ok(Movimento {
            id: r.get(0)?,
            data: tempo::de_ms(r.get(1)?),
            centavos: r.get(2)?,
            descricao: r.get(3)?,
            nome_ativo: r.get(4)?,
            tipo: TipoMovimento::from_api(&tipo).ok_or_else(|| texto_desconhecido(5, &tipo))?,
            status: StatusMovimento::from_api(&status)
                .ok_or_else(|| texto_desconhecido(6, &status))?,
        })
    }
}

/// Every filter is a parameter that is either NULL (absent) or applied; ?8 says whether
/// the bank matches `busca`.
const ONDE: &str = "usuario_id = ?1 AND data >= ?2 AND data < ?3
    AND (?4 IS NULL OR tipo = ?4)
    AND (?5 IS NULL OR status = ?5)
    AND (?6 IS NULL OR instr(busca_ativo, ?6) > 0)
    AND (?7 IS NULL OR ?8 OR instr(busca_texto, ?7) > 0)";

/// One page of the lines `q` asks for, newest first, and how many there are in all.
pub(crate) fn pagina(c: &Connection, q: &Consulta) -> Result<(Vec<Movimento>, i64), ApiError> {
    let tipo = q.tipo.map(TipoMovimento::api);
    let status = q.status.map(StatusMovimento::api);
    let total: i64 = c.row(
        &format!("SELECT COUNT(*) FROM movimentos WHERE {ONDE}"),
        params![
            q.usuario,
            q.desde,
            q.ate,
            tipo,
            status,
            q.produto,
            q.busca,
            q.banco_casa
        ],
        |r| r.get(0),
    )?;
    let (limite, deslocamento) = q.pagina;
    let mut stmt = c.prepare_cached(&format!(
        "SELECT id, data, valor_centavos, descricao, nome_ativo, tipo, status
         FROM movimentos WHERE {ONDE}
         ORDER BY data DESC, id DESC LIMIT ?9 OFFSET ?10"
    ))?;
    let linhas = stmt
        .query_map(
            params![
                q.usuario,
                q.desde,
                q.ate,
                tipo,
                status,
                q.produto,
                q.busca,
                q.banco_casa,
                limite,
                deslocamento
            ],
            Movimento::from_row,
        )?
        .collect::<Result<Vec<_>, _>>()?;
    Ok((linhas, total))
}
