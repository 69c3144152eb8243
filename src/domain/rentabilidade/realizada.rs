//! The realised rate of a holding and of the whole wallet, in two figures:
//! * so far (`ate_hoje`): the money paid on each settlement day, every payment received on
//!   the day it came, and what is still invested, valued today (see [`Posicao::saldo`]);
//! * with what is expected (`com_previsto`): the same payments with every instalment still
//!   owed on its due date, late ones included, as if all were paid.
//!
//! Valuing what is still invested is what makes the first figure mean something while a
//! holding runs: with only what came back, a young holding paid on time (money out, one
//! small payment in) would show a loss of almost 100 % a year.

use jiff::civil::Date;
use rust_decimal::Decimal;

use super::{Fluxo, SemTaxa, taxa_interna, valor_presente, xirr};

/// One instalment of the holding's schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parcela {
    pub vencimento: Date,
    /// What the schedule says it pays.
    pub valor: Decimal,
    /// What of it was paid already (on the days in [`Posicao::recebimentos`]).
    pub pago: Decimal,
}

/// Since when the money yields, which decides how it is valued today.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Rendimento {
    /// The offering is still raising: the money waits in a separate account and comes back
    /// if the offering fails, so it is worth what was paid.
    AntesDoInicio,
    /// It yields from this day (before it, the money waits as above).
    Desde(Date),
    /// The platform did not say: nothing can be valued today, only what came back counts.
    #[default]
    Desconhecido,
}

/// What a holding's rate is computed from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Posicao {
    /// The money the investor paid, each on the day it was settled (positive amounts).
    pub aportes: Vec<(Date, Decimal)>,
    /// Every payment received, on the day it came.
    pub recebimentos: Vec<(Date, Decimal)>,
    /// The schedule.
    pub parcelas: Vec<Parcela>,
    /// Repaid in full or written off: nothing more is expected, so one figure.
    pub encerrada: bool,
    pub rendimento: Rendimento,
}

/// A realised annual rate, or why there is none to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taxa {
    /// A fraction a year (0.1234 = 12,34 % a.a.).
    AoAno(Decimal),
    /// The money does not yield yet (the offering is still raising).
    AindaNaoRende,
    /// Nothing came back yet and nothing could be valued today: no rate, not a loss.
    NadaRecebido,
    /// Not computable (not settled yet, or every flow on one day).
    Indefinida,
}

/// A holding's (or the wallet's) rates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Realizada {
    /// So far: received plus what is still invested, valued today.
    pub ate_hoje: Taxa,
    /// With what is expected; only while the holding (or any of the wallet's) runs.
    pub com_previsto: Option<Taxa>,
    /// A running holding (or one of the wallet's) could not be valued today: its figure so
    /// far counts only what came back.
    pub so_o_recebido: bool,
}

/// What is still invested, on a given day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Saldo {
    /// Closed: nothing more is expected.
    Nenhum,
    /// Worth this much that day.
    Vale(Decimal),
    /// Not known (see [`Rendimento::Desconhecido`]).
    Desconhecido,
}

