//! What a report year says of each holding, computed once for the income report's PDF and
//! the IRPF guide (`declaracao`), so the two never disagree: the balances on 31 December at
//! cost ('Bens e Direitos', `domain::irpf::saldo`) and the income received in the year.
//!
//! An individual declares this income when it is received (cash basis): the interest part
//! of every payment the issuer made in the year, on the day it was made
//! (`Reserva::parcelas`, `ParcelaDaReserva::juros_pagos`). An instalment due in December and
//! paid in January is the next year's; what was written off was never paid, so it is no
//! one's income.

use std::collections::{BTreeMap, BTreeSet};

use jiff::Timestamp;
use jiff::civil::Date;
use rusqlite::Connection;
use rust_decimal::Decimal;

use super::store::{self, Tributacao};
use crate::domain::dates;
use crate::domain::irpf;
use crate::sandbox::erro::ApiError;
use crate::sandbox::reservas::reserva::Reserva;
use crate::sandbox::tempo;

/// The calendar years a reservation counts in: from its start of yield to the day before
/// its maturity, and every year the issuer paid something of it.
fn anos_da_reserva(r: &Reserva, agora: Timestamp) -> BTreeSet<i16> {
    let inicio = r.inicio_dia(agora);
    let ultimo_dia = r
        .vencimento(agora)
        .yesterday()
        .unwrap_or(inicio)
        .max(inicio);
    let pagos = r
        .parcelas(agora)
        .into_iter()
        .filter(|p| p.parcela.pago > Decimal::ZERO)
        .filter_map(|p| p.parcela.pago_em.map(|d| d.year()));
    (inicio.year()..=ultimo_dia.year()).chain(pagos).collect()
}

/// Report years, newest first, up to the last full calendar year (the current year's
/// report does not exist yet).
pub(super) fn anos(reservas: &[Reserva], agora: Timestamp) -> Vec<i16> {
    let ultimo = dates::today_in_sao_paulo(agora).year() - 1;
    let todos: BTreeSet<i16> = reservas
        .iter()
        .flat_map(|r| anos_da_reserva(r, agora))
        .filter(|a| *a <= ultimo)
        .collect();
    todos.into_iter().rev().collect()
}

/// The day the money went in: the confirmation, else the day before the yield's start.
pub(super) fn liquidacao(r: &Reserva, agora: Timestamp) -> Date {
    r.confirmada_em.map_or_else(
        || r.inicio_dia(agora),
        |ms| dates::today_in_sao_paulo(tempo::de_ms(ms)),
    )
}

/// The interest the issuer paid of `r` in `ano`, on the days it paid (up to `agora`).
pub(super) fn recebido_no_ano(r: &Reserva, ano: i16, agora: Timestamp) -> Decimal {
    r.parcelas(agora)
        .iter()
        .filter(|p| p.parcela.pago_em.is_some_and(|d| d.year() == ano))
        .map(|p| p.juros_pagos(r.investimento()))
        .sum()
}

/// One holding (an offering's reservations) in a report year.
pub(super) struct Bem<'a> {
    /// Its reservations that count in the year, oldest first.
    pub(super) reservas: Vec<&'a Reserva>,
    /// The issuer and the IRPF codes of the offering.
    pub(super) tributacao: Tributacao,
    /// At cost on 31 December of the year before.
    pub(super) saldo_anterior: Decimal,
    /// At cost on 31 December of the year.
    pub(super) saldo_atual: Decimal,
    /// The income received in the year.
    pub(super) recebido: Decimal,
}

impl Bem<'_> {
    pub(super) fn nome(&self) -> &str {
        self.reservas.first().map_or("", |r| r.oferta.nome.as_str())
    }
}

/// The holdings of `ano`, by offering id: each reservation held on one of the two
/// 31 Decembers or that paid income in the year (a reservation with none of these is not
/// in the year's declaration).
pub(super) fn bens<'a>(
    c: &Connection,
    reservas: &'a [Reserva],
    ano: i16,
    agora: Timestamp,
) -> Result<Vec<Bem<'a>>, ApiError> {
    let (antes, fim) = (irpf::fim_do_ano(ano - 1), irpf::fim_do_ano(ano));
    let mut bens: BTreeMap<i64, Bem<'a>> = BTreeMap::new();
    for r in reservas {
        let (liq, venc) = (liquidacao(r, agora), r.vencimento(agora));
        let saldo_anterior = irpf::saldo(r.investimento(), liq, venc, antes);
        let saldo_atual = irpf::saldo(r.investimento(), liq, venc, fim);
        let recebido = recebido_no_ano(r, ano, agora);
        if saldo_anterior.is_zero() && saldo_atual.is_zero() && recebido.is_zero() {
            continue;
        }
        let bem = match bens.entry(r.captacao_id) {
            std::collections::btree_map::Entry::Occupied(o) => o.into_mut(),
            std::collections::btree_map::Entry::Vacant(v) => v.insert(Bem {
                reservas: Vec::new(),
                tributacao: store::tributacao(c, r.captacao_id)?
                    .unwrap_or_else(Tributacao::nao_informada),
                saldo_anterior: Decimal::ZERO,
                saldo_atual: Decimal::ZERO,
                recebido: Decimal::ZERO,
            }),
        };
        bem.reservas.push(r);
        bem.saldo_anterior += saldo_anterior;
        bem.saldo_atual += saldo_atual;
        bem.recebido += recebido;
    }
    Ok(bens.into_values().collect())
}
