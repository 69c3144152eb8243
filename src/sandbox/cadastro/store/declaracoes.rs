//! The SQL of the annual-limit declarations (`declaracoes_investidor`, every one kept; the
//! newest is in force) and of what the investor already invested in the year.

use rusqlite::{Connection, OptionalExtension, params};
use rust_decimal::Decimal;

use crate::domain::limite_anual::{Declaration, Qualification};
use crate::domain::status::ReservaStatus;
use crate::sandbox::erro::ApiError;

/// The declaration in force.
pub(crate) struct Vigente {
    pub(crate) id: i64,
    pub(crate) declaracao: Declaration,
    /// Income or investments declared above the threshold.
    pub(crate) acima: bool,
    /// The São Paulo calendar year it was declared in.
    pub(crate) ano: i16,
    /// The wording's version.
    pub(crate) versao: String,
    /// Unix ms.
    pub(crate) declarada_em: i64,
    /// The version of the Declaração de investidor qualificado signed with it (a
    /// qualified one; `None` before the term existed).
    pub(crate) termo_qualificado_versao: Option<String>,
}

fn reais(centavos: i64) -> Decimal {
    Decimal::new(centavos, 2)
}

fn centavos(v: Decimal) -> i64 {
    (v * Decimal::ONE_HUNDRED)
        .round()
        .try_into()
        .unwrap_or(i64::MAX)
}

/// The investor's newest declaration, if they ever declared.
pub(crate) fn vigente(c: &Connection, usuario: i64) -> Result<Option<Vigente>, ApiError> {
    Ok(c.prepare_cached(
        "SELECT id, qualificado, acima_do_patamar, renda_bruta_anual_centavos,
            investimentos_financeiros_centavos, investido_outras_centavos, ano, versao,
            declarada_em, termo_qualificado_versao
         FROM declaracoes_investidor WHERE usuario_id = ?1 ORDER BY id DESC LIMIT 1",
    )?
    .query_row(params![usuario], |r| {
        let qualificado: bool = r.get(1)?;
        Ok(Vigente {
            id: r.get(0)?,
            declaracao: Declaration {
                qualification: if qualificado {
                    Qualification::Qualified
                } else {
                    Qualification::NotQualified
                },
                gross_annual_income: reais(r.get(3)?),
                financial_investments: reais(r.get(4)?),
                invested_elsewhere_this_year: reais(r.get(5)?),
            },
            acima: r.get(2)?,
            ano: r.get(6)?,
            versao: r.get(7)?,
            declarada_em: r.get(8)?,
            termo_qualificado_versao: r.get(9)?,
        })
    })
    .optional()?)
}

/// A declaration to store: its wording's version, the qualified term's version signed
/// with it, and the São Paulo year and instant (Unix ms) it was made.
pub(crate) struct Nova<'a> {
    pub(crate) versao: &'a str,
    pub(crate) termo_qualificado_versao: Option<&'a str>,
    pub(crate) ano: i16,
    pub(crate) declarada_em: i64,
}

/// Stores a new declaration (the previous ones stay, as the record).
pub(crate) fn inserir(
    c: &Connection,
    usuario: i64,
    d: &Declaration,
    acima: bool,
    n: &Nova<'_>,
) -> Result<(), ApiError> {
    c.execute(
        "INSERT INTO declaracoes_investidor (usuario_id, qualificado, acima_do_patamar,
            renda_bruta_anual_centavos, investimentos_financeiros_centavos,
            investido_outras_centavos, ano, versao, declarada_em, termo_qualificado_versao)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        params![
            usuario,
            d.qualification == Qualification::Qualified,
            acima,
            centavos(d.gross_annual_income),
            centavos(d.financial_investments),
            centavos(d.invested_elsewhere_this_year),
            n.ano,
            n.versao,
            n.declarada_em,
            n.termo_qualificado_versao
        ],
    )?;
    Ok(())
}

/// Cents of the investor's reservations confirmed in `[inicio, fim)` (Unix ms) and still
/// standing at `agora`: paid, approved, in analysis, or awaiting a Pix whose deadline has
/// not passed (a withdrawn, failed, expired or refunded one no longer counts).
pub(crate) fn investido_entre(
    c: &Connection,
    usuario: i64,
    (inicio, fim): (i64, i64),
    agora: i64,
) -> Result<i64, ApiError> {
    Ok(c.prepare_cached(
        "SELECT COALESCE(SUM(investimento_centavos), 0) FROM reservas
         WHERE usuario_id = ?1 AND confirmada_em >= ?2 AND confirmada_em < ?3
           AND (status IN (?5, ?6, ?7) OR (status = ?8 AND pix_vencimento > ?4))",
    )?
    .query_row(
        params![
            usuario,
            inicio,
            fim,
            agora,
            ReservaStatus::Pago,
            ReservaStatus::Aprovado,
            ReservaStatus::EmAnalise,
            ReservaStatus::AportePendente
        ],
        |r| r.get(0),
    )?)
}
