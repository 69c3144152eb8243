//! The cash flow of an invested reservation and the yield accrued to a day. The maths is
//! the simulation's (`reservas::simulacao`, 'Cenário base': compound-equivalent
//! interest per period, principal and rounding in the last payment), reused here so the
//! wallet's "Fluxo de recebimento", the allocation and the PDFs agree with the simulator.

use jiff::ToSpan;
use jiff::civil::Date;
use rust_decimal::Decimal;

use crate::domain::dates;
use crate::sandbox::reservas::simulacao::{self, Termos};

/// One installment of [`fluxo`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Parcela {
    /// 1-based.
    pub(crate) numero: u32,
    pub(crate) data: Date,
    /// Interest, plus the principal in the last one.
    pub(crate) valor: Decimal,
}

/// Interest payments per year: 12 / periodicity; a single payment at maturity
/// (periodicity ≤ 0 or ≥ the term) counts as 1.
pub(crate) fn parcelas_anuais(prazo_meses: i64, periodicidade_meses: i64) -> i64 {
    if periodicidade_meses <= 0 || periodicidade_meses >= prazo_meses.max(1) {
        return 1;
    }
    (12 / periodicidade_meses).max(1)
}

/// The maturity day: `inicio + prazo` months (end of month clamped, 31 Jan + 1 → 28/29 Feb).
pub(crate) fn vencimento(inicio: Date, prazo_meses: i64) -> Date {
    inicio.checked_add(prazo_meses.months()).unwrap_or(inicio)
}

fn termos(taxa_pct: Decimal, prazo_meses: i64, periodicidade_meses: i64, inicio: Date) -> Termos {
    Termos {
        rendimento_anual: taxa_pct / Decimal::ONE_HUNDRED,
        prazo_meses: u32::try_from(prazo_meses.clamp(1, 600)).unwrap_or(1),
        periodicidade_meses: u32::try_from(periodicidade_meses.max(0)).unwrap_or(0),
        inicio,
    }
}

/// The installments of `investimento` at `taxa_pct` % a year over `prazo_meses`, paying
/// interest every `periodicidade_meses` (≤ 0 or ≥ the term: everything at maturity),
/// counted from `inicio`. Empty only if a figure left `Decimal`'s range.
///
/// Computed once per set of terms: the investor's home and wallet ask for every
/// reservation's schedule on every request, and the three scenarios behind it cost more
/// than the rest of the answer; the schedule depends on nothing but these five figures.
pub(crate) fn fluxo(
    investimento: Decimal,
    taxa_pct: Decimal,
    prazo_meses: i64,
    periodicidade_meses: i64,
    inicio: Date,
) -> Vec<Parcela> {
    use std::collections::HashMap;
    use std::sync::{LazyLock, Mutex};
    // The figures' exact representation (scale included: 1000 and 1000.00 are equal as
    // numbers, not as the digits a schedule carries).
    type Chave = ([u8; 16], [u8; 16], i64, i64, Date);
    /// A bound on memory: past it the remembered schedules start over.
    const LEMBRADOS: usize = 4_096;
    static FLUXOS: LazyLock<Mutex<HashMap<Chave, Vec<Parcela>>>> = LazyLock::new(Default::default);
    let chave = (
        investimento.serialize(),
        taxa_pct.serialize(),
        prazo_meses,
        periodicidade_meses,
        inicio,
    );
    if let Some(f) = FLUXOS.lock().ok().and_then(|m| m.get(&chave).cloned()) {
        return f;
    }
    let f = calcular(
        investimento,
        taxa_pct,
        prazo_meses,
        periodicidade_meses,
        inicio,
    );
    if let Ok(mut m) = FLUXOS.lock() {
        if m.len() >= LEMBRADOS {
            m.clear();
        }
        m.insert(chave, f.clone());
    }
    f
}

fn calcular(
    investimento: Decimal,
    taxa_pct: Decimal,
    prazo_meses: i64,
    periodicidade_meses: i64,
    inicio: Date,
) -> Vec<Parcela> {
    let t = termos(taxa_pct, prazo_meses, periodicidade_meses, inicio);
    let Some(cenarios) = simulacao::cenarios(investimento, &t) else {
        return Vec::new();
    };
    let Some(base) = cenarios.into_iter().find(|c| c.nome == simulacao::BASE) else {
        return Vec::new();
    };
    base.parcelas
        .into_iter()
        .filter_map(|p| {
            let data = p.data_pagamento.parse::<jiff::Timestamp>().ok()?;
            Some(Parcela {
                numero: p.numero,
                data: dates::today_in_sao_paulo(data),
                valor: p.valor,
            })
        })
        .collect()
}

/// Yield accrued from `inicio` to `hoje` (capped at maturity): compounded monthly at the
/// rate's monthly equivalent for whole months, the current month prorated by days.
/// Zero before the start.
pub(crate) fn rendimento_acumulado(
    investimento: Decimal,
    taxa_pct: Decimal,
    prazo_meses: i64,
    inicio: Date,
    hoje: Date,
) -> Decimal {
    acumulado(investimento, taxa_pct, prazo_meses, inicio, hoje).unwrap_or(Decimal::ZERO)
}

