//! The situation of a holding (an investor's reservation after it is paid): whether the
//! issuer is paying it as agreed. It is read from the dates of the due and paid instalments
//! with "today" as a parameter, so an instalment not paid by its due date is overdue from the
//! next day on, with no job to mark it.
//!
//! The order of precedence, first match wins:
//! 1. the yield has not started (the money is still held for the offering): `EmCaptacao`;
//! 2. the platform wrote the credit off: `Inadimplente`;
//! 3. every instalment is paid in full: `Liquidado`;
//! 4. a recovery is under way (notice, renegotiation, guarantee): `EmRecuperacao`;
//! 5. the oldest unpaid instalment is overdue by more than [`DIAS_PARA_INADIMPLENCIA`]: `Inadimplente`;
//! 6. an unpaid instalment is overdue: `Atrasado`, with the days since the oldest one's due date;
//! 7. otherwise `EmDia`.

use jiff::civil::Date;
use rust_decimal::Decimal;

mod parcela;
#[cfg(test)]
mod tests;

pub use parcela::{EstadoParcela, Recuperacoes, TipoRecuperacao, estado as estado_da_parcela};

/// Days overdue after which an instalment with no recovery under way makes the holding in
/// default (the usual 90-day mark of credit markets).
pub const DIAS_PARA_INADIMPLENCIA: i32 = 90;

/// What an investor is told about one holding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Situacao {
    EmCaptacao,
    EmDia,
    /// Overdue by this many days (at least 1).
    Atrasado {
        dias: i32,
    },
    EmRecuperacao,
    Inadimplente,
    Liquidado,
}

impl Situacao {
    /// The badge's text.
    pub fn rotulo(&self) -> String {
        match self {
            Situacao::EmCaptacao => "Em captação".to_owned(),
            Situacao::EmDia => "Em dia".to_owned(),
            Situacao::Atrasado { dias: 1 } => "Atrasado há 1 dia".to_owned(),
            Situacao::Atrasado { dias } => format!("Atrasado há {dias} dias"),
            Situacao::EmRecuperacao => "Em recuperação".to_owned(),
            Situacao::Inadimplente => "Inadimplente".to_owned(),
            Situacao::Liquidado => "Liquidado".to_owned(),
        }
    }
}

/// One instalment as the schedule has it: due on `vencimento` for `valor`, and what was
/// paid of it (`pago`, on `pago_em`, the last payment's day).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parcela {
    pub vencimento: Date,
    pub valor: Decimal,
    pub pago: Decimal,
    pub pago_em: Option<Date>,
}

impl Parcela {
    /// Paid in full: a part payment still leaves the instalment open.
    pub fn quitada(&self) -> bool {
        self.pago >= self.valor
    }

    /// Days this instalment is overdue on `hoje` (0 when paid or not yet due): the day after
    /// the due date is the first day late.
    pub fn dias_em_atraso(&self, hoje: Date) -> i32 {
        if self.quitada() || hoje <= self.vencimento {
            return 0;
        }
        (hoje - self.vencimento).get_days()
    }
}

/// The recovery of a holding's credit, as far as the platform has taken it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Recuperacao {
    #[default]
    Nenhuma,
    /// A notice, a renegotiation or a guarantee's enforcement is under way.
    EmCurso,
    /// The credit was written off: what was not recovered is lost.
    Baixada,
}

/// The situation on `hoje` of a holding whose yield starts on `inicio_rendimento` (`None`
/// while the offering has not succeeded), with its `parcelas` and `recuperacao`.
pub fn situacao(
    inicio_rendimento: Option<Date>,
    parcelas: &[Parcela],
    recuperacao: Recuperacao,
    hoje: Date,
) -> Situacao {
    match inicio_rendimento {
        Some(inicio) if inicio <= hoje => {}
        _ => return Situacao::EmCaptacao,
    }
    if recuperacao == Recuperacao::Baixada {
        return Situacao::Inadimplente;
    }
    if !parcelas.is_empty() && parcelas.iter().all(Parcela::quitada) {
        return Situacao::Liquidado;
    }
    if recuperacao == Recuperacao::EmCurso {
        return Situacao::EmRecuperacao;
    }
    match dias_em_atraso(parcelas, hoje) {
        0 => Situacao::EmDia,
        d if d > DIAS_PARA_INADIMPLENCIA => Situacao::Inadimplente,
        dias => Situacao::Atrasado { dias },
    }
}

/// The days since the oldest overdue instalment fell due (0 when none is overdue).
pub fn dias_em_atraso(parcelas: &[Parcela], hoje: Date) -> i32 {
    parcelas
        .iter()
        .map(|p| p.dias_em_atraso(hoje))
        .max()
        .unwrap_or(0)
}

/// The amount due and not paid on `hoje` (instalments past their due date only).
pub fn valor_em_atraso(parcelas: &[Parcela], hoje: Date) -> Decimal {
    parcelas
        .iter()
        .filter(|p| p.dias_em_atraso(hoje) > 0)
        .map(|p| (p.valor - p.pago).max(Decimal::ZERO))
        .sum()
}
