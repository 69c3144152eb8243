//! Writes the planned reservations: each went past the terms step and was confirmed right
//! after, and carries its withdrawal period. The paid money of an offering that already
//! succeeded went to the issuer at the settlement after its end, once every withdrawal
//! period of it was over, and earns from the day after; in an offering still raising money
//! it is held, and no start is stored (the sandbox estimates it).

use std::collections::BTreeMap;
use std::time::Duration;

use jiff::Timestamp;
use rusqlite::{Transaction, params};

use super::Nova;
use crate::sandbox::erro::SandboxError;
use crate::sandbox::reservas::reserva::dia_seguinte;
use crate::sandbox::tempo::{self, mais, menos};

/// When a planned reservation was confirmed and until when it could be withdrawn.
fn confirmacao(n: &Nova, dias_desistencia: u16) -> (Timestamp, Timestamp, Timestamp) {
    let aceite = mais(n.criada, Duration::from_secs(60));
    let confirmada = mais(aceite, Duration::from_secs(60));
    let desistencia = crate::domain::desistencia::withdrawal_ends(confirmada, dias_desistencia);
    (aceite, confirmada, desistencia)
}

fn investida(n: &Nova) -> bool {
    matches!(n.status, "Pago" | "Aprovado")
}

/// When the paid money of each offering of `sucedidas` (id → end of its fundraising) went
/// to the issuer: the settlement after its end and after the last withdrawal period of its
/// paid reservations; an offering whose transfer would still be ahead has none.
pub(super) fn repasses(
    novas: &[Nova],
    sucedidas: &BTreeMap<i64, Timestamp>,
    dias_desistencia: u16,
    agora: Timestamp,
) -> BTreeMap<i64, Timestamp> {
    let mut repasses = sucedidas.clone();
    for n in novas.iter().filter(|n| investida(n)) {
        if let Some(repasse) = repasses.get_mut(&n.captacao_id) {
            *repasse = (*repasse).max(confirmacao(n, dias_desistencia).2);
        }
    }
    // A holding seeded for a situation earns from its own day: the money of its whole
    // offering went to the issuer the day before, so every holding in it starts alike.
    for n in novas {
        if let Some(inicio) = n.inicio {
            repasses.insert(n.captacao_id, menos(inicio, Duration::from_secs(1)));
        }
    }
    repasses.retain(|_, repasse| *repasse <= agora);
    repasses
}

pub(super) fn gravar(
    tx: &Transaction<'_>,
    agora: Timestamp,
    dias_desistencia: u16,
    novas: &[Nova],
    sucedidas: &BTreeMap<i64, Timestamp>,
) -> Result<(), SandboxError> {
    let repasses = repasses(novas, sucedidas, dias_desistencia, agora);
    let mut inserir = tx.prepare(
        "INSERT INTO reservas (usuario_id, captacao_id, status, tipo_pagamento, origem,
            investimento_centavos, termo_opcao, termo_aceito_em, confirmada_em, pix_vencimento,
            paga_em, aprovada_em, cancelada_em, inicio_rendimento, criada_em, atualizada_em,
            desistencia_ate, repassada_em)
         VALUES (?1, ?2, ?3, ?4, 'Ativa', ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16,
            ?17)",
    )?;
    for n in novas {
        let ms = |t: Option<Timestamp>| t.map(tempo::ms);
        // Every seeded reservation went past the terms step and was confirmed right after.
        let (aceite, confirmada, desistencia) = confirmacao(n, dias_desistencia);
        let repassada = repasses
            .get(&n.captacao_id)
            .copied()
            .filter(|_| investida(n));
        let inicio_rendimento = repassada.map(dia_seguinte);
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
            tempo::ms(desistencia),
            ms(repassada),
        ])?;
    }
    Ok(())
}
