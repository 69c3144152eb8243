//! The close of an offering's fundraising period. When the period of a live offering ends,
//! the sweep settles it once: raised (Pago and Aprovado, plus what was raised outside the
//! sandbox) at or above the minimum target is a success; below it the offering failed, and
//! every reservation still standing is cancelled and refunded (an Estorno in the statement
//! for money already paid) with a notification. The paid money of a successful offering
//! leaves the escrow for the issuer only once each reservation's withdrawal period is over
//! ([`repassar`]).

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use jiff::Timestamp;
use rusqlite::{OptionalExtension, Transaction, params};
use serde::Serialize;

use crate::sandbox::erro::ApiError;
use crate::sandbox::extrato::movimentos;
use crate::sandbox::notificacoes::{self, Notificacao};
use crate::sandbox::reservas::reserva;
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) enum Resultado {
    Sucesso,
    Malsucedida,
}

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
    let (minimo, arrecadado): (i64, i64) = tx.query_row(
        "SELECT c.valor_alvo_minimo_centavos, c.arrecadado_base_centavos + (
            SELECT COALESCE(SUM(r.investimento_centavos), 0) FROM reservas r
            WHERE r.captacao_id = c.id AND r.status IN ('Pago', 'Aprovado'))
         FROM captacoes c WHERE c.id = ?1",
        params![captacao],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let ms = tempo::ms(agora);
    if arrecadado >= minimo {
        tx.execute(
            "UPDATE captacoes SET encerrada_em = ?1, resultado = 'Sucesso' WHERE id = ?2",
            params![ms, captacao],
        )?;
        return Ok((Resultado::Sucesso, 0));
    }
    tx.execute(
        "UPDATE captacoes SET encerrada_em = ?1, resultado = 'Malsucedida' WHERE id = ?2",
        params![ms, captacao],
    )?;
    let vivas: Vec<reserva::Reserva> =
        reserva::carregar(tx, "r.captacao_id = ?1 ORDER BY r.id", params![captacao])?
            .into_iter()
            .filter(|r| {
                matches!(
                    r.status(agora),
                    "Aberto" | "Aporte pendente" | "Em análise" | "Aprovado" | "Pago"
                )
            })
            .collect();
    for r in &vivas {
        let paga = matches!(r.status(agora), "Aprovado" | "Pago");
        tx.execute(
            "UPDATE reservas SET status = 'Cancelado', motivo_cancelamento = 'OfertaMalsucedida',
                cancelada_em = ?1, atualizada_em = ?1 WHERE id = ?2",
            params![ms, r.id],
        )?;
        if r.confirmada_em.is_some() {
            movimentos::apos_evento(tx, r.id, agora)?;
            let usuario: i64 = tx.query_row(
                "SELECT usuario_id FROM reservas WHERE id = ?1",
                params![r.id],
                |x| x.get(0),
            )?;
            let notificacao =
                Notificacao::captacao_cancelada(r.investimento(), &r.oferta.nome, paga);
            notificacoes::enviar(tx, usuario, &notificacao, agora)?;
        }
    }
    Ok((Resultado::Malsucedida, vivas.len()))
}

/// Settles every live offering whose period ended and was not settled yet; returns how many.
pub(crate) fn encerrar_vencidas(tx: &Transaction<'_>, agora: Timestamp) -> Result<usize, ApiError> {
    let ids: Vec<i64> = tx
        .prepare_cached(
            "SELECT id FROM captacoes WHERE encerrada_em IS NULL
                AND status IN ('Captação no ar', 'Aberto') AND fim_captacao <= ?1",
        )?
        .query_map(params![tempo::ms(agora)], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    for id in &ids {
        encerrar(tx, *id, agora)?;
    }
    Ok(ids.len())
}

/// Marks as transferred to the issuer the paid reservations of successful offerings whose
/// withdrawal period is over; returns how many.
pub(crate) fn repassar(tx: &Transaction<'_>, agora: Timestamp) -> Result<usize, ApiError> {
    let ms = tempo::ms(agora);
    Ok(tx.execute(
        "UPDATE reservas SET repassada_em = ?1
         WHERE repassada_em IS NULL AND status IN ('Pago', 'Aprovado')
           AND (desistencia_ate IS NULL OR desistencia_ate <= ?1)
           AND captacao_id IN (SELECT id FROM captacoes WHERE resultado = 'Sucesso')",
        params![ms],
    )?)
}

pub(super) fn routes() -> Router<Sandbox> {
    Router::new().route("/sandbox/captacoes/{id}/encerrar", post(encerrar_agora))
}

/// `POST /sandbox/captacoes/{id}/encerrar` (sandbox only, like the reservation
/// transitions): ends a live offering's period now and settles it.
async fn encerrar_agora(
    State(s): State<Sandbox>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<JsonExato, ApiError> {
    super::transicoes::recusar_outros_sites(&s, &headers)?;
    let id: i64 = id.parse().map_err(|_| ApiError::nao_encontrado())?;
    let agora = tempo::agora();
    s.db()
        .escrever(move |tx| {
            let (status, encerrada): (String, Option<i64>) = tx
                .query_row(
                    "SELECT status, encerrada_em FROM captacoes WHERE id = ?1",
                    params![id],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?
                .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "Captação não encontrada."))?;
            if encerrada.is_some() || !matches!(status.as_str(), "Captação no ar" | "Aberto") {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "Captação já encerrada.",
                ));
            }
            tx.execute(
                "UPDATE captacoes SET fim_captacao = MIN(fim_captacao, ?1) WHERE id = ?2",
                params![tempo::ms(agora), id],
            )?;
            let (resultado, reservas_canceladas) = encerrar(tx, id, agora)?;
            resposta::json(&EncerramentoJson {
                id,
                resultado,
                reservas_canceladas,
            })
        })
        .await
}
