//! Where an offering stands at an instant: its stored state, its close's result and its
//! dates decide it, with no job to run. The platform answers with it and every page shows
//! it the same way (`display_status`).
//!
//! | phase | when | shown as |
//! |---|---|---|
//! | `Rascunho` | stored as a draft | hidden outside preview |
//! | `PreLancamento` | before `inicioCaptacao` | 'Pré-lançamento' with the opening date |
//! | `Aberta` | between the start and the end | the stored name ('Captação no ar'), or 'Captado' when full |
//! | `Encerrada` | the period is over, no result yet | 'Encerrado' |
//! | `BemSucedida` | the minimum target was reached at the close | 'Finalizado' |
//! | `Malsucedida` | the close fell short of the minimum target | 'Cancelado' |
//! | `Cancelada` | cancelled | 'Cancelado' |
//!
//! A failed offering is cancelled by law (every amount paid goes back), so it shows as
//! 'Cancelado' too; the detail says why.

use jiff::Timestamp;

use crate::domain::cvm::ResultadoCaptacao;
use crate::domain::status::CaptacaoStatus;

/// An offering's phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fase {
    Rascunho,
    /// Not open yet: a reservation may be recorded, no money is asked for.
    PreLancamento {
        abre_em: Timestamp,
    },
    Aberta,
    /// The fundraising period is over and its result is not known yet.
    Encerrada,
    BemSucedida,
    Malsucedida,
    Cancelada,
}

impl Fase {
    /// Orders and confirmations are taken (before the opening only recorded).
    pub fn recebe_reservas(&self) -> bool {
        matches!(self, Fase::PreLancamento { .. } | Fase::Aberta)
    }

    /// Money may be asked for and paid: only while the offering is open.
    pub fn recebe_pagamentos(&self) -> bool {
        matches!(self, Fase::Aberta)
    }

    /// Over for good or for now: no order, greyed out in the lists.
    pub fn encerrada(&self) -> bool {
        matches!(
            self,
            Fase::Encerrada | Fase::BemSucedida | Fase::Malsucedida | Fase::Cancelada
        )
    }
}

/// What decides the phase: the state and result as stored or sent, and the dates.
#[derive(Debug, Clone, Copy)]
pub struct Marcos<'a> {
    pub status: &'a CaptacaoStatus,
    pub resultado: Option<&'a ResultadoCaptacao>,
    pub inicio: Option<Timestamp>,
    pub fim: Option<Timestamp>,
}

/// The phase at `now`. A result or a terminal state wins over the dates; then the end
/// (reached at its instant) over the start. A state name already derived by this function
/// gives the same phase back, so a client may apply it to what the platform sent.
pub fn fase(m: Marcos<'_>, now: Timestamp) -> Fase {
    match (m.status, m.resultado) {
        (CaptacaoStatus::Rascunho, _) => Fase::Rascunho,
        (_, Some(ResultadoCaptacao::Malsucedida)) => Fase::Malsucedida,
        (CaptacaoStatus::Cancelado, _) => Fase::Cancelada,
        (_, Some(ResultadoCaptacao::Sucesso))
        | (CaptacaoStatus::Finalizado | CaptacaoStatus::Concluido, _) => Fase::BemSucedida,
        (CaptacaoStatus::Encerrado, _) => Fase::Encerrada,
        _ if m.fim.is_some_and(|fim| fim <= now) => Fase::Encerrada,
        _ => match m.inicio {
            Some(abre_em) if abre_em > now => Fase::PreLancamento { abre_em },
            _ => Fase::Aberta,
        },
    }
}

/// The first instant after `now` at which [`fase`] may answer otherwise: the opening or the
/// close, whichever is next; `None` when neither is ahead. Until then every rule read at
/// `now` holds, so what was drawn from them may be shown again.
pub fn muda_em(m: Marcos<'_>, now: Timestamp) -> Option<Timestamp> {
    [m.inicio, m.fim]
        .into_iter()
        .flatten()
        .filter(|t| *t > now)
        .min()
}

#[cfg(test)]
mod tests;
