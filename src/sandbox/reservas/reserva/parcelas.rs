//! What the issuer paid of each instalment of a reservation. A recorded payment
//! (`pagamentos_parcelas`) always counts; without one, an instalment counts as paid in full
//! on its due date, unless the offering's issuer stopped paying on the due dates before it
//! fell due (`captacao_pagamentos_suspensos`). So the sandbox's issuers pay on time by
//! default, and a late or defaulted holding is a suspension plus what was recorded: the
//! wallet, the statement and the calendar all read the same answer, on any clock.
//!
//! Each instalment's state is decided here too (`domain::situacao::estado_da_parcela`, with
//! the holding's recovery steps): the holding's answer, the reservation's schedule
//! (`statusPagamento`) and its documents read it, so a written-off credit's instalments read
//! 'Baixada' everywhere and none of them promises that money.

use jiff::Timestamp;
use jiff::civil::Date;
use rust_decimal::Decimal;
use serde::Deserialize;

use super::Reserva;
use crate::domain::dates;
use crate::domain::situacao::{self, EstadoParcela, Parcela, Recuperacoes};
use crate::domain::status::ParcelaStatus;

/// One recorded payment: instalment number, cents paid, day of the (last) payment.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub(crate) struct PagamentoGravado(pub(crate) u32, pub(crate) i64, pub(crate) Date);

impl PagamentoGravado {
    /// The reservation's payments as the store aggregates them (a JSON array of
    /// `[numero, centavos, "AAAA-MM-DD"]`).
    pub(crate) fn lista(json: &str) -> Result<Vec<PagamentoGravado>, serde_json::Error> {
        serde_json::from_str(json)
    }
}

/// An instalment of a reservation with what was paid of it, and where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ParcelaDaReserva {
    pub(crate) numero: u32,
    pub(crate) parcela: Parcela,
    pub(crate) estado: EstadoParcela,
    /// The schedule's last instalment, which repays the principal after its interest.
    pub(crate) ultima: bool,
}

impl ParcelaDaReserva {
    /// The state in the reservation's schedule (`statusPagamento`).
    pub(crate) fn status_pagamento(&self) -> ParcelaStatus {
        match self.estado {
            EstadoParcela::Paga | EstadoParcela::PagaComAtraso => ParcelaStatus::Pago,
            EstadoParcela::EmAtraso | EstadoParcela::Renegociada => {
                ParcelaStatus::PagamentoAtrasado
            }
            EstadoParcela::AVencer => ParcelaStatus::AReceber,
            EstadoParcela::Baixada => ParcelaStatus::Baixada,
        }
    }

    /// The interest in what was paid of this instalment, of a reservation of `principal`:
    /// all of it, but in the last instalment what is paid goes to its interest first and to
    /// the principal after (a part payment there is interest up to the interest due). The
    /// income the statement, the income report and the tax guide state.
    pub(crate) fn juros_pagos(&self, principal: Decimal) -> Decimal {
        if self.ultima {
            let juros = (self.parcela.valor - principal).max(Decimal::ZERO);
            self.parcela.pago.min(juros)
        } else {
            self.parcela.pago
        }
    }
}

impl Reserva {
    /// The instalments with what was paid of each by `agora` (a payment recorded for a later
    /// day does not count yet). Empty until the money is in.
    pub(crate) fn parcelas(&self, agora: Timestamp) -> Vec<ParcelaDaReserva> {
        let hoje = dates::today_in_sao_paulo(agora);
        let recuperacoes = Recuperacoes::em(self.recuperacoes.iter().copied(), hoje);
        let fluxo = self.fluxo(agora);
        let ultima = fluxo.iter().map(|p| p.numero).max().unwrap_or(0);
        fluxo
            .into_iter()
            .map(|p| {
                let gravado = self
                    .pagamentos
                    .iter()
                    .find(|g| g.0 == p.numero && g.2 <= hoje);
                let (pago, pago_em) = match gravado {
                    Some(g) => (Decimal::new(g.1, 2), Some(g.2)),
                    None if p.data <= hoje && self.suspensos_desde.is_none_or(|d| p.data < d) => {
                        (p.valor, Some(p.data))
                    }
                    None => (Decimal::ZERO, None),
                };
                let parcela = Parcela {
                    vencimento: p.data,
                    valor: p.valor,
                    pago,
                    pago_em,
                };
                ParcelaDaReserva {
                    numero: p.numero,
                    estado: situacao::estado_da_parcela(&parcela, hoje, recuperacoes),
                    ultima: p.numero == ultima,
                    parcela,
                }
            })
            .collect()
    }
}
