//! The investor's payment calendar (agenda de recebimentos): every installment of the
//! standing investments, with a state read from its date and today's date, grouped by
//! month (this month first, then the next months, then the past), with the month's and the
//! year's totals, the next twelve months for the chart, and the page's filter.
//!
//! Rules: an installment the platform marks paid is Pago; one it marks late, or one not
//! paid whose day has passed in São Paulo, is Atrasado; any other is Previsto. Simulated
//! and excluded installments are not payments and never appear.

pub mod ical;

use jiff::ToSpan;
use jiff::civil::Date;
use rust_decimal::Decimal;

use super::dates;
use super::status::ParcelaStatus;

/// A filter value that is not one of the options.
pub const MSG_OPCAO: &str = "Selecione uma das opções da lista para prosseguir.";
/// How many months the chart shows, this month included.
pub const MESES_GRAFICO: usize = 12;

/// The state of a payment on the calendar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Situacao {
    Pago,
    Previsto,
    Atrasado,
}

impl Situacao {
    pub const ALL: [Situacao; 3] = [Situacao::Previsto, Situacao::Pago, Situacao::Atrasado];

    /// The value in the address (`?situacao=`).
    pub fn code(self) -> &'static str {
        match self {
            Situacao::Pago => "pago",
            Situacao::Previsto => "previsto",
            Situacao::Atrasado => "atrasado",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Situacao::Pago => "Pago",
            Situacao::Previsto => "Previsto",
            Situacao::Atrasado => "Atrasado",
        }
    }

    pub fn from_code(code: &str) -> Option<Situacao> {
        Self::ALL
            .into_iter()
            .find(|s| s.code().eq_ignore_ascii_case(code.trim()))
    }
}

/// The state of an installment due on `data`, as the platform reports it, on `hoje`;
/// `None` for what is not a payment (simulated, excluded, or written off with its credit:
/// the calendar never promises money the platform gave up on).
pub fn situacao(status: Option<&ParcelaStatus>, data: Date, hoje: Date) -> Option<Situacao> {
    match status {
        Some(ParcelaStatus::Pago | ParcelaStatus::Quitada) => Some(Situacao::Pago),
        Some(ParcelaStatus::PagamentoAtrasado) => Some(Situacao::Atrasado),
        Some(ParcelaStatus::Simulado | ParcelaStatus::Excluida | ParcelaStatus::Baixada) => None,
        _ if data < hoje => Some(Situacao::Atrasado),
        _ => Some(Situacao::Previsto),
    }
}

/// One payment of the calendar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recebimento {
    pub id_reserva: i64,
    /// The installment's number in its reservation (1-based).
    pub numero: i64,
    pub id_captacao: Option<i64>,
    pub captacao: String,
    /// The day it is due, in São Paulo.
    pub data: Date,
    pub valor: Decimal,
    pub situacao: Situacao,
}

/// The filter as typed in the address (empty means all).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FiltroDigitado {
    pub captacao: String,
    pub situacao: String,
}

/// The filter applied.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Filtro {
    pub captacao: Option<i64>,
    pub situacao: Option<Situacao>,
}

impl Filtro {
    pub fn aceita(&self, r: &Recebimento) -> bool {
        self.captacao.is_none_or(|c| r.id_captacao == Some(c))
            && self.situacao.is_none_or(|s| r.situacao == s)
    }

    /// Whether any part of the filter is set.
    pub fn ativo(&self) -> bool {
        self.captacao.is_some() || self.situacao.is_some()
    }
}

/// Reads the typed filter: an offering's number, one of the states, or nothing.
pub fn filtro(t: &FiltroDigitado) -> Result<Filtro, &'static str> {
    let captacao = match t.captacao.trim() {
        "" => None,
        s => Some(s.parse::<i64>().ok().filter(|n| *n > 0).ok_or(MSG_OPCAO)?),
    };
    let situacao = match t.situacao.trim() {
        "" => None,
        s => Some(Situacao::from_code(s).ok_or(MSG_OPCAO)?),
    };
    Ok(Filtro { captacao, situacao })
}

