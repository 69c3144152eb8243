//! `GET /v1/reservas/simular/{id}?valorBase=1000.00` (public; a Bearer is accepted and not
//! needed): the scenarios of investing `valorBase` in an offering, computed from its annual
//! net yield, term, payment periodicity and the end of its fundraising (CONTRACTS.md).
//!
//! The formulas, with `V` the amount and `a` the annual net yield as a fraction
//! (17,50 % a.a. → 0.175):
//! * A period of `m` months yields the compound equivalent of `a`:
//!   `i(m) = (1 + a)^(m/12) − 1`, so twelve monthly periods give exactly `a` over a year
//!   (a simple `a × m/12` would overpay). `(1 + a)^(1/12)` is found by Newton's method in
//!   `Decimal` (no floats anywhere near money).
//! * Schedule: the yield starts the São Paulo day after fundraising ends (`D0`). Periods
//!   have `periodicidade` months, the last one shorter when the term is not a multiple of
//!   it; a periodicity of 0 or not shorter than the term pays everything at maturity.
//!   Payment `k` falls on `D0 + (months elapsed after period k)`, each date counted from
//!   `D0` and clamped to the end of a shorter month (Jan 31 + 1 month = Feb 28), so the
//!   day never drifts.
//! * 'Cenário base': each period pays `V × i(m_k)` in cents (half away from zero, as a
//!   bank rounds); the principal comes with the last payment, which also absorbs the
//!   rounding: it is `V + round(V × Σ i(m_k)) − (interest already paid)`, so the total is
//!   `V` plus the total interest rounded once.
//! * 'Cenário com reinvestimento': each period's interest is reinvested at the same rate and
//!   everything is paid at maturity: `V × Π(1 + i(m_k)) = V × (1 + a)^(prazo/12)`.
//! * 'Cenário conservador': as the base, with the yield 2 p.p. lower (never below zero).
//!
//! Amounts below the offering's minimum still simulate: the simulation informs, the order
//! enforces. Drafts are not offered, so they answer 404 like an unknown offering.
//!
//! This module is the computation only (the wallet's cash flow reuses it); the handler
//! that reads the offering is `reservas::simular`.

use std::str::FromStr;

use axum::http::StatusCode;
use jiff::Span;
use jiff::civil::Date;
use rust_decimal::{Decimal, RoundingStrategy};
use serde::Serialize;

use crate::domain::money;
use crate::sandbox::erro::ApiError;
use crate::sandbox::tempo;

pub(crate) const BASE: &str = "Cenário base";
pub(crate) const REINVESTIMENTO: &str = "Cenário com reinvestimento";
pub(crate) const CONSERVADOR: &str = "Cenário conservador";

pub(crate) const MSG_VALOR: &str = "Informe um valor base maior que zero para a simulação.";
const MSG_VALOR_ALTO: &str = "O valor base da simulação excede o limite permitido.";

/// R$ 1 trillion: far beyond any offering, and it keeps every product inside `Decimal`.
const VALOR_MAXIMO: Decimal = Decimal::from_parts(0xD4A5_1000, 0xE8, 0, false, 0);

/// A longer term would be a data error; it also bounds the powers below.
pub(crate) const PRAZO_MAXIMO: u32 = 600;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Cenario {
    pub(crate) nome: &'static str,
    #[serde(with = "money::json")]
    pub(crate) total_receber: Decimal,
    pub(crate) parcelas: Vec<Parcela>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Parcela {
    pub(crate) numero: u32,
    /// Midnight of the payment day in São Paulo, RFC 3339 (`2027-01-21T00:00:00-03:00`).
    pub(crate) data_pagamento: String,
    #[serde(with = "money::json")]
    pub(crate) valor: Decimal,
}

/// What the simulation needs to know about an offering.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Termos {
    /// Annual net yield as a fraction (0.175 for 17,50 % a.a.).
    pub(crate) rendimento_anual: Decimal,
    pub(crate) prazo_meses: u32,
    pub(crate) periodicidade_meses: u32,
    /// `D0`: the first day of yield.
    pub(crate) inicio: Date,
}

