//! One offering's story after its issuer missed instalment `numero`: payments stop from
//! its due date (for the whole offering), then what followed is written for every holding
//! in it, each with its own amounts: the instalments paid late, or the recovery steps.

use jiff::Timestamp;
use jiff::civil::Date;
use rusqlite::Transaction;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use super::{dia, textos};
use crate::domain::money::format_brl as brl;
use crate::sandbox::erro::ApiError;
use crate::sandbox::investimentos::modelo::TipoRecuperacao;
use crate::sandbox::investimentos::store;
use crate::sandbox::reservas::reserva::Reserva;
use crate::sandbox::reservas::store as reservas;

/// What followed the missed instalment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Rumo {
    /// Nothing yet: it is still late.
    Suspenso,
    /// Paid `dias` after its due date, and every later one when due (or with it).
    PagoComAtraso { dias: i64 },
    /// The issuer was notified and a renegotiation agreed.
    EmRecuperacao,
    /// The collateral was executed, part recovered and the rest written off.
    Inadimplente,
}

fn centavos(v: Decimal) -> i64 {
    (v * Decimal::ONE_HUNDRED).round().to_i64().unwrap_or(0)
}

pub(super) fn contar(
    tx: &Transaction<'_>,
    captacao: i64,
    numero: u32,
    rumo: Rumo,
    agora: Timestamp,
) -> Result<(), ApiError> {
    let todas: Vec<Reserva> = reservas::da_captacao(tx, captacao)?
        .into_iter()
        .filter(|r| r.investida(agora))
        .collect();
    // Every holding of an offering starts the same day: its instalments fall together.
    let Some(d) = todas
        .iter()
        .flat_map(|r| r.fluxo(agora))
        .find(|p| p.numero == numero)
        .map(|p| p.data)
    else {
        return Ok(());
    };
    store::suspender_pagamentos(tx, captacao, d)?;
    for r in &todas {
        depois(tx, r, (numero, d), rumo, agora)?;
    }
    Ok(())
}

fn depois(
    tx: &Transaction<'_>,
    r: &Reserva,
    (n, d): (u32, Date),
    rumo: Rumo,
    agora: Timestamp,
) -> Result<(), ApiError> {
    let fluxo = r.fluxo(agora);
    let Some(parcela) = fluxo.iter().find(|p| p.numero == n) else {
        return Ok(());
    };
    let passo = |data: Date, tipo: TipoRecuperacao, textos: (&str, &str), valor: Option<i64>| {
        store::gravar_recuperacao(tx, r.id, data, tipo, textos, valor).map(|_| ())
    };
    let notificacao = textos::notificacao(n, parcela.valor, d);
    match rumo {
        Rumo::Suspenso => {}
        Rumo::PagoComAtraso { dias } => {
            let pago = dia(d, dias);
            for p in fluxo.iter().filter(|p| p.numero >= n) {
                store::gravar_pagamento(tx, r.id, p.numero, centavos(p.valor), p.data.max(pago))?;
            }
        }
        Rumo::EmRecuperacao => {
            passo(
                dia(d, 5),
                TipoRecuperacao::NotificacaoEmissora,
                (textos::NOTIFICADA, &notificacao),
                None,
            )?;
            passo(
                dia(d, 18),
                TipoRecuperacao::RenegociacaoProposta,
                (textos::PROPOSTA, textos::PROPOSTA_TEXTO),
                None,
            )?;
            let acordo = dia(d, 32);
            passo(
                acordo,
                TipoRecuperacao::RenegociacaoAcordada,
                (textos::ACORDO, &textos::acordo(dia(acordo, 30))),
                None,
            )?;
        }
        Rumo::Inadimplente => {
            passo(
                dia(d, 5),
                TipoRecuperacao::NotificacaoEmissora,
                (textos::NOTIFICADA, &notificacao),
                None,
            )?;
            let garantias = r.oferta.rotulos_garantias().join(", ");
            passo(
                dia(d, 35),
                TipoRecuperacao::GarantiaExecutada,
                (textos::GARANTIA, &textos::garantia(&garantias)),
                None,
            )?;
            let recuperado = (parcela.valor * Decimal::new(6, 1)).round_dp(2);
            let quando = dia(d, 95);
            store::gravar_pagamento(tx, r.id, n, centavos(recuperado), quando)?;
            passo(
                quando,
                TipoRecuperacao::ValorRecuperado,
                (textos::RECUPERADO, &textos::recuperado(&brl(recuperado))),
                Some(centavos(recuperado)),
            )?;
            let devido: Decimal = fluxo.iter().filter(|p| p.data >= d).map(|p| p.valor).sum();
            let restante = devido - recuperado;
            passo(
                dia(d, 125),
                TipoRecuperacao::Baixa,
                (textos::BAIXA, &textos::baixa(&brl(restante))),
                Some(centavos(restante)),
            )?;
        }
    }
    Ok(())
}
