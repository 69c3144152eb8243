//! Writes the planned reservations: each went past the terms step and was confirmed right
//! after, earns from the day after its money arrived, and carries its withdrawal period.

use std::time::Duration;

use jiff::Timestamp;
use rusqlite::{Transaction, params};

use super::{DIA, Nova};
use crate::sandbox::erro::SandboxError;
use crate::sandbox::tempo::{self, mais};

pub(super) fn gravar(
    tx: &Transaction<'_>,
    agora: Timestamp,
    dias_desistencia: u16,
    novas: &[Nova],
) -> Result<(), SandboxError> {
    let mut inserir = tx.prepare(
        "INSERT INTO reservas (usuario_id, captacao_id, status, tipo_pagamento, origem,
            investimento_centavos, termo_opcao, termo_aceito_em, confirmada_em, pix_vencimento,
            paga_em, aprovada_em, cancelada_em, inicio_rendimento, criada_em, atualizada_em,
            desistencia_ate)
         VALUES (?1, ?2, ?3, ?4, 'Ativa', ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
    )?;
    for n in novas {
        let ms = |t: Option<Timestamp>| t.map(tempo::ms);
        // Every seeded reservation went past the terms step and was confirmed right after.
        let aceite = mais(n.criada, Duration::from_secs(60));
        let confirmada = mais(aceite, Duration::from_secs(60));
        // Earnings start the day after the money arrives (or is guaranteed).
        let inicio_rendimento = n.inicio.or(n.paga.or(n.aprovada).map(|t| mais(t, DIA)));
        let atualizada = [Some(confirmada), n.paga, n.aprovada, n.cancelada]
            .into_iter()
            .flatten()
            .max()
            .unwrap_or(n.criada)
            .min(agora);
        inserir.execute(params![
            n.usuario_id,
            n.captacao_id,
            n.status,
            n.tipo_pagamento,
            n.centavos,
            "1",
            tempo::ms(aceite),
            tempo::ms(confirmada),
            ms(n.pix_vencimento),
            ms(n.paga),
            ms(n.aprovada),
            ms(n.cancelada),
            ms(inicio_rendimento),
            tempo::ms(n.criada),
            tempo::ms(atualizada),
            tempo::ms(crate::domain::desistencia::withdrawal_ends(
                confirmada,
                dias_desistencia
            )),
        ])?;
    }
    Ok(())
}