/// `valorBase` as the platform reads it: a plain decimal with a dot (`1000.00`), rounded to
/// cents; missing, unparseable or not above zero is a 400 with a Portuguese message.
pub(crate) fn valor_base(query: Option<&str>) -> Result<Decimal, ApiError> {
    let bruto = url::form_urlencoded::parse(query.unwrap_or_default().as_bytes())
        .find(|(k, _)| k == "valorBase")
        .map(|(_, v)| v.trim().to_owned());
    let Some(bruto) = bruto.filter(|v| !v.is_empty()) else {
        return Err(ApiError::requisicao(MSG_VALOR).com_detalhe("valorBase ausente"));
    };
    let valor = Decimal::from_str(&bruto).map(centavos).map_err(|_| {
        ApiError::requisicao(MSG_VALOR).com_detalhe(format!("valorBase inválido: {bruto}"))
    })?;
    if valor <= Decimal::ZERO {
        return Err(
            ApiError::requisicao(MSG_VALOR).com_detalhe("valorBase deve ser maior que zero")
        );
    }
    if valor > VALOR_MAXIMO {
        return Err(ApiError::new(StatusCode::BAD_REQUEST, MSG_VALOR_ALTO));
    }
    Ok(valor)
}

/// The three scenarios, in the order shown. `None` only if a figure left `Decimal`'s range.
pub(crate) fn cenarios(valor: Decimal, termos: &Termos) -> Option<Vec<Cenario>> {
    let agenda = agenda(termos)?;
    let conservador = (termos.rendimento_anual - Decimal::new(2, 2)).max(Decimal::ZERO);
    Some(vec![
        juros_periodicos(BASE, valor, termos.rendimento_anual, &agenda)?,
        reinvestimento(valor, termos, &agenda)?,
        juros_periodicos(CONSERVADOR, valor, conservador, &agenda)?,
    ])
}

/// Money in cents, half away from zero.
pub(crate) fn centavos(v: Decimal) -> Decimal {
    v.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
}

/// Period lengths in months: `periodicidade` each, the remainder last.
pub(crate) fn periodos(prazo: u32, periodicidade: u32) -> Vec<u32> {
    if periodicidade == 0 || periodicidade >= prazo {
        return vec![prazo];
    }
    let mut v = vec![periodicidade; (prazo / periodicidade) as usize];
    if !prazo.is_multiple_of(periodicidade) {
        v.push(prazo % periodicidade);
    }
    v
}

/// Each period's length with its payment date (RFC 3339 at midnight in São Paulo).
fn agenda(termos: &Termos) -> Option<Vec<(u32, String)>> {
    let mut decorridos = 0i64;
    periodos(termos.prazo_meses, termos.periodicidade_meses)
        .into_iter()
        .map(|m| {
            decorridos += i64::from(m);
            let dia = termos
                .inicio
                .checked_add(Span::new().try_months(decorridos).ok()?)
                .ok()?;
            Some((m, tempo::rfc3339(tempo::no_dia(dia, 0, 0, 0)?)))
        })
        .collect()
}

