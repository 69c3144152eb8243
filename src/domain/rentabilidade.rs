//! The realised annual rate of a holding: the XIRR of its real cash flows (the money paid on
//! its settlement day, every payment received on the day it came), the rate `r` at which
//! Σ valor / (1 + r)^(dias / 365) = 0, as spreadsheets and the market compute it.
//!
//! The flows are exact decimals; the rate is found by bisection on exact decimals, to a
//! precision far below what is shown, then rounded to a hundredth of a percentage point.
//! [`valor_presente`] discounts flows to a day in the same convention (days / 365).

use jiff::civil::Date;
use rust_decimal::{Decimal, MathematicalOps, RoundingStrategy};

pub mod realizada;
#[cfg(test)]
mod tests;

/// One cash flow: negative when the investor pays, positive when they receive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fluxo {
    pub data: Date,
    pub valor: Decimal,
}

/// Why a set of flows has no rate to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SemTaxa {
    /// Money only went out: nothing received yet, or a total loss (the caller knows which:
    /// a written-off holding that returned nothing lost 100 %).
    SoSaidas,
    /// Money only came in, or there are no flows.
    SoEntradas,
    /// Every flow falls on one day: no time passed for a rate to measure.
    MesmoDia,
    /// No rate between -100 % and the search's top reproduces these flows.
    SemSolucao,
}

/// The rate's search range: a total loss (-100 %) up to 100 000 % a year.
const PISO: Decimal = Decimal::NEGATIVE_ONE;
const TETO: Decimal = Decimal::ONE_THOUSAND;
/// Bisection stops when the range is this narrow (a millionth of a basis point).
const PRECISAO: Decimal = Decimal::from_parts(1, 0, 0, false, 10);

/// The realised annual rate of `fluxos` as a fraction (0.1234 = 12,34 % a.a.), rounded to four
/// places (two of the percentage). Zero flows are left out.
pub fn xirr(fluxos: &[Fluxo]) -> Result<Decimal, SemTaxa> {
    taxa_interna(fluxos).map(arredondar)
}

/// The rate of [`xirr`] before rounding, to the bisection's precision: for a rate that goes
/// on into another computation, where a rounded one would carry its rounding along.
pub fn taxa_interna(fluxos: &[Fluxo]) -> Result<Decimal, SemTaxa> {
    let fluxos: Vec<Fluxo> = fluxos
        .iter()
        .copied()
        .filter(|f| !f.valor.is_zero())
        .collect();
    let saiu = fluxos.iter().any(|f| f.valor < Decimal::ZERO);
    let entrou = fluxos.iter().any(|f| f.valor > Decimal::ZERO);
    if !saiu {
        return Err(SemTaxa::SoEntradas);
    }
    if !entrou {
        return Err(SemTaxa::SoSaidas);
    }
    let (Some(inicio), Some(fim)) = (
        fluxos.iter().map(|f| f.data).min(),
        fluxos.iter().map(|f| f.data).max(),
    ) else {
        return Err(SemTaxa::SoEntradas);
    };
    if fim == inicio {
        return Err(SemTaxa::MesmoDia);
    }
    // Each flow's time in years from the first, and the last one's.
    let anos = |d: Date| Decimal::from((d - inicio).get_days()) / Decimal::from(365);
    let tempos: Vec<(Decimal, Decimal)> = fluxos.iter().map(|f| (anos(f.data), f.valor)).collect();
    let total = anos(fim);
    let sinal = |r: Decimal| valor_presente_sinal(&tempos, total, r);

    // Just above -100 % the latest flows weigh most; at the top the earliest do.
    let mut baixo = PISO + PRECISAO;
    let mut alto = TETO;
    let (Some(s_baixo), Some(s_alto)) = (sinal(baixo), sinal(alto)) else {
        return Err(SemTaxa::SemSolucao);
    };
    if s_baixo == 0 {
        return Ok(baixo);
    }
    if s_alto == 0 {
        return Ok(alto);
    }
    if s_baixo == s_alto {
        // Towards -100 % the scaled present value tends to what the last day brought: a sign
        // other than the floor's puts the root in the sliver between -100 % and the floor (a
        // near-total loss, -100,00 % once rounded).
        let ultimo: Decimal = tempos
            .iter()
            .filter(|(t, _)| *t == total)
            .map(|(_, v)| v)
            .sum();
        let limite = if ultimo > Decimal::ZERO {
            1
        } else if ultimo < Decimal::ZERO {
            -1
        } else {
            0
        };
        if limite != 0 && limite != s_baixo {
            return Ok(PISO);
        }
        return Err(SemTaxa::SemSolucao);
    }
    while alto - baixo > PRECISAO {
        let meio = (baixo + alto) / Decimal::TWO;
        match sinal(meio) {
            Some(0) => return Ok(meio),
            Some(s) if s == s_baixo => baixo = meio,
            Some(_) => alto = meio,
            None => return Err(SemTaxa::SemSolucao),
        }
    }
    Ok((baixo + alto) / Decimal::TWO)
}

/// What `fluxos` are worth on `dia` at `taxa` a year (a fraction): each flow discounted (or,
/// before `dia`, compounded) over its days from `dia`, counted as days / 365 like [`xirr`],
/// so flows discounted at their own rate keep a present value of zero on any day. `None`
/// for a rate at or below -100 % or past `Decimal`'s range.
pub fn valor_presente(fluxos: &[Fluxo], dia: Date, taxa: Decimal) -> Option<Decimal> {
    let base = Decimal::ONE.checked_add(taxa)?;
    if base <= Decimal::ZERO {
        return None;
    }
    fluxos.iter().try_fold(Decimal::ZERO, |soma, f| {
        let anos = Decimal::from((f.data - dia).get_days()) / Decimal::from(365);
        soma.checked_add(f.valor.checked_mul(potencia(base, -anos)?)?)
    })
}

/// The sign (-1, 0, 1) of the flows' present value at `r`, or `None` past `Decimal`'s range.
///
/// The present value is scaled by a positive factor so no power exceeds 1: by (1 + r)^total
/// when r < 0 (the discount factors of late flows would be huge), as is when r ≥ 0. A positive
/// factor keeps the sign, which is all bisection needs.
fn valor_presente_sinal(tempos: &[(Decimal, Decimal)], total: Decimal, r: Decimal) -> Option<i8> {
    let base = Decimal::ONE + r;
    let mut soma = Decimal::ZERO;
    for &(t, valor) in tempos {
        let expoente = if r < Decimal::ZERO { total - t } else { -t };
        let fator = potencia(base, expoente)?;
        soma = soma.checked_add(valor.checked_mul(fator)?)?;
    }
    Some(match soma {
        s if s > Decimal::ZERO => 1,
        s if s < Decimal::ZERO => -1,
        _ => 0,
    })
}

/// `base`^`expoente` for 0 < base, as e^(expoente · ln base); a factor under e^-60 (a
/// millionth of a millionth of a cent on any amount) is 0 rather than an underflow.
fn potencia(base: Decimal, expoente: Decimal) -> Option<Decimal> {
    if expoente.is_zero() {
        return Some(Decimal::ONE);
    }
    let x = base.checked_ln()?.checked_mul(expoente)?;
    if x < Decimal::from(-60) {
        return Some(Decimal::ZERO);
    }
    x.checked_exp()
}

fn arredondar(r: Decimal) -> Decimal {
    r.round_dp_with_strategy(4, RoundingStrategy::MidpointAwayFromZero)
}
