//! `/v1/reservas` (CONTRACTS.md "Reservations API"). The order flow: create the reservation
//! (Aberto), accept its term, confirm it. Confirmation checks the offering's room and
//! commits the amount in one IMMEDIATE transaction, so concurrent orders can never
//! oversubscribe an offering.
//!
//! The reservation resource also holds the reservation model, the summary, the
//! simulation and cash flow, the wallet and the reservation's documents.

mod capacidade;
pub(crate) mod carteira;
pub(crate) mod desistir;
pub(crate) mod documentos;
pub(crate) mod encerramento;
mod extrator;
pub(crate) mod fluxo;
pub(crate) mod movimentos;
mod pedido;
pub(crate) mod reserva;
pub(crate) mod resumo;
pub(crate) mod simulacao;
mod simular;
pub(crate) mod store;
pub(crate) mod termo;
pub(crate) mod transicoes;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, patch, post};
use axum::{Json, Router};

use crate::domain::limite_anual::Qualification;
use crate::domain::limite_anual::opcoes::{self, Standing};
use crate::domain::reserva::PARTNER_DEBIT;
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::cadastro::declaracao;
use crate::sandbox::db::transicao::recusar;
use crate::sandbox::erro::ApiError;
use crate::sandbox::notificacoes::{self, Notificacao};
use crate::sandbox::registro::{self, Documento};
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::termos::VERSAO_CIENCIA_RISCO;
use crate::sandbox::{Sandbox, tempo};
use extrator::IdReserva;
use store::pedido::{Confirmacao, Prazos, RecusaConfirmacao, RecusaPedido};

/// Every `/v1/reservas` route: the order flow, the summary, the simulation, the wallet,
/// the documents, and the sandbox-only transitions.
pub(crate) fn routes() -> Router<Sandbox> {
    Router::new()
        .route("/v1/reservas", post(criar))
        .route("/v1/reservas/resumo", get(resumo::resumo))
        .route("/v1/reservas/simular/{id}", get(simular::simular))
        .route("/v1/reservas/pendentes", get(carteira::pendentes))
        .route(
            "/v1/reservas/alocacao/exportar/{tipo}",
            get(documentos::exportar_alocacao),
        )
        .route("/v1/reservas/{id}", get(carteira::por_id))
        .route("/v1/reservas/{id}/termo", get(ver_termo))
        .route("/v1/reservas/{id}/assinarcontrato", patch(assinar))
        .route("/v1/reservas/{id}/confirmarinvestimento", patch(confirmar))
        .route("/v1/reservas/{id}/desistencia", post(desistir::desistir))
        .route("/v1/reservas/{id}/documentos", get(documentos::listar))
        .route(
            "/v1/reservas/{id}/documentos/{doc}",
            get(documentos::baixar),
        )
        .route("/v1/reservas/{id}/contrato", get(documentos::contrato))
        .merge(transicoes::routes())
        .merge(encerramento::routes())
        .route("/v1/reservas/canceladas", get(carteira::canceladas))
}

/// `POST /v1/reservas`: a new Aberto reservation and its term (201).
async fn criar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    corpo: Bytes,
) -> Result<(StatusCode, JsonExato), ApiError> {
    let pedido = pedido::Pedido::parse(&corpo)?;
    let usuario = investidor.usuario_id;
    let agora = tempo::agora();
    let regras = sandbox.cfg().regras();
    let corpo = sandbox
        .db()
        .transicao(move |tx| {
            // The offering's room first, then the investor's annual limit.
            let r = store::pedido::criar(tx, usuario, &pedido, agora, |centavos| {
                declaracao::verificar_pedido(tx, usuario, &regras.limite, agora, centavos)
                    .or_else(|e| recusar(RecusaPedido::Limite(e)))
            })?;
            let inicio = tempo::rfc3339(r.inicio_rendimento(agora));
            Ok(resposta::texto(&termo::termo(&r, &regras).json(
                &r,
                Some(inicio),
                None,
            ))?)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(corpo)))
}

/// `GET /v1/reservas/{id}/termo`: the term again (a reloaded step 2).
async fn ver_termo(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    id: IdReserva,
) -> Result<JsonExato, ApiError> {
    let regras = sandbox.cfg().regras();
    investidor
        .read_reserva(&sandbox, id, move |c, r| {
            let ciencia =
                registro::aceito_em(c, r.id, Documento::TermoCienciaRisco, VERSAO_CIENCIA_RISCO)?
                    .map(|ms| tempo::rfc3339(tempo::de_ms(ms)));
            resposta::json(&termo::termo(&r, &regras).json(&r, None, ciencia))
        })
        .await
}

