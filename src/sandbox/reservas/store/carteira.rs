//! The investor's side of the reservations: who signs the documents, the rows of the
//! header's summary, and the expiry of overdue Pix reservations.

use std::sync::LazyLock;

use jiff::Timestamp;
use rusqlite::{Connection, OptionalExtension, Row, params};

use crate::sandbox::db::CachedRow;
use crate::sandbox::db::estados::literal;
use crate::sandbox::erro::{ApiError, SESSAO_INVALIDA};
use crate::sandbox::reservas::reserva::status::ReservaStatus;
use crate::sandbox::tempo;

/// Who signed: shown on every document.
pub(crate) struct Titular {
    pub(crate) nome: String,
    pub(crate) cpf: String,
    pub(crate) email: String,
}

impl Titular {
    pub(super) fn from_row(r: &Row<'_>) -> rusqlite::Result<Titular> {
        Ok(Titular {
            nome: r.get(0)?,
            cpf: r.get(1)?,
            email: r.get(2)?,
        })
    }
}

/// One reservation as the summary counts it.
pub(crate) struct LinhaDoResumo {
    pub(crate) status: ReservaStatus,
    pub(crate) tipo_pagamento: i64,
    pub(crate) centavos: i64,
    pub(crate) pix_vencimento: Option<i64>,
    pub(crate) nome_captacao: String,
}

impl LinhaDoResumo {
    fn from_row(r: &Row<'_>) -> rusqlite::Result<LinhaDoResumo> {
        Ok(LinhaDoResumo {
            status: r.get(0)?,
            tipo_pagamento: r.get(1)?,
            centavos: r.get(2)?,
            pix_vencimento: r.get(3)?,
            nome_captacao: r.get(4)?,
        })
    }

    /// Every reservation of the investor.
    pub(crate) fn do_usuario(c: &Connection, usuario: i64) -> Result<Vec<LinhaDoResumo>, ApiError> {
        let linhas = c
            .prepare_cached(
                "SELECT r.status, r.tipo_pagamento, r.investimento_centavos, r.pix_vencimento, c.nome
                 FROM reservas r JOIN captacoes c ON c.id = r.captacao_id
                 WHERE r.usuario_id = ?1",
            )?
            .query_map(params![usuario], LinhaDoResumo::from_row)?
            .collect::<Result<_, _>>()?;
        Ok(linhas)
    }
}

/// The investor's cash at the partner brokerage, in cents; no such investor is an invalid
/// session.
pub(crate) fn saldo(c: &Connection, usuario: i64) -> Result<i64, ApiError> {
    c.row(
        "SELECT saldo_centavos FROM usuarios WHERE id = ?1",
        params![usuario],
        |r| r.get(0),
    )
    .optional()?
    .ok_or_else(|| ApiError::nao_autorizado(SESSAO_INVALIDA))
}

/// An Aporte pendente reservation past its Pix deadline.
pub(crate) struct Vencida {
    pub(crate) id: i64,
    pub(crate) usuario: i64,
    pub(crate) centavos: i64,
    pub(crate) pix_vencimento: i64,
    pub(crate) nome_captacao: String,
}

impl Vencida {
    fn from_row(r: &Row<'_>) -> rusqlite::Result<Vencida> {
        Ok(Vencida {
            usuario: r.get(0)?,
            centavos: r.get(1)?,
            pix_vencimento: r.get(2)?,
            nome_captacao: r.get(3)?,
            id: r.get(4)?,
        })
    }

    /// Cancels every Aporte pendente reservation past its Pix deadline at `agora`, as of
    /// that deadline; returns them.
    pub(crate) fn cancelar(c: &Connection, agora: Timestamp) -> Result<Vec<Vencida>, ApiError> {
        let ms = tempo::ms(agora);
        let vencidas: Vec<Vencida> = c
            .prepare(&SELECIONAR_VENCIDAS)?
            .query_map(params![ms], Vencida::from_row)?
            .collect::<Result<_, _>>()?;
        c.execute(&CANCELAR_VENCIDAS, params![ms, ReservaStatus::Cancelado])?;
        Ok(vencidas)
    }
}

// The status is written as a literal (built from the enum), not bound: the partial index on
// `pix_vencimento` applies only to a query that repeats its `WHERE` as written.

/// The Aporte pendente reservations whose deadline is at or before ?1.
static SELECIONAR_VENCIDAS: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT r.usuario_id, r.investimento_centavos, r.pix_vencimento, c.nome, r.id
         FROM reservas r JOIN captacoes c ON c.id = r.captacao_id
         WHERE r.status = {} AND r.pix_vencimento <= ?1",
        literal(&ReservaStatus::AportePendente)
    )
});

/// Cancels them (?2, Cancelado) as of their deadline, at ?1.
static CANCELAR_VENCIDAS: LazyLock<String> = LazyLock::new(|| {
    format!(
        "UPDATE reservas SET status = ?2, cancelada_em = pix_vencimento, atualizada_em = ?1
         WHERE status = {} AND pix_vencimento <= ?1",
        literal(&ReservaStatus::AportePendente)
    )
});

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use crate::sandbox::db::testing::{em_memoria, plano};

    /// The expiry's statements, with the status built from the enum, still find the
    /// overdue reservations through the partial index on `pix_vencimento`.
    #[test]
    fn a_expiracao_usa_o_indice_parcial() {
        let c = em_memoria();
        for sql in [&*SELECIONAR_VENCIDAS, &*CANCELAR_VENCIDAS] {
            assert!(sql.contains("status = 'Aporte pendente'"), "{sql}");
            let plano = plano(&c, sql);
            assert!(plano.contains("reservas_pix_vencimento"), "{sql}: {plano}");
        }
    }
}
