//! The demo investors' annual-limit declarations, so they can invest from the first start:
//! investidor@ is not qualified and declares financial investments of R$ 1.500.000,00
//! (a limit of 10 % of that with today's parameters), ativa@ and the synthetic load
//! investors are qualified (no limit, so load and race tests never meet it). Investors with
//! a declaration already keep it; a database from before declarations gets these once.

use std::time::Duration;

use jiff::Timestamp;
use rusqlite::{Transaction, params};
use rust_decimal::Decimal;

use crate::domain::limite_anual::{Declaration, Qualification};
use crate::sandbox::cadastro::declaracao;
use crate::sandbox::erro::SandboxError;
use crate::sandbox::tempo;

fn qualificado() -> Declaration {
    Declaration {
        qualification: Qualification::Qualified,
        gross_annual_income: Decimal::ZERO,
        financial_investments: Decimal::ZERO,
        invested_elsewhere_this_year: Decimal::ZERO,
    }
}

pub(in crate::sandbox) fn inserir(
    tx: &Transaction<'_>,
    agora: Timestamp,
) -> Result<(), SandboxError> {
    // Declared a week before seeding (what was declared as invested elsewhere counts in
    // the calendar year of the declaration).
    let em = tempo::menos(agora, Duration::from_secs(7 * 24 * 3600));
    let sem_declaracao = |email: &str| -> Result<Option<i64>, SandboxError> {
        Ok(tx
            .query_row(
                "SELECT u.id FROM usuarios u WHERE u.email = ?1 AND NOT EXISTS (
                    SELECT 1 FROM declaracoes_investidor d WHERE d.usuario_id = u.id)",
                params![email],
                |r| r.get(0),
            )
            .ok())
    };
    let gravar = |id: i64, d: &Declaration, acima: bool| {
        declaracao::gravar(tx, id, d, acima, em)
            .map_err(|e| SandboxError::Seed(e.mensagem().to_owned()))
    };
    if let Some(id) = sem_declaracao("investidor@colheita.dev")? {
        let d = Declaration {
            qualification: Qualification::NotQualified,
            gross_annual_income: Decimal::new(38_000_000, 2),
            financial_investments: Decimal::new(150_000_000, 2),
            invested_elsewhere_this_year: Decimal::new(500_000, 2),
        };
        gravar(id, &d, true)?;
    }
    if let Some(id) = sem_declaracao("ativa@colheita.dev")? {
        gravar(id, &qualificado(), false)?;
    }
    let carga: Vec<i64> = tx
        .prepare(
            "SELECT u.id FROM usuarios u WHERE u.email LIKE 'carga-%@colheita.dev' AND NOT EXISTS (
                SELECT 1 FROM declaracoes_investidor d WHERE d.usuario_id = u.id)",
        )?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    for id in carga {
        gravar(id, &qualificado(), false)?;
    }
    Ok(())
}
