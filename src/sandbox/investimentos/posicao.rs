//! An investor's position in one offering (their Pago and Aprovado reservations in it):
//! its instalments with what was paid, its situation by `domain::situacao`, its amounts and
//! its timeline. Everything is read from the dates with the clock as a parameter, so an
//! instalment not paid by its due date is overdue from the next day on, with no job.

use std::collections::BTreeMap;

use jiff::Timestamp;
use jiff::civil::Date;
use rusqlite::Connection;
use rust_decimal::Decimal;

use super::modelo::{EstadoParcela, TipoEvento, TipoRecuperacao};
use super::store::Recuperacao as Passo;
use crate::domain::dates;
use crate::domain::situacao::{self, Parcela, Recuperacao, Situacao};
use crate::sandbox::erro::ApiError;
use crate::sandbox::reservas::reserva::Reserva;

mod linha_do_tempo;

/// The positions of `usuario`, one per offering they hold, keyed by offering id.
pub(crate) fn posicoes(
    c: &Connection,
    usuario: i64,
    agora: Timestamp,
) -> Result<BTreeMap<i64, Posicao>, ApiError> {
    let investidas = crate::sandbox::reservas::store::investidas(c, usuario)?;
    posicoes_de(c, usuario, investidas, agora)
}

/// [`posicoes`] of invested reservations already read (`reservas::store::investidas`).
pub(crate) fn posicoes_de(
    c: &Connection,
    usuario: i64,
    investidas: Vec<Reserva>,
    agora: Timestamp,
) -> Result<BTreeMap<i64, Posicao>, ApiError> {
    let passos = super::store::recuperacoes_do_usuario(c, usuario)?;
    let mut grupos: BTreeMap<i64, Vec<Reserva>> = BTreeMap::new();
    for r in investidas {
        grupos.entry(r.captacao_id).or_default().push(r);
    }
    Ok(grupos
        .into_iter()
        .map(|(id, rs)| (id, Posicao::nova(rs, &passos, agora)))
        .collect())
}

/// One instalment of the position, in the state `Reserva::parcelas` decided.
#[derive(Debug, Clone)]
pub(crate) struct ParcelaDaPosicao {
    pub(crate) reserva_id: i64,
    pub(crate) numero: u32,
    pub(crate) parcela: Parcela,
    pub(crate) estado: EstadoParcela,
}

/// One event of the timeline.
#[derive(Debug, Clone)]
pub(crate) struct Evento {
    pub(crate) data: Date,
    pub(crate) tipo: TipoEvento,
    pub(crate) titulo: String,
    pub(crate) descricao: String,
    pub(crate) valor: Option<Decimal>,
    pub(crate) parcela: Option<u32>,
    pub(crate) dias_de_atraso: Option<i32>,
}

pub(crate) struct Posicao {
    pub(crate) reservas: Vec<Reserva>,
    pub(crate) situacao: Situacao,
    pub(crate) dias_em_atraso: i32,
    pub(crate) inicio_rendimento: Option<Date>,
    pub(crate) proximo: Option<(Date, Decimal)>,
    pub(crate) investido: Decimal,
    pub(crate) recebido: Decimal,
    pub(crate) a_receber: Decimal,
    pub(crate) em_atraso: Decimal,
    pub(crate) baixado: Decimal,
    pub(crate) parcelas: Vec<ParcelaDaPosicao>,
    /// The recovery steps taken by `hoje`, oldest first.
    pub(crate) passos: Vec<Passo>,
    pub(crate) hoje: Date,
    pub(crate) agora: Timestamp,
}

impl Posicao {
    /// The position of `reservas` (one offering's, of one investor) at `agora`, with the
    /// investor's recovery steps `passos` (those of other reservations are left out).
    pub(crate) fn nova(reservas: Vec<Reserva>, passos: &[Passo], agora: Timestamp) -> Posicao {
        let hoje = dates::today_in_sao_paulo(agora);
        let passos: Vec<Passo> = passos
            .iter()
            .filter(|p| p.data <= hoje && reservas.iter().any(|r| r.id == p.reserva_id))
            .cloned()
            .collect();
        let recuperacao = if passos.iter().any(|p| p.tipo == TipoRecuperacao::Baixa) {
            Recuperacao::Baixada
        } else if passos.is_empty() {
            Recuperacao::Nenhuma
        } else {
            Recuperacao::EmCurso
        };
        // The yield has started once the earliest reservation's start has come.
        let inicio_rendimento = reservas
            .iter()
            .map(|r| r.inicio_dia(agora))
            .min()
            .filter(|d| *d <= hoje);
        let mut parcelas: Vec<ParcelaDaPosicao> = reservas
            .iter()
            .flat_map(|r| {
                r.parcelas(agora)
                    .into_iter()
                    .map(|p| ParcelaDaPosicao {
                        reserva_id: r.id,
                        numero: p.numero,
                        estado: p.estado,
                        parcela: p.parcela,
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        parcelas.sort_by_key(|p| (p.parcela.vencimento, p.numero, p.reserva_id));
        let so: Vec<Parcela> = parcelas.iter().map(|p| p.parcela.clone()).collect();
        let situacao = situacao::situacao(inicio_rendimento, &so, recuperacao, hoje);
        let dias_em_atraso = match situacao {
            Situacao::Atrasado { dias } => dias,
            Situacao::Inadimplente => situacao::dias_em_atraso(&so, hoje),
            _ => 0,
        };
        let restante: Decimal = so
            .iter()
            .map(|p| (p.valor - p.pago).max(Decimal::ZERO))
            .sum();
        let baixada = recuperacao == Recuperacao::Baixada;
        let proximo = if baixada { None } else { proximo(&so, hoje) };
        Posicao {
            situacao,
            dias_em_atraso,
            inicio_rendimento,
            proximo,
            investido: reservas.iter().map(Reserva::investimento).sum(),
            recebido: so.iter().map(|p| p.pago).sum(),
            a_receber: if baixada { Decimal::ZERO } else { restante },
            em_atraso: if baixada {
                Decimal::ZERO
            } else {
                situacao::valor_em_atraso(&so, hoje)
            },
            baixado: if baixada { restante } else { Decimal::ZERO },
            parcelas,
            passos,
            reservas,
            hoje,
            agora,
        }
    }

    /// The timeline, newest first.
    pub(crate) fn eventos(&self) -> Vec<Evento> {
        linha_do_tempo::eventos(self)
    }

    pub(crate) fn nome(&self) -> &str {
        self.reservas.first().map_or("", |r| r.oferta.nome.as_str())
    }
}

/// The next due date still open, and what is due on it.
fn proximo(parcelas: &[Parcela], hoje: Date) -> Option<(Date, Decimal)> {
    let data = parcelas
        .iter()
        .filter(|p| !p.quitada() && p.vencimento >= hoje)
        .map(|p| p.vencimento)
        .min()?;
    let valor = parcelas
        .iter()
        .filter(|p| p.vencimento == data)
        .map(|p| (p.valor - p.pago).max(Decimal::ZERO))
        .sum();
    Some((data, valor))
}
