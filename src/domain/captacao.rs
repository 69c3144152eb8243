//! Captação rules: the phase and the status an investor sees, percent raised, the amount
//! still available and why a captação is closed for investment.
//! "Now" is always a parameter; dates are compared as São Paulo calendar days.

use jiff::Timestamp;
use jiff::civil::Date;
use rust_decimal::Decimal;

use super::cvm::ResultadoCaptacao;
use super::dates;
use super::status::CaptacaoStatus;

mod fase;
mod regras;

pub use fase::{Fase, Marcos, fase, muda_em};
pub use regras::RegrasOferta;

/// What the rules need to know about an offering.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CaptacaoFacts {
    /// `status.name` (or statusCaptacao when the object is missing).
    pub status: CaptacaoStatus,
    pub limite: Decimal,
    pub arrecadado: Decimal,
    pub reservado: Decimal,
    pub disponivel: Decimal,
    /// `acompanhamento`: percent raised as the platform computes it (without reserved).
    pub acompanhamento: Decimal,
    pub pre_lancamento: bool,
    pub data_pre_lancamento: Option<Timestamp>,
    pub inicio_captacao: Option<Timestamp>,
    pub fim_captacao: Option<Timestamp>,
    /// `resultadoCaptacao`: how the close was settled, once it was.
    pub resultado: Option<ResultadoCaptacao>,
}

impl CaptacaoFacts {
    /// The phase at `now` (see [`fase`]).
    pub fn fase(&self, now: Timestamp) -> Fase {
        fase(self.marcos(), now)
    }

    /// When the phase may next change after `now` (see [`muda_em`]).
    pub fn muda_em(&self, now: Timestamp) -> Option<Timestamp> {
        muda_em(self.marcos(), now)
    }

    fn marcos(&self) -> Marcos<'_> {
        Marcos {
            status: &self.status,
            resultado: self.resultado.as_ref(),
            inicio: self.inicio_captacao,
            fim: self.fim_captacao,
        }
    }
}

/// The status an investor sees: one per phase, open offerings by the platform's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DisplayStatus {
    /// Rascunho: hidden outside preview.
    Rascunho,
    /// Before the opening (the pages add its date).
    PreLancamento,
    /// Open and arrecadado + reservado ≥ limite (or the platform says so).
    Captado,
    /// The period is over, the result not known yet.
    Encerrado,
    /// Closed with its minimum target reached.
    Finalizado,
    /// Cancelled, or failed at its close.
    Cancelado,
    /// An open offering, shown as the platform names it.
    Other(CaptacaoStatus),
}

impl DisplayStatus {
    pub fn label(&self) -> &str {
        match self {
            DisplayStatus::Rascunho => CaptacaoStatus::Rascunho.label(),
            DisplayStatus::PreLancamento => CaptacaoStatus::PreLancamento.label(),
            DisplayStatus::Captado => CaptacaoStatus::Captado.label(),
            DisplayStatus::Encerrado => CaptacaoStatus::Encerrado.label(),
            DisplayStatus::Finalizado => CaptacaoStatus::Finalizado.label(),
            DisplayStatus::Cancelado => CaptacaoStatus::Cancelado.label(),
            DisplayStatus::Other(s) => s.label(),
        }
    }

    /// Not open for orders and greyed out in the lists: full, ended, settled or cancelled.
    pub fn is_finished(&self) -> bool {
        matches!(
            self,
            DisplayStatus::Captado
                | DisplayStatus::Encerrado
                | DisplayStatus::Finalizado
                | DisplayStatus::Cancelado
        )
    }
}

/// Full when what was raised plus what is reserved reaches the limit. The platform's
/// numbers are not trusted to be sane: every sum here is checked, and a sum too big to
/// represent is past any limit.
pub fn is_full(f: &CaptacaoFacts) -> bool {
    f.limite > Decimal::ZERO
        && f.arrecadado
            .checked_add(f.reservado)
            .is_none_or(|raised| raised >= f.limite)
}

pub fn display_status(f: &CaptacaoFacts, now: Timestamp) -> DisplayStatus {
    match f.fase(now) {
        Fase::Rascunho => DisplayStatus::Rascunho,
        Fase::PreLancamento { .. } => DisplayStatus::PreLancamento,
        Fase::Encerrada => DisplayStatus::Encerrado,
        Fase::BemSucedida => DisplayStatus::Finalizado,
        Fase::Malsucedida | Fase::Cancelada => DisplayStatus::Cancelado,
        Fase::Aberta if f.status == CaptacaoStatus::Captado || is_full(f) => DisplayStatus::Captado,
        // A name from before the opening, still sent once it opened, reads as open.
        Fase::Aberta if f.status == CaptacaoStatus::PreLancamento => {
            DisplayStatus::Other(CaptacaoStatus::CaptacaoNoAr)
        }
        Fase::Aberta => DisplayStatus::Other(f.status.clone()),
    }
}