fn juros_periodicos(
    nome: &'static str,
    valor: Decimal,
    anual: Decimal,
    agenda: &[(u32, String)],
) -> Option<Cenario> {
    let raiz = raiz_duodecima(Decimal::ONE.checked_add(anual)?)?;
    let taxas = agenda
        .iter()
        .map(|(m, _)| potencia(raiz, *m).map(|f| f - Decimal::ONE))
        .collect::<Option<Vec<_>>>()?;
    let soma_taxas = taxas
        .iter()
        .try_fold(Decimal::ZERO, |s, t| s.checked_add(*t))?;
    let total_juros = centavos(valor.checked_mul(soma_taxas)?);
    let ultima = agenda.len().checked_sub(1)?;
    let mut pagos = Decimal::ZERO;
    let mut parcelas = Vec::with_capacity(agenda.len());
    for (k, ((_, data), taxa)) in agenda.iter().zip(&taxas).enumerate() {
        let valor_parcela = if k == ultima {
            valor + total_juros - pagos
        } else {
            let juros = centavos(valor.checked_mul(*taxa)?);
            pagos += juros;
            juros
        };
        parcelas.push(Parcela {
            numero: u32::try_from(k + 1).ok()?,
            data_pagamento: data.clone(),
            valor: valor_parcela,
        });
    }
    Some(Cenario {
        nome,
        total_receber: valor + total_juros,
        parcelas,
    })
}

fn reinvestimento(valor: Decimal, termos: &Termos, agenda: &[(u32, String)]) -> Option<Cenario> {
    let raiz = raiz_duodecima(Decimal::ONE.checked_add(termos.rendimento_anual)?)?;
    let total = centavos(valor.checked_mul(potencia(raiz, termos.prazo_meses)?)?);
    let (_, vencimento) = agenda.last()?;
    Some(Cenario {
        nome: REINVESTIMENTO,
        total_receber: total,
        parcelas: vec![Parcela {
            numero: 1,
            data_pagamento: vencimento.clone(),
            valor: total,
        }],
    })
}

/// `x^n` by repeated squaring, `None` on overflow.
pub(crate) fn potencia(x: Decimal, mut n: u32) -> Option<Decimal> {
    let (mut base, mut acc) = (x, Decimal::ONE);
    while n > 0 {
        if n & 1 == 1 {
            acc = acc.checked_mul(base)?;
        }
        n >>= 1;
        if n > 0 {
            base = base.checked_mul(base)?;
        }
    }
    Some(acc)
}

/// `b^(1/12)`, computed once per `b`: the investor's home and wallet ask it for every
/// reservation on every request, from the handful of yields the offerings have, and
/// Newton's method below costs more than the rest of the answer.
pub(crate) fn raiz_duodecima(b: Decimal) -> Option<Decimal> {
    use std::collections::HashMap;
    use std::sync::{LazyLock, Mutex};
    /// A bound on memory: past it the remembered roots start over.
    const LEMBRADAS: usize = 4_096;
    static RAIZES: LazyLock<Mutex<HashMap<Decimal, Option<Decimal>>>> =
        LazyLock::new(Default::default);
    if let Some(r) = RAIZES.lock().ok().and_then(|m| m.get(&b).copied()) {
        return r;
    }
    let r = calcular_raiz_duodecima(b);
    if let Ok(mut m) = RAIZES.lock() {
        if m.len() >= LEMBRADAS {
            m.clear();
        }
        m.insert(b, r);
    }
    r
}

/// `b^(1/12)` for `b ≥ 1` (one plus a yield) by Newton's method on `x¹² − b`. It starts
/// at `1 + (b − 1)/12`, which Bernoulli's inequality puts at or above the root, so the
/// iterates descend monotonically; it stops when a step no longer moves past 10⁻²⁴, well
/// inside `Decimal`'s 28 digits and far below a cent on any amount we accept.
fn calcular_raiz_duodecima(b: Decimal) -> Option<Decimal> {
    if b < Decimal::ONE {
        return None;
    }
    let doze = Decimal::from(12);
    let tolerancia = Decimal::new(1, 24);
    let mut x = Decimal::ONE + (b - Decimal::ONE).checked_div(doze)?;
    for _ in 0..200 {
        let x11 = potencia(x, 11)?;
        let passo = (x11.checked_mul(x)? - b).checked_div(doze.checked_mul(x11)?)?;
        x -= passo;
        if passo.abs() <= tolerancia {
            return Some(x);
        }
    }
    Some(x)
}

#[cfg(test)]
mod tests;
