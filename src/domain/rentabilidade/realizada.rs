//! The realised rate of a holding and of the whole wallet, from the holding's cash flows: the
//! money paid on each settlement day, every payment received on the day it came and, for the
//! figure "with what is expected", the instalments still owed on their due dates.

use jiff::civil::Date;
use rust_decimal::Decimal;

use super::{Fluxo, SemTaxa, xirr};

/// What a holding's rate is computed from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Posicao {
    /// The money the investor paid, each on the day it was settled (positive amounts).
    pub aportes: Vec<(Date, Decimal)>,
    /// Every payment received, on the day it came.
    pub recebimentos: Vec<(Date, Decimal)>,
    /// What is still owed, on each instalment's due date.
    pub previstos: Vec<(Date, Decimal)>,
    /// Repaid in full or written off: nothing more is expected, so one figure.
    pub encerrada: bool,
}

/// A realised annual rate, or why there is none to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taxa {
    /// A fraction a year (0.1234 = 12,34 % a.a.).
    AoAno(Decimal),
    /// Nothing came back yet on a holding still running: no rate, not a loss.
    NadaRecebido,
    /// Not computable (not settled yet, or every flow on one day).
    Indefinida,
}

/// A holding's (or the wallet's) rates: only what was received, and for one still running,
/// also with what is expected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Realizada {
    pub recebido: Taxa,
    pub com_previsto: Option<Taxa>,
}

impl Posicao {
    fn saidas(&self) -> impl Iterator<Item = Fluxo> + '_ {
        self.aportes
            .iter()
            .map(|&(data, v)| Fluxo { data, valor: -v })
    }

    fn entradas(lista: &[(Date, Decimal)]) -> impl Iterator<Item = Fluxo> + '_ {
        lista.iter().map(|&(data, valor)| Fluxo { data, valor })
    }

    /// Money out and what came in so far.
    pub fn fluxos_recebidos(&self) -> Vec<Fluxo> {
        self.saidas()
            .chain(Self::entradas(&self.recebimentos))
            .collect()
    }

    /// The same with what is still owed, on its due dates (nothing for a closed holding).
    pub fn fluxos_com_previsto(&self) -> Vec<Fluxo> {
        let mut f = self.fluxos_recebidos();
        if !self.encerrada {
            f.extend(Self::entradas(&self.previstos));
        }
        f
    }
}

/// Money went out and nothing came back: a loss of everything once the holding is closed, no
/// rate yet while it runs.
fn taxa(fluxos: &[Fluxo], encerrada: bool) -> Taxa {
    match xirr(fluxos) {
        Ok(r) => Taxa::AoAno(r),
        Err(SemTaxa::SoSaidas) if encerrada => Taxa::AoAno(Decimal::NEGATIVE_ONE),
        Err(SemTaxa::SoSaidas) => Taxa::NadaRecebido,
        Err(_) => Taxa::Indefinida,
    }
}

/// A holding's realised rate.
pub fn da_posicao(p: &Posicao) -> Realizada {
    Realizada {
        recebido: taxa(&p.fluxos_recebidos(), p.encerrada),
        com_previsto: (!p.encerrada).then(|| taxa(&p.fluxos_com_previsto(), false)),
    }
}

/// The wallet's realised rate: every holding's flows together; with what is expected while
/// any holding still runs.
pub fn da_carteira(posicoes: &[Posicao]) -> Realizada {
    let todas_encerradas = posicoes.iter().all(|p| p.encerrada);
    let recebidos: Vec<Fluxo> = posicoes
        .iter()
        .flat_map(Posicao::fluxos_recebidos)
        .collect();
    let previstos: Vec<Fluxo> = posicoes
        .iter()
        .flat_map(Posicao::fluxos_com_previsto)
        .collect();
    Realizada {
        recebido: taxa(&recebidos, todas_encerradas),
        com_previsto: (!todas_encerradas).then(|| taxa(&previstos, false)),
    }
}

#[cfg(test)]
mod tests;