impl Posicao {
    fn saidas(&self) -> impl Iterator<Item = Fluxo> + '_ {
        self.aportes
            .iter()
            .map(|&(data, v)| Fluxo { data, valor: -v })
    }

    fn pago(&self) -> Decimal {
        self.aportes.iter().map(|(_, v)| v).sum()
    }

    /// Money out and what came in so far.
    pub fn fluxos_recebidos(&self) -> Vec<Fluxo> {
        self.saidas()
            .chain(
                self.recebimentos
                    .iter()
                    .map(|&(data, valor)| Fluxo { data, valor }),
            )
            .collect()
    }

    /// What is still owed of each instalment, on its due date.
    fn em_aberto(&self) -> impl Iterator<Item = Fluxo> + '_ {
        self.parcelas
            .iter()
            .filter(|p| p.valor > p.pago)
            .map(|p| Fluxo {
                data: p.vencimento,
                valor: p.valor - p.pago,
            })
    }

    /// The same with what is still owed, on its due dates (nothing for a closed holding).
    pub fn fluxos_com_previsto(&self) -> Vec<Fluxo> {
        let mut f = self.fluxos_recebidos();
        if !self.encerrada {
            f.extend(self.em_aberto());
        }
        f
    }

    /// Whether the money yields on `hoje` (a closed holding counts as yielding: it has run).
    fn rende(&self, hoje: Date) -> bool {
        self.encerrada
            || match self.rendimento {
                Rendimento::AntesDoInicio => false,
                Rendimento::Desde(inicio) => inicio <= hoje,
                Rendimento::Desconhecido => true,
            }
    }

    /// The rate the schedule pays on the money paid, counted from the first day of yield:
    /// the `r` at which the instalments, discounted to that day in days / 365, are worth
    /// exactly the money paid. Not rounded: it goes on into [`Posicao::saldo`].
    fn taxa_das_parcelas(&self, inicio: Date) -> Option<Decimal> {
        let mut f = vec![Fluxo {
            data: inicio,
            valor: -self.pago(),
        }];
        f.extend(self.parcelas.iter().map(|p| Fluxo {
            data: p.vencimento,
            valor: p.valor,
        }));
        taxa_interna(&f).ok().filter(|r| *r > Decimal::NEGATIVE_ONE)
    }

    /// What is still invested on `hoje`: the instalments not yet due (due on `hoje` or
    /// later) and not paid, discounted to `hoje` at the rate the schedule pays. Overdue
    /// unpaid instalments are worth nothing until they are paid (then they count as
    /// received): a late payment lowers the figure, the payment brings it back up.
    ///
    /// Why that rate, and not the contracted one as written: the contracted rate is the
    /// rate the instalments were priced at, but the platform prices a period of `m` months
    /// at `(1 + a)^(m/12)` whatever its days, while XIRR counts days / 365: 9 months at
    /// 18,10 % a.a. (276 days, not 273,75) pay 17,94 % in days / 365. Small over the whole
    /// term, but the gap between the schedule's worth and the money paid, annualised over
    /// the few days a young holding has run, moves its figure by points: 18 months at
    /// 18,25 % a.a. paid quarterly from 31 January, paid on time and discounted at 18,25 %,
    /// would show 51 % on the day after the yield starts and 19,23 % a month later, before
    /// settling at 18,31 %. That 18,31 % is the rate the schedule itself pays in days / 365
    /// (its effective rate, as amortised cost is valued): it prices the instalments at
    /// exactly the money paid on the first day of yield, so a holding paid on time shows it
    /// on every day of its life: the contracted rate, give or take the gap above.
    ///
    /// Before the yield starts the money is worth what was paid. Unknown start, or a
    /// schedule with no rate on the money paid: not known.
    fn saldo(&self, hoje: Date) -> Saldo {
        if self.encerrada {
            return Saldo::Nenhum;
        }
        let inicio = match self.rendimento {
            Rendimento::Desconhecido => return Saldo::Desconhecido,
            Rendimento::AntesDoInicio => return Saldo::Vale(self.pago()),
            Rendimento::Desde(inicio) if inicio > hoje => return Saldo::Vale(self.pago()),
            Rendimento::Desde(inicio) => inicio,
        };
        let Some(taxa) = self.taxa_das_parcelas(inicio) else {
            return Saldo::Desconhecido;
        };
        let a_vencer: Vec<Fluxo> = self.em_aberto().filter(|f| f.data >= hoje).collect();
        valor_presente(&a_vencer, hoje, taxa).map_or(Saldo::Desconhecido, Saldo::Vale)
    }

    /// Money out, what came in, and what is still invested as one flow on `hoje`.
    fn fluxos_ate_hoje(&self, hoje: Date) -> (Vec<Fluxo>, Saldo) {
        let mut f = self.fluxos_recebidos();
        let saldo = self.saldo(hoje);
        if let Saldo::Vale(valor) = saldo {
            f.push(Fluxo { data: hoje, valor });
        }
        (f, saldo)
    }
}

/// Money went out and nothing came back nor is worth anything: a loss of everything when
/// the whole was counted (`tudo_contado`), no rate yet when what is invested could not be
/// valued.
fn taxa(fluxos: &[Fluxo], tudo_contado: bool) -> Taxa {
    match xirr(fluxos) {
        Ok(r) => Taxa::AoAno(r),
        Err(SemTaxa::SoSaidas) if tudo_contado => Taxa::AoAno(Decimal::NEGATIVE_ONE),
        Err(SemTaxa::SoSaidas) => Taxa::NadaRecebido,
        Err(_) => Taxa::Indefinida,
    }
}

/// A holding's realised rates on `hoje` (São Paulo).
pub fn da_posicao(p: &Posicao, hoje: Date) -> Realizada {
    let (fluxos, saldo) = p.fluxos_ate_hoje(hoje);
    let so_o_recebido = saldo == Saldo::Desconhecido;
    Realizada {
        ate_hoje: if p.rende(hoje) {
            taxa(&fluxos, !so_o_recebido)
        } else {
            Taxa::AindaNaoRende
        },
        com_previsto: (!p.encerrada).then(|| taxa(&p.fluxos_com_previsto(), false)),
        so_o_recebido,
    }
}

/// The wallet's realised rates on `hoje`: every holding's flows together, each holding's
/// worth today included; with what is expected while any holding still runs.
pub fn da_carteira(posicoes: &[Posicao], hoje: Date) -> Realizada {
    let todas_encerradas = posicoes.iter().all(|p| p.encerrada);
    let mut ate_hoje = Vec::new();
    let mut so_o_recebido = false;
    for p in posicoes {
        let (f, saldo) = p.fluxos_ate_hoje(hoje);
        ate_hoje.extend(f);
        so_o_recebido |= saldo == Saldo::Desconhecido;
    }
    let previstos: Vec<Fluxo> = posicoes
        .iter()
        .flat_map(Posicao::fluxos_com_previsto)
        .collect();
    Realizada {
        ate_hoje: taxa(&ate_hoje, !so_o_recebido),
        com_previsto: (!todas_encerradas).then(|| taxa(&previstos, false)),
        so_o_recebido,
    }
}

#[cfg(test)]
mod tests;
