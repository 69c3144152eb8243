//! The transitions after confirmation: the investor's withdrawal and the sandbox back
//! office's payment, approval, rejection and refund. A transition the reservation's state
//! does not allow answers a typed refusal.

use axum::http::StatusCode;
use jiff::Timestamp;
use rusqlite::{Transaction, params};

use super::{do_investidor, por_id};
use crate::domain::reserva::PIX;
use crate::sandbox::db::transicao::{Falha, Recusa, recusar};
use crate::sandbox::erro::ApiError;
use crate::sandbox::reservas::capacidade::Capacidade;
use crate::sandbox::reservas::reserva::Reserva;
use crate::sandbox::reservas::reserva::status::{MOTIVO_DESISTENCIA, ReservaStatus};
use crate::sandbox::tempo;

/// A confirmed reservation past its withdrawal period (or whose money left the escrow).
pub(crate) const PRAZO_ENCERRADO: &str = "O prazo de desistência deste investimento terminou.";
/// A reservation never confirmed, or already cancelled.
pub(crate) const NAO_PERMITIDA: &str = "Não é possível desistir desta reserva.";

/// Why a withdrawal was refused.
#[derive(Debug)]
pub(crate) enum RecusaDesistencia {
    /// Confirmed, but the period is over or the money left the escrow.
    PrazoEncerrado,
    /// Never confirmed, or already cancelled.
    NaoPermitida,
}

impl Recusa for RecusaDesistencia {}

impl From<RecusaDesistencia> for ApiError {
    fn from(r: RecusaDesistencia) -> Self {
        let msg = match r {
            RecusaDesistencia::PrazoEncerrado => PRAZO_ENCERRADO,
            RecusaDesistencia::NaoPermitida => NAO_PERMITIDA,
        };
        ApiError::new(StatusCode::CONFLICT, msg)
    }
}

/// The investor withdraws reservation `id`; returns it as it was before (its status tells
/// whether money was paid).
pub(crate) fn desistir(
    tx: &Transaction<'_>,
    id: i64,
    usuario: i64,
    agora: Timestamp,
) -> Result<Reserva, Falha<RecusaDesistencia>> {
    let r = do_investidor(tx, id, usuario)?;
    if !r.pode_desistir(agora) {
        return recusar(if r.confirmada(agora) {
            RecusaDesistencia::PrazoEncerrado
        } else {
            RecusaDesistencia::NaoPermitida
        });
    }
    tx.execute(
        "UPDATE reservas SET status = ?3, motivo_cancelamento = ?4,
            cancelada_em = ?1, atualizada_em = ?1 WHERE id = ?2",
        params![
            tempo::ms(agora),
            id,
            ReservaStatus::Cancelado,
            MOTIVO_DESISTENCIA
        ],
    )?;
    Ok(r)
}

/// A back-office transition of the sandbox.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Transicao {
    Pagar,
    Aprovar,
    Rejeitar,
    Estornar,
}

/// A transition refused: the reservation's status does not allow it, or the money would
/// move before its offering opens.
#[derive(Debug)]
pub(crate) enum TransicaoInvalida {
    Estado(ReservaStatus),
    /// The offering opens on this São Paulo day.
    AntesDaAbertura(jiff::civil::Date),
}

impl Recusa for TransicaoInvalida {}

impl From<TransicaoInvalida> for ApiError {
    fn from(t: TransicaoInvalida) -> Self {
        let msg = match t {
            TransicaoInvalida::Estado(status) => {
                format!("Transição inválida: reserva em {status}.")
            }
            TransicaoInvalida::AntesDaAbertura(dia) => format!(
                "A captação abre em {}: nenhum pagamento é recebido antes da abertura.",
                crate::domain::dates::format_civil_date_br(dia)
            ),
        };
        ApiError::new(StatusCode::CONFLICT, msg)
    }
}

/// Applies `acao` to reservation `id` (any investor's); returns the state it had before
/// and the reservation after.
pub(crate) fn transitar(
    tx: &Transaction<'_>,
    id: i64,
    acao: Transicao,
    prazo_pix: std::time::Duration,
    agora: Timestamp,
) -> Result<(ReservaStatus, Reserva), Falha<TransicaoInvalida>> {
    let r = por_id(tx, id)?;
    if matches!(acao, Transicao::Pagar | Transicao::Aprovar) {
        let inicio = Capacidade::read(tx, r.captacao_id, agora)?.map_or(i64::MIN, |cap| cap.inicio);
        if tempo::ms(agora) < inicio {
            return recusar(TransicaoInvalida::AntesDaAbertura(tempo::dia_de_ms(inicio)));
        }
    }
    let ms = tempo::ms(agora);
    let antes = r.estado(agora).clone();
    // The money arriving (or guaranteed) starts no yield: it stays in the escrow until the
    // transfer to the issuer, which stores the start (`Encerramento::repassar_captacao`).
    match (acao, &antes) {
        (Transicao::Pagar, ReservaStatus::AportePendente | ReservaStatus::Aprovado) => tx.execute(
            "UPDATE reservas SET paga_em = ?1, atualizada_em = ?1, status = ?3 WHERE id = ?2",
            params![ms, id, ReservaStatus::Pago],
        )?,
        (Transicao::Aprovar, ReservaStatus::EmAnalise) => tx.execute(
            "UPDATE reservas SET status = ?3, aprovada_em = ?1, atualizada_em = ?1 WHERE id = ?2",
            params![ms, id, ReservaStatus::Aprovado],
        )?,
        // The back office cancels an investment whose money already arrived and
        // gives it back: the reservation leaves arrecadado, an Estorno is credited.
        (Transicao::Estornar, ReservaStatus::Pago | ReservaStatus::Aprovado) => tx.execute(
            "UPDATE reservas SET status = ?3, cancelada_em = ?1,
                atualizada_em = ?1 WHERE id = ?2",
            params![ms, id, ReservaStatus::Cancelado],
        )?,
        // Not approved by the brokerage: the payment switches to Pix with a new Pix
        // deadline counted from now. The amount stays committed, so no capacity check.
        (Transicao::Rejeitar, ReservaStatus::EmAnalise) => tx.execute(
            "UPDATE reservas SET status = ?4, tipo_pagamento = ?5,
                pix_vencimento = ?1, atualizada_em = ?2 WHERE id = ?3",
            params![
                tempo::ms(tempo::mais(agora, prazo_pix)),
                ms,
                id,
                ReservaStatus::AportePendente,
                PIX
            ],
        )?,
        _ => return recusar(TransicaoInvalida::Estado(antes)),
    };
    Ok((antes, por_id(tx, id)?))
}