/// The São Paulo day an offering not open yet opens on.
pub fn opens_on(f: &CaptacaoFacts, now: Timestamp) -> Option<Date> {
    match f.fase(now) {
        Fase::PreLancamento { abre_em } => Some(dates::today_in_sao_paulo(abre_em)),
        _ => None,
    }
}

/// When an order recorded before the opening will be asked for its money.
pub fn pagamento_na_abertura(dia: Date) -> String {
    format!(
        "pagamento a partir da abertura, em {}",
        dates::format_civil_date_br(dia)
    )
}

/// Percent raised as displayed: the platform's figure plus reserved / limit × 100 when
/// something is reserved; two decimals.
pub fn percent_raised(f: &CaptacaoFacts) -> Decimal {
    let extra = if f.reservado > Decimal::ZERO && f.limite > Decimal::ZERO {
        f.reservado
            .checked_div(f.limite)
            .and_then(|share| share.checked_mul(Decimal::ONE_HUNDRED))
            .unwrap_or(Decimal::ONE_HUNDRED)
    } else {
        Decimal::ZERO
    };
    f.acompanhamento
        .checked_add(extra)
        .unwrap_or(Decimal::MAX)
        .round_dp(2)
}

/// Width of the progress bar, 0–100.
pub fn progress_width(f: &CaptacaoFacts) -> Decimal {
    percent_raised(f).clamp(Decimal::ZERO, Decimal::ONE_HUNDRED)
}

/// Available for investment: disponível − reservado, never negative.
pub fn available(f: &CaptacaoFacts) -> Decimal {
    f.disponivel
        .checked_sub(f.reservado)
        .unwrap_or(Decimal::ZERO)
        .max(Decimal::ZERO)
}

/// Why an offering is closed for investment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClosedReason {
    /// The offering reached its limit (or nothing is left to invest).
    LimitReached,
    /// The fundraising period ended on this São Paulo day.
    PeriodEnded(Date),
    /// The platform says the period is over, without its date.
    PeriodOver,
    /// The close fell short of the minimum target.
    Failed,
    Cancelled,
}

impl ClosedReason {
    pub fn message(&self) -> String {
        match self {
            ClosedReason::LimitReached => "Esta captação atingiu o limite de arrecadação.".into(),
            ClosedReason::PeriodEnded(d) => format!(
                "O período de captação encerrou em {}.",
                dates::format_civil_date_br(*d)
            ),
            ClosedReason::PeriodOver => "O período de captação encerrou.".into(),
            ClosedReason::Failed => "A captação encerrou sem atingir o valor alvo mínimo: \
                a oferta foi cancelada e os valores pagos foram devolvidos."
                .into(),
            ClosedReason::Cancelled => {
                "Esta oferta foi cancelada e os valores pagos foram devolvidos.".into()
            }
        }
    }
}

/// The detail's sidebar: open (minimum investment, Investir, Simular) or closed with its
/// reason. Open while the offering is open or not open yet, and something is available.
pub fn closed_reason(f: &CaptacaoFacts, now: Timestamp) -> Option<ClosedReason> {
    let ended_on = || {
        f.fim_captacao
            .filter(|fim| *fim <= now)
            .map(dates::today_in_sao_paulo)
    };
    match f.fase(now) {
        Fase::Malsucedida => Some(ClosedReason::Failed),
        Fase::Cancelada => Some(ClosedReason::Cancelled),
        // A settled offering ended by its limit when it got there, else by its date.
        Fase::BemSucedida => Some(match ended_on() {
            Some(d) if !is_full(f) => ClosedReason::PeriodEnded(d),
            _ => ClosedReason::LimitReached,
        }),
        Fase::Encerrada => Some(
            ended_on()
                .map(ClosedReason::PeriodEnded)
                .unwrap_or(ClosedReason::PeriodOver),
        ),
        Fase::PreLancamento { .. } if available(f) > Decimal::ZERO => None,
        Fase::Aberta | Fase::Rascunho
            if !display_status(f, now).is_finished() && available(f) > Decimal::ZERO =>
        {
            None
        }
        _ => Some(ClosedReason::LimitReached),
    }
}

#[cfg(test)]
mod tests;
