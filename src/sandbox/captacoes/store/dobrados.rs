//! The folded copies (`domain::texto::dobrar`) of the offerings' searched and sorted text, which
//! the list compares in SQL (migration 6): SQLite cannot fold Portuguese accents itself.

use rusqlite::{Transaction, params};

use crate::domain::texto::dobrar;

/// Fills the copies an offering lacks (those written before migration 6). Idempotent:
/// runs at every start and finds nothing to do once filled.
pub(crate) fn preencher(tx: &Transaction<'_>) -> rusqlite::Result<usize> {
    let faltando: Vec<(i64, String, String, String, String)> = tx
        .prepare(
            "SELECT id, nome, descricao_produto, cidade, rating FROM captacoes
             WHERE nome_dobrado IS NULL OR descricao_dobrada IS NULL
                OR cidade_dobrada IS NULL OR rating_dobrado IS NULL",
        )?
        .query_map([], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })?
        .collect::<Result<_, _>>()?;
    let mut gravar = tx.prepare(
        "UPDATE captacoes SET nome_dobrado = ?2, descricao_dobrada = ?3, cidade_dobrada = ?4,
            rating_dobrado = ?5 WHERE id = ?1",
    )?;
    for (id, nome, descricao, cidade, rating) in &faltando {
        gravar.execute(params![
            id,
            dobrar(nome),
            dobrar(descricao),
            dobrar(cidade),
            dobrar(rating)
        ])?;
    }
    Ok(faltando.len())
}