/// The first day of `d`'s month.
pub fn mes(d: Date) -> Date {
    d.first_of_month()
}

/// One month of the calendar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mes {
    /// The first day of the month.
    pub inicio: Date,
    /// By day, then reservation, then installment.
    pub itens: Vec<Recebimento>,
    pub total: Decimal,
}

/// The calendar drawn by the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Agenda {
    /// This month (when it has payments), then the next months in order.
    pub proximos: Vec<Mes>,
    /// The months before this one, most recent first.
    pub passados: Vec<Mes>,
    /// The calendar year of today.
    pub ano: i16,
    /// Every payment of that year (paid, expected and late).
    pub total_ano: Decimal,
    pub recebido_ano: Decimal,
    pub a_receber_ano: Decimal,
}

fn soma<'a>(itens: impl Iterator<Item = &'a Recebimento>) -> Decimal {
    itens.fold(Decimal::ZERO, |s, r| s.saturating_add(r.valor))
}

/// The payments that pass `filtro`, ordered by day, then reservation, then installment.
pub fn filtrar(itens: &[Recebimento], filtro: &Filtro) -> Vec<Recebimento> {
    let mut v: Vec<Recebimento> = itens.iter().filter(|r| filtro.aceita(r)).cloned().collect();
    v.sort_by_key(|r| (r.data, r.id_reserva, r.numero));
    v
}

/// The calendar of `itens` (already filtered and ordered, see [`filtrar`]) on `hoje`.
pub fn agenda(itens: &[Recebimento], hoje: Date) -> Agenda {
    let atual = mes(hoje);
    let mut meses: Vec<Mes> = Vec::new();
    for r in itens {
        let inicio = mes(r.data);
        match meses.iter_mut().find(|m| m.inicio == inicio) {
            Some(m) => m.itens.push(r.clone()),
            None => meses.push(Mes {
                inicio,
                itens: vec![r.clone()],
                total: Decimal::ZERO,
            }),
        }
    }
    for m in &mut meses {
        m.itens.sort_by_key(|r| (r.data, r.id_reserva, r.numero));
        m.total = soma(m.itens.iter());
    }
    let (mut passados, mut proximos): (Vec<Mes>, Vec<Mes>) =
        meses.into_iter().partition(|m| m.inicio < atual);
    proximos.sort_by_key(|m| m.inicio);
    passados.sort_by_key(|m| std::cmp::Reverse(m.inicio));
    let do_ano: Vec<&Recebimento> = itens
        .iter()
        .filter(|r| r.data.year() == hoje.year())
        .collect();
    Agenda {
        proximos,
        passados,
        ano: hoje.year(),
        total_ano: soma(do_ano.iter().copied()),
        recebido_ano: soma(
            do_ano
                .iter()
                .copied()
                .filter(|r| r.situacao == Situacao::Pago),
        ),
        a_receber_ano: soma(
            do_ano
                .iter()
                .copied()
                .filter(|r| r.situacao != Situacao::Pago),
        ),
    }
}

/// This month and the next eleven, each with the total of its payments in `itens` (zero
/// when none): the chart's bars.
pub fn proximos_meses(itens: &[Recebimento], hoje: Date) -> Vec<(Date, Decimal)> {
    let atual = mes(hoje);
    (0..MESES_GRAFICO)
        .filter_map(|i| atual.checked_add(i64::try_from(i).ok()?.months()).ok())
        .map(|inicio| {
            let total = soma(itens.iter().filter(|r| mes(r.data) == inicio));
            (inicio, total)
        })
        .collect()
}

/// `nov/26`: the chart's axis.
pub fn mes_curto(d: Date) -> String {
    let nome: String = dates::civil_month_year_br(d).chars().take(3).collect();
    format!("{nome}/{:02}", d.year().rem_euclid(100))
}

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;