fn acumulado(
    investimento: Decimal,
    taxa_pct: Decimal,
    prazo_meses: i64,
    inicio: Date,
    hoje: Date,
) -> Option<Decimal> {
    let fim = vencimento(inicio, prazo_meses).min(hoje);
    if fim <= inicio {
        return Some(Decimal::ZERO);
    }
    let meses = inicio.until((jiff::Unit::Month, fim)).ok()?.get_months();
    let base = inicio.checked_add(meses.months()).ok()?;
    let proximo = inicio.checked_add((meses + 1).months()).ok()?;
    let dias = |a: Date, b: Date| a.until(b).ok().map(|s| i64::from(s.get_days()));
    let (corridos, do_mes) = (dias(base, fim)?, dias(base, proximo)?.max(1));
    let mensal = simulacao::raiz_duodecima(Decimal::ONE + taxa_pct / Decimal::ONE_HUNDRED)?;
    let inteiro = simulacao::potencia(mensal, u32::try_from(meses).ok()?)?;
    let fracao =
        Decimal::ONE + (mensal - Decimal::ONE) * Decimal::from(corridos) / Decimal::from(do_mes);
    Some(simulacao::centavos(
        investimento.checked_mul(inteiro.checked_mul(fracao)? - Decimal::ONE)?,
    ))
}

#[cfg(test)]
mod tests {
    use jiff::civil::date;
    use rust_decimal_macros::dec;

    use super::*;

    /// The remembered schedule is the computed one, for the same figures, and never
    /// another's: a figure written with more decimals is its own entry.
    #[test]
    fn o_fluxo_lembrado_e_o_calculado() {
        let a = (dec!(7300), dec!(14.25), 18, 3, date(2026, 2, 27));
        let primeiro = fluxo(a.0, a.1, a.2, a.3, a.4);
        assert_eq!(primeiro, calcular(a.0, a.1, a.2, a.3, a.4));
        assert_eq!(fluxo(a.0, a.1, a.2, a.3, a.4), primeiro);
        let outro_prazo = fluxo(a.0, a.1, 24, a.3, a.4);
        assert_eq!(outro_prazo, calcular(a.0, a.1, 24, a.3, a.4));
        assert_ne!(outro_prazo, primeiro);
        assert_eq!(
            fluxo(dec!(7300.00), a.1, a.2, a.3, a.4),
            calcular(dec!(7300.00), a.1, a.2, a.3, a.4)
        );
    }

    #[test]
    fn juros_semestrais_com_principal_no_fim() {
        let f = fluxo(dec!(10000), dec!(21), 12, 6, date(2026, 1, 31));
        assert_eq!(f.len(), 2);
        // (1.21)^(1/2) − 1 = 10 %
        assert_eq!(f[0].valor, dec!(1000.00));
        assert_eq!(f[0].data, date(2026, 7, 31));
        assert_eq!(f[1].valor, dec!(11000.00));
        assert_eq!(f[1].data, date(2027, 1, 31));
        assert_eq!(f[1].numero, 2);
    }

    #[test]
    fn periodo_final_mais_curto_e_proporcional() {
        let f = fluxo(dec!(1000), dec!(12), 15, 6, date(2026, 3, 1));
        assert_eq!(f.len(), 3);
        assert!(f[2].valor - dec!(1000) < f[0].valor);
        assert!(f[2].valor > dec!(1000));
        assert_eq!(f[2].data, date(2027, 6, 1));
    }

    #[test]
    fn bullet_quando_periodicidade_maior_que_prazo() {
        let f = fluxo(dec!(500), dec!(10), 9, 12, date(2026, 1, 31));
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].data, date(2026, 10, 31));
        assert_eq!(parcelas_anuais(9, 12), 1);
        assert_eq!(parcelas_anuais(24, 3), 4);
        assert_eq!(parcelas_anuais(12, 1), 12);
    }

    #[test]
    fn acumulado_limitado_ao_vencimento() {
        let inicio = date(2025, 1, 1);
        let um_ano = rendimento_acumulado(dec!(1000), dec!(10), 12, inicio, date(2026, 1, 1));
        assert_eq!(um_ano, dec!(100.00));
        let depois = rendimento_acumulado(dec!(1000), dec!(10), 12, inicio, date(2027, 6, 1));
        assert_eq!(depois, um_ano);
        let meio = rendimento_acumulado(dec!(1000), dec!(10), 12, inicio, date(2025, 7, 16));
        // (1.1)^(6.5/12) − 1 ≈ 5.3 %
        assert!(meio > dec!(52) && meio < dec!(54), "{meio}");
        assert_eq!(
            rendimento_acumulado(dec!(1000), dec!(10), 12, inicio, date(2024, 6, 1)),
            Decimal::ZERO
        );
    }
}
