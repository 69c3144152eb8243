//! The close of an offering's fundraising period. When the period of a live offering ends,
//! the sweep settles it once: raised (Pago and Aprovado, plus what was raised outside the
//! sandbox) at or above the minimum target is a success; below it the offering failed, and
//! every reservation still standing is cancelled and refunded (an Estorno in the statement
//! for money already paid) with a notification. The paid money of a successful offering
//! leaves the escrow for the issuer only once every withdrawal period of the offering is
//! over and what still stands then is still at least the minimum target; withdrawals may
//! have taken it below, and then the offering failed after all: every standing reservation
//! is cancelled and refunded as above ([`repassar`]).

use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::post;
use jiff::Timestamp;
use rusqlite::Transaction;
use serde::Serialize;

use crate::sandbox::erro::ApiError;
use crate::sandbox::extratores::Id;
use crate::sandbox::notificacoes::{self, Notificacao};
use crate::sandbox::reservas::movimentos;
use crate::sandbox::reservas::reserva;
use crate::sandbox::reservas::store::{
    self,
    captacao::{Abertura, Encerramento, Resultado},
};
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct EncerramentoJson {
    id: i64,
    resultado: Resultado,
    reservas_canceladas: usize,
}

/// Settles `captacao`'s close; returns how it ended and how many reservations were cancelled.
fn encerrar(
    tx: &Transaction<'_>,
    captacao: i64,
    agora: Timestamp,
) -> Result<(Resultado, usize), ApiError> {
    let (minimo, arrecadado) = Encerramento::alvo_e_arrecadado(tx, captacao)?;
    if arrecadado >= minimo {
        Encerramento::registrar(tx, captacao, Resultado::Sucesso, agora)?;
        return Ok((Resultado::Sucesso, 0));
    }
    Encerramento::registrar(tx, captacao, Resultado::Malsucedida, agora)?;
    let canceladas = cancelar_vivas(tx, captacao, agora)?;
    Ok((Resultado::Malsucedida, canceladas))
}

/// Cancels and refunds every reservation of failed `captacao` still standing, each with its
/// statement line and notification; returns how many.
fn cancelar_vivas(
    tx: &Transaction<'_>,
    captacao: i64,
    agora: Timestamp,
) -> Result<usize, ApiError> {
    let vivas: Vec<reserva::Reserva> = store::da_captacao(tx, captacao)?
        .into_iter()
        .filter(|r| r.viva(agora))
        .collect();
    for r in &vivas {
        let paga = r.investida(agora);
        Encerramento::cancelar_reserva(tx, r.id, agora)?;
        if r.confirmada_em.is_some() {
            movimentos::apos_evento(tx, r.id, agora)?;
            let notificacao =
                Notificacao::captacao_cancelada(r.investimento(), &r.oferta.nome, paga);
            notificacoes::enviar(tx, r.usuario_id, &notificacao, agora)?;
        }
    }
    Ok(vivas.len())
}

/// Settles every live offering whose period ended and was not settled yet; returns how many.
pub(crate) fn encerrar_vencidas(tx: &Transaction<'_>, agora: Timestamp) -> Result<usize, ApiError> {
    let ids = Encerramento::vencidas(tx, agora)?;
    for id in &ids {
        encerrar(tx, *id, agora)?;
    }
    Ok(ids.len())
}

/// Transfers to the issuer the paid reservations of each successful offering whose every
/// withdrawal period is over, when what stands is still at least the minimum target; an
/// offering that withdrawals took below it fails now (its standing reservations cancelled
/// and refunded). Returns how many reservations were transferred.
pub(crate) fn repassar(tx: &Transaction<'_>, agora: Timestamp) -> Result<usize, ApiError> {
    let mut repassadas = 0;
    for id in Encerramento::a_repassar(tx)? {
        if Encerramento::janela_aberta(tx, id, agora)? {
            continue;
        }
        let (minimo, arrecadado) = Encerramento::alvo_e_arrecadado(tx, id)?;
        if arrecadado >= minimo {
            repassadas += Encerramento::repassar_captacao(tx, id, agora)?;
        } else {
            Encerramento::registrar(tx, id, Resultado::Malsucedida, agora)?;
            cancelar_vivas(tx, id, agora)?;
        }
    }
    Ok(repassadas)
}

/// Tells each investor whose reservation was recorded before its offering opened that the
/// offering is open: the payment is asked for and the withdrawal period runs from then.
/// Returns how many were told (their settings may keep the notification from being stored).
pub(crate) fn avisar_aberturas(tx: &Transaction<'_>, agora: Timestamp) -> Result<usize, ApiError> {
    let ids = Abertura::a_avisar(tx, agora)?;
    for id in &ids {
        let r = store::por_id(tx, *id)?;
        let pix = r.tipo_pagamento == crate::domain::reserva::PIX;
        let notificacao = Notificacao::captacao_aberta(r.investimento(), &r.oferta.nome, pix);
        notificacoes::enviar(tx, r.usuario_id, &notificacao, agora)?;
        Abertura::avisada(tx, *id, agora)?;
    }
    Ok(ids.len())
}

pub(super) fn routes() -> Router<Sandbox> {
    Router::new().route("/sandbox/captacoes/{id}/encerrar", post(encerrar_agora))
}

/// `POST /sandbox/captacoes/{id}/encerrar` (sandbox only, like the reservation
/// transitions): ends a live offering's period now and settles it.
async fn encerrar_agora(
    State(s): State<Sandbox>,
    headers: HeaderMap,
    Id(id): Id,
) -> Result<JsonExato, ApiError> {
    super::transicoes::recusar_outros_sites(&s, &headers)?;
    let agora = tempo::agora();
    s.db()
        .transicao(move |tx| {
            Encerramento::terminar_periodo(tx, id, agora)?;
            let (resultado, reservas_canceladas) = encerrar(tx, id, agora)?;
            Ok(resposta::json(&EncerramentoJson {
                id,
                resultado,
                reservas_canceladas,
            })?)
        })
        .await
}
