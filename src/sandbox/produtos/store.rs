//! The SQL of the product catalogue: one category's products as typed rows, by maturity.

use rusqlite::{Connection, Row, params};
use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::money;
use crate::sandbox::db::CachedRow;
use crate::sandbox::erro::ApiError;

/// One product (CONTRACTS.md), its minimum an exact JSON number.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Produto {
    pub(crate) id: i64,
    pub(crate) codigo_setor: i64,
    pub(crate) nome: String,
    pub(crate) emissor: String,
    pub(crate) rentabilidade: String,
    pub(crate) vencimento: String,
    #[serde(with = "money::json")]
    pub(crate) aplicacao_minima: Decimal,
    pub(crate) liquidez: String,
    pub(crate) garantido_fgc: bool,
}

impl Produto {
    fn from_row(r: &Row<'_>) -> rusqlite::Result<Produto> {
        Ok(Produto {
            id: r.get(0)?,
            codigo_setor: r.get(1)?,
            nome: r.get(2)?,
            emissor: r.get(3)?,
            rentabilidade: r.get(4)?,
            vencimento: r.get(5)?,
            aplicacao_minima: Decimal::new(r.get(6)?, 2),
            liquidez: r.get(7)?,
            garantido_fgc: r.get(8)?,
        })
    }
}

/// How many products category `setor` has.
pub(crate) fn contar(c: &Connection, setor: i64) -> Result<i64, ApiError> {
    Ok(c.row(
        "SELECT COUNT(*) FROM produtos WHERE codigo_setor = ?1",
        params![setor],
        |r| r.get(0),
    )?)
}

/// One page of category `setor`'s products, by maturity.
pub(crate) fn pagina(
    c: &Connection,
    setor: i64,
    limite: i64,
    deslocamento: i64,
) -> Result<Vec<Produto>, ApiError> {
    let dados = c
        .prepare_cached(
            "SELECT id, codigo_setor, nome, emissor, rentabilidade, vencimento,
                aplicacao_minima_centavos, liquidez, garantido_fgc
             FROM produtos WHERE codigo_setor = ?1
             ORDER BY vencimento, id LIMIT ?2 OFFSET ?3",
        )?
        .query_map(params![setor, limite, deslocamento], Produto::from_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(dados)
}
