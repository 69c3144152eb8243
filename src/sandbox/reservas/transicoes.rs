//! Sandbox-only transitions, for tests and demos: they stand in for the platform's back
//! office paying, approving or rejecting a reservation, which the real platform does out of
//! the API's sight. No Bearer; never called by the web app. As state-changing routes
//! without a token they refuse cross-site requests, by the web app's rule
//! (`web::headers::cross_origin_protection`): a browser's `Sec-Fetch-Site` must be
//! `same-origin` or `none`; without it, an `Origin` must be the sandbox's own; a request
//! with neither (curl, tests) passes.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::routing::post;
use rusqlite::params;

use crate::sandbox::erro::ApiError;
use crate::sandbox::extrato::movimentos;
use crate::sandbox::notificacoes::{self, Notificacao};
use crate::sandbox::reservas::reserva::{self, Reserva};
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};

pub(super) fn routes() -> Router<Sandbox> {
    Router::new()
        .route("/sandbox/reservas/{id}/pagar", post(pagar))
        .route("/sandbox/reservas/{id}/aprovar", post(aprovar))
        .route("/sandbox/reservas/{id}/rejeitar", post(rejeitar))
        .route("/sandbox/reservas/{id}/estornar", post(estornar))
}

/// 403 in the error envelope for a request another site made the browser send.
pub(super) fn recusar_outros_sites(s: &Sandbox, headers: &HeaderMap) -> Result<(), ApiError> {
    if mesma_origem(headers, &s.cfg().public_url) {
        return Ok(());
    }
    tracing::warn!("sandbox: requisição de outro site recusada");
    Err(ApiError::new(
        StatusCode::FORBIDDEN,
        "Requisição recusada: origem não permitida.",
    ))
}

fn mesma_origem(headers: &HeaderMap, public_url: &str) -> bool {
    if let Some(site) = headers.get("sec-fetch-site") {
        return matches!(site.to_str(), Ok("same-origin" | "none"));
    }
    let Some(origem) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origem) = origem.to_str() else {
        return false;
    };
    let propria = url::Url::parse(public_url).map(|u| u.origin().ascii_serialization());
    propria.is_ok_and(|p| p == origem)
        || headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .is_some_and(|host| {
                origem
                    .strip_prefix("http://")
                    .or_else(|| origem.strip_prefix("https://"))
                    == Some(host)
            })
}

#[derive(Clone, Copy)]
enum Acao {
    Pagar,
    Aprovar,
    Rejeitar,
    Estornar,
}

async fn pagar(
    State(s): State<Sandbox>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<JsonExato, ApiError> {
    recusar_outros_sites(&s, &headers)?;
    transicao(s, &id, Acao::Pagar).await
}

async fn aprovar(
    State(s): State<Sandbox>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<JsonExato, ApiError> {
    recusar_outros_sites(&s, &headers)?;
    transicao(s, &id, Acao::Aprovar).await
}

async fn rejeitar(
    State(s): State<Sandbox>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<JsonExato, ApiError> {
    recusar_outros_sites(&s, &headers)?;
    transicao(s, &id, Acao::Rejeitar).await
}

async fn estornar(
    State(s): State<Sandbox>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<JsonExato, ApiError> {
    recusar_outros_sites(&s, &headers)?;
    transicao(s, &id, Acao::Estornar).await
}

async fn transicao(sandbox: Sandbox, id: &str, acao: Acao) -> Result<JsonExato, ApiError> {
    let id = reserva::ler_id(id)?;
    let prazo_pix = sandbox.cfg().pix_deadline;
    let agora = tempo::agora();
    sandbox
        .db()
        .escrever(move |tx| {
            let r: Reserva = reserva::carregar(tx, "r.id = ?1", params![id])?
                .into_iter()
                .next()
                .ok_or_else(reserva::nao_encontrada)?;
            let ms = tempo::ms(agora);
            // Earnings start the day after the money arrives (or is guaranteed), as seeded.
            let inicio = tempo::ms(reserva::dia_seguinte(agora));
            let status = r.status(agora).to_owned();
            let sql = match (acao, status.as_str()) {
                // Aporte pendente: the estimate stored at confirmation gives way to the real
                // start; an approved partner debit already has its start and is now settled.
                (Acao::Pagar, "Aporte pendente" | "Aprovado") => Some(
                    "UPDATE reservas SET paga_em = ?1, atualizada_em = ?1,
                        inicio_rendimento = CASE WHEN status = 'Aprovado'
                            THEN COALESCE(inicio_rendimento, ?2) ELSE ?2 END,
                        status = 'Pago'
                     WHERE id = ?3",
                ),
                (Acao::Aprovar, "Em análise") => Some(
                    "UPDATE reservas SET status = 'Aprovado', aprovada_em = ?1,
                        inicio_rendimento = ?2, atualizada_em = ?1 WHERE id = ?3",
                ),
                // The back office cancels an investment whose money already arrived and
                // gives it back: the reservation leaves arrecadado, an Estorno is credited.
                (Acao::Estornar, "Pago" | "Aprovado") => Some(
                    "UPDATE reservas SET status = 'Cancelado', cancelada_em = ?1,
                        atualizada_em = ?1 WHERE id = ?3",
                ),
                _ => None,
            };
            match (sql, acao, status.as_str()) {
                (Some(sql), _, _) => {
                    tx.execute(sql, params![ms, inicio, id])?;
                }
                (None, Acao::Rejeitar, "Em análise") => {
                    // Not approved by the brokerage: the payment switches to Pix with a new
                    // Pix deadline counted from now. The amount stays committed, so no
                    // capacity check.
                    let vencimento = tempo::ms(tempo::mais(agora, prazo_pix));
                    tx.execute(
                        "UPDATE reservas SET status = 'Aporte pendente', tipo_pagamento = 1,
                            pix_vencimento = ?1, atualizada_em = ?2 WHERE id = ?3",
                        params![vencimento, ms, id],
                    )?;
                }
                _ => {
                    return Err(ApiError::new(
                        StatusCode::CONFLICT,
                        format!("Transição inválida: reserva em {status}."),
                    ));
                }
            }
            let r = reserva::carregar(tx, "r.id = ?1", params![id])?
                .into_iter()
                .next()
                .ok_or_else(reserva::nao_encontrada)?;
            movimentos::apos_evento(tx, id, agora)?;
            let usuario: i64 = tx.query_row(
                "SELECT usuario_id FROM reservas WHERE id = ?1",
                params![id],
                |x| x.get(0),
            )?;
            let (valor, nome) = (r.investimento(), r.oferta.nome.as_str());
            let notificacao = match (acao, status.as_str()) {
                (Acao::Pagar, "Aporte pendente") => Notificacao::pix_recebido(valor, nome),
                (Acao::Pagar, _) => Notificacao::debito_liquidado(valor, nome),
                (Acao::Aprovar, _) => Notificacao::debito_aprovado(valor, nome),
                (Acao::Rejeitar, _) => Notificacao::debito_recusado(valor, nome),
                (Acao::Estornar, _) => Notificacao::estorno(valor, nome),
            };
            notificacoes::enviar(tx, usuario, &notificacao, agora)?;
            resposta::json(&r.json(agora))
        })
        .await
}