/// `PATCH /v1/reservas/{id}/assinarcontrato` `{opcao, aceite}` → 204.
async fn assinar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    IdReserva(id): IdReserva,
    corpo: Bytes,
) -> Result<StatusCode, ApiError> {
    let aceite = pedido::Aceite::parse(&corpo);
    let usuario = investidor.usuario_id;
    let agora = tempo::agora();
    let regras = sandbox.cfg().regras();
    sandbox
        .db()
        .transicao(move |tx| {
            // The term's options may restate the declaration: one that contradicts the
            // declaration in force is refused (it is changed in the account area).
            let situacao = declaracao::vigente(tx, usuario)?.map(|d| Standing {
                qualified: d.declaracao.qualification == Qualification::Qualified,
                above: d.acima,
            });
            let enviado = store::pedido::Aceite {
                aceite: aceite.aceite,
                versao_ciencia_risco: aceite.versao_ciencia_risco.as_deref(),
                em_vigor: VERSAO_CIENCIA_RISCO,
            };
            store::pedido::aceitar_termo(
                tx,
                id,
                usuario,
                &enviado,
                |r| {
                    let t = termo::termo(r, &regras);
                    let escolhida = match (aceite.opcao.as_deref(), t.opcoes.as_slice()) {
                        (Some(o), _) if t.descricao_da_opcao(o).is_some() => o.to_owned(),
                        (None, [(unica, _)]) => (*unica).to_owned(),
                        _ => return Err(store::pedido::RecusaAceite::SemOpcao),
                    };
                    let texto = t.descricao_da_opcao(&escolhida).unwrap_or_default();
                    match situacao.map(|s| opcoes::check_option(texto, s)) {
                        Some(Err(_)) => Err(store::pedido::RecusaAceite::ContradizDeclaracao),
                        _ => Ok(escolhida),
                    }
                },
                agora,
            )?;
            registro::registrar(
                tx,
                usuario,
                Some(id),
                Documento::TermoAdesao,
                termo::VERSAO,
                agora,
            )?;
            if aceite.versao_ciencia_risco.is_some() {
                registro::registrar(
                    tx,
                    usuario,
                    Some(id),
                    Documento::TermoCienciaRisco,
                    VERSAO_CIENCIA_RISCO,
                    agora,
                )?;
            }
            if aceite.declaracao_confirmada
                && let Some(d) = declaracao::vigente(tx, usuario)?
            {
                let versao = format!("declaração {}", d.id);
                registro::registrar(
                    tx,
                    usuario,
                    Some(id),
                    Documento::ConfirmacaoDeclaracao,
                    &versao,
                    agora,
                )?;
            }
            Ok(StatusCode::NO_CONTENT)
        })
        .await
}

/// `PATCH /v1/reservas/{id}/confirmarinvestimento`: Pix → Aporte pendente with a deadline,
/// partner debit → Em análise; over capacity → 409 and the reservation is cancelled (the
/// refusal commits the cancellation).
async fn confirmar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    IdReserva(id): IdReserva,
) -> Result<JsonExato, ApiError> {
    let usuario = investidor.usuario_id;
    let regras = sandbox.cfg().regras();
    let prazos = Prazos {
        pix: sandbox.cfg().pix_deadline,
        dias_desistencia: regras.dias_desistencia,
    };
    let agora = tempo::agora();
    sandbox
        .db()
        .transicao(move |tx| {
            let confirmacao = store::pedido::confirmar(tx, id, usuario, &prazos, agora, |r| {
                if registro::aceito_em(
                    tx,
                    r.id,
                    Documento::TermoCienciaRisco,
                    VERSAO_CIENCIA_RISCO,
                )?
                .is_none()
                {
                    return recusar(RecusaConfirmacao::SemCienciaRisco);
                }
                // The limit again, inside the writer's transaction: another reservation may
                // have been confirmed since this one was created.
                declaracao::verificar_pedido(tx, usuario, &regras.limite, agora, r.centavos)
                    .or_else(|e| recusar(RecusaConfirmacao::Limite(e)))
            })?;
            let r = match confirmacao {
                Confirmacao::Repetida(r) => return Ok(resposta::json(&r.confirmacao_json(agora))?),
                Confirmacao::Nova(r) => r,
            };
            movimentos::apos_evento(tx, id, agora)?;
            let notificacao = Notificacao::reserva_confirmada(
                r.investimento(),
                &r.oferta.nome,
                r.tipo_pagamento != PARTNER_DEBIT,
            );
            notificacoes::enviar(tx, usuario, &notificacao, agora)?;
            Ok(resposta::json(&r.confirmacao_json(agora))?)
        })
        .await
}
