//! Captação rules: the status an investor sees, pre-launch, percent raised, the amount
//! still available and why a captação is closed for investment.
//! "Now" is always a parameter; dates are compared as São Paulo calendar days.

use jiff::Timestamp;
use jiff::civil::Date;
use rust_decimal::Decimal;

use super::dates;
use super::status::CaptacaoStatus;

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
}

/// The status an investor sees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DisplayStatus {
    /// Rascunho: hidden outside preview.
    Rascunho,
    Finalizado,
    /// arrecadado + reservado ≥ limite.
    Captado,
    PreLancamento,
    /// Any other status, shown as the platform names it.
    Other(CaptacaoStatus),
}

impl DisplayStatus {
    pub fn label(&self) -> &str {
        match self {
            DisplayStatus::Rascunho => CaptacaoStatus::Rascunho.label(),
            DisplayStatus::Finalizado => CaptacaoStatus::Finalizado.label(),
            DisplayStatus::Captado => CaptacaoStatus::Captado.label(),
            DisplayStatus::PreLancamento => CaptacaoStatus::PreLancamento.label(),
            DisplayStatus::Other(s) => s.label(),
        }
    }

    /// Finished = Finalizado or Captado (cards grey these out).
    pub fn is_finished(&self) -> bool {
        matches!(self, DisplayStatus::Finalizado | DisplayStatus::Captado)
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

/// Pre-launch: flagged, the pre-launch day is today or earlier, and fundraising starts
/// today or later (calendar days in São Paulo).
pub fn is_pre_launch(f: &CaptacaoFacts, now: Timestamp) -> bool {
    let today = dates::today_in_sao_paulo(now);
    let day = |ts: Option<Timestamp>| ts.map(dates::today_in_sao_paulo);
    f.pre_lancamento
        && day(f.data_pre_lancamento).is_some_and(|d| d <= today)
        && day(f.inicio_captacao).is_some_and(|d| d >= today)
}

pub fn display_status(f: &CaptacaoFacts, now: Timestamp) -> DisplayStatus {
    match &f.status {
        CaptacaoStatus::Rascunho => DisplayStatus::Rascunho,
        CaptacaoStatus::Finalizado => DisplayStatus::Finalizado,
        CaptacaoStatus::Captado => DisplayStatus::Captado,
        _ if is_full(f) => DisplayStatus::Captado,
        _ if is_pre_launch(f, now) => DisplayStatus::PreLancamento,
        other => DisplayStatus::Other(other.clone()),
    }
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
}

impl ClosedReason {
    pub fn message(&self) -> String {
        match self {
            ClosedReason::LimitReached => "Esta captação atingiu o limite de arrecadação.".into(),
            ClosedReason::PeriodEnded(d) => format!(
                "O período de captação encerrou em {}.",
                dates::format_civil_date_br(*d)
            ),
        }
    }
}

/// The detail's sidebar: open (minimum investment, Investir, Simular) or closed with its
/// reason. Open when not finished (or in pre-launch), the period has not ended, and
/// something is available.
pub fn closed_reason(f: &CaptacaoFacts, now: Timestamp) -> Option<ClosedReason> {
    let status = display_status(f, now);
    let ended_on = f
        .fim_captacao
        .filter(|fim| *fim < now)
        .map(dates::today_in_sao_paulo);
    let pre_launch = status == DisplayStatus::PreLancamento;
    if status == DisplayStatus::Finalizado {
        // A finished offering ended by its limit when it got there, else by its date.
        return Some(match ended_on {
            Some(d) if !is_full(f) => ClosedReason::PeriodEnded(d),
            _ => ClosedReason::LimitReached,
        });
    }
    if status.is_finished() || (!pre_launch && available(f) <= Decimal::ZERO) {
        return Some(ClosedReason::LimitReached);
    }
    if let Some(d) = ended_on {
        return Some(ClosedReason::PeriodEnded(d));
    }
    if available(f) <= Decimal::ZERO {
        return Some(ClosedReason::LimitReached);
    }
    None
}

#[cfg(test)]
mod tests;
