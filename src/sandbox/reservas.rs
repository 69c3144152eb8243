//! `/v1/reservas` (CONTRACTS.md "Reservations API"). The order flow: create the reservation
//! (Aberto), accept its term, confirm it. Confirmation checks the offering's room and
//! commits the amount in one IMMEDIATE transaction, so concurrent orders can never
//! oversubscribe an offering.
//!
//! The reservation resource also holds the reservation model, the summary, the
//! simulation and cash flow, the wallet and the reservation's documents.

mod capacidade;
pub(crate) mod carteira;
mod desistir;
pub(crate) mod documentos;
pub(crate) mod encerramento;
pub(crate) mod fluxo;
mod pedido;
pub(crate) mod reserva;
pub(crate) mod resumo;
pub(crate) mod simulacao;
pub(crate) mod termo;
mod transicoes;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, patch, post};
use axum::{Json, Router};
use rusqlite::{OptionalExtension, params};

use crate::domain::desistencia;
use crate::domain::reserva::{MSG_NOT_AVAILABLE, MSG_RISK, MSG_TERMS, PARTNER_DEBIT};
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::cadastro::declaracao;
use crate::sandbox::erro::{ApiError, SESSAO_INVALIDA};
use crate::sandbox::extrato::movimentos;
use crate::sandbox::notificacoes::{self, Notificacao};
use crate::sandbox::registro::{self, Documento};
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::termos::VERSAO_CIENCIA_RISCO;
use crate::sandbox::{Sandbox, tempo};
use reserva::Reserva;

use capacidade::Capacidade;

pub(crate) const FECHADA: &str = "Esta captação não está aberta para investimentos.";
pub(crate) const NAO_ABERTA: &str = "Esta reserva não está mais aberta para alterações.";
pub(crate) const APENAS_COMPLETO: &str =
    "Apenas investidores com cadastro completo podem investir.";

/// Every `/v1/reservas` route: the order flow, the summary, the simulation, the wallet,
/// the documents, and the sandbox-only transitions.
pub(crate) fn routes() -> Router<Sandbox> {
    Router::new()
        .route("/v1/reservas", post(criar))
        .route("/v1/reservas/resumo", get(resumo::resumo))
        .route("/v1/reservas/simular/{id}", get(simulacao::simular))
        .route("/v1/reservas/pendentes", get(carteira::pendentes))
        .route("/v1/reservas/alocacao/resumida", get(carteira::resumida))
        .route("/v1/reservas/alocacao/detalhada", get(carteira::detalhada))
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
    let pedido = pedido::Pedido::ler(&corpo)?;
    let usuario = investidor.usuario_id;
    let agora = tempo::agora();
    let regras = sandbox.cfg().regras();
    let corpo = sandbox
        .db()
        .escrever(move |tx| {
            let (cadastro, permite): (String, bool) = tx
                .query_row(
                    "SELECT cadastro, permite_liquidacao_ativa FROM usuarios WHERE id = ?1",
                    params![usuario],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?
                .ok_or_else(|| ApiError::nao_autorizado(SESSAO_INVALIDA))?;
            if cadastro != "Completo" {
                return Err(ApiError::new(StatusCode::FORBIDDEN, APENAS_COMPLETO));
            }
            let cap = Capacidade::ler(tx, pedido.id_captacao, agora)?
                .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "Captação não encontrada."))?;
            if pedido.simulado {
                return Err(ApiError::requisicao("Reservas simuladas não são aceitas."));
            }
            if !cap.aberta(agora) {
                return Err(ApiError::requisicao(FECHADA));
            }
            let centavos = pedido.centavos(cap.minimo)?;
            let tipo = pedido.tipo_pagamento(permite)?;
            if centavos > cap.livre() {
                return Err(ApiError::new(StatusCode::CONFLICT, MSG_NOT_AVAILABLE));
            }
            // The offering's room first, then the investor's annual limit.
            declaracao::verificar_pedido(tx, usuario, &regras.limite, agora, centavos)?;
            let ms = tempo::ms(agora);
            tx.execute(
                "INSERT INTO reservas (usuario_id, captacao_id, status, tipo_pagamento, origem,
                    investimento_centavos, criada_em, atualizada_em)
                 VALUES (?1, ?2, 'Aberto', ?3, ?4, ?5, ?6, ?6)",
                params![
                    usuario,
                    pedido.id_captacao,
                    tipo,
                    pedido.origem,
                    centavos,
                    ms
                ],
            )?;
            let r = reserva::do_investidor(tx, tx.last_insert_rowid(), usuario)?;
            let inicio = tempo::rfc3339(r.inicio_rendimento(agora));
            resposta::texto(&termo::termo(&r, &regras).json(&r, Some(inicio), None))
        })
        .await?;
    Ok((StatusCode::CREATED, Json(corpo)))
}

/// `GET /v1/reservas/{id}/termo`: the term again (a reloaded step 2).
async fn ver_termo(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    Path(id): Path<String>,
) -> Result<JsonExato, ApiError> {
    let regras = sandbox.cfg().regras();
    reserva::ler_do_investidor(&sandbox, &investidor, &id, move |c, r| {
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
    Path(id): Path<String>,
    corpo: Bytes,
) -> Result<StatusCode, ApiError> {
    let id = reserva::ler_id(&id)?;
    let aceite = pedido::Aceite::ler(&corpo);
    let usuario = investidor.usuario_id;
    let agora = tempo::agora();
    let regras = sandbox.cfg().regras();
    sandbox
        .db()
        .escrever(move |tx| {
            let r = reserva::do_investidor(tx, id, usuario)?;
            if r.status(agora) != "Aberto" {
                return Err(ApiError::new(StatusCode::CONFLICT, NAO_ABERTA));
            }
            if !aceite.aceite {
                return Err(ApiError::requisicao(MSG_TERMS));
            }
            if aceite
                .versao_ciencia_risco
                .as_deref()
                .is_some_and(|v| v != VERSAO_CIENCIA_RISCO)
            {
                return Err(ApiError::requisicao(
                    "O Termo de Ciência de Risco foi atualizado. Leia a nova versão e aceite-a para prosseguir.",
                ));
            }
            let t = termo::termo(&r, &regras);
            let opcao = match (aceite.opcao.as_deref(), t.opcoes.as_slice()) {
                (Some(o), _) if t.descricao_da_opcao(o).is_some() => o.to_owned(),
                (None, [(unica, _)]) => (*unica).to_owned(),
                _ => {
                    return Err(ApiError::requisicao(
                        "Selecione uma das opções do termo para prosseguir.",
                    ));
                }
            };
            let ms = tempo::ms(agora);
            tx.execute(
                "UPDATE reservas SET termo_opcao = ?1, termo_aceito_em = ?2, atualizada_em = ?2
                 WHERE id = ?3",
                params![opcao, ms, id],
            )?;
            registro::registrar(tx, usuario, Some(id), Documento::TermoAdesao, termo::VERSAO, agora)?;
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
                registro::registrar(tx, usuario, Some(id), Documento::ConfirmacaoDeclaracao, &versao, agora)?;
            }
            Ok(StatusCode::NO_CONTENT)
        })
        .await
}

/// `PATCH /v1/reservas/{id}/confirmarinvestimento`: Pix → Aporte pendente with a deadline,
/// partner debit → Em análise; over capacity → 409 and the reservation is cancelled.
async fn confirmar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    Path(id): Path<String>,
) -> Result<JsonExato, ApiError> {
    let id = reserva::ler_id(&id)?;
    let usuario = investidor.usuario_id;
    let prazo_pix = sandbox.cfg().pix_deadline;
    let regras = sandbox.cfg().regras();
    let agora = tempo::agora();
    // The inner Result carries refusals that must still commit (the cancellation).
    sandbox
        .db()
        .escrever(move |tx| {
            let r = reserva::do_investidor(tx, id, usuario)?;
            match r.status(agora) {
                "Aberto" => {}
                // A retried confirmation (lost answer) gets the same answer again.
                "Aporte pendente" | "Em análise" => {
                    return Ok(Ok(resposta::texto(&r.confirmacao_json(agora))?));
                }
                _ => return Ok(Err(ApiError::new(StatusCode::CONFLICT, NAO_ABERTA))),
            }
            if r.termo_aceito_em.is_none() {
                return Ok(Err(ApiError::requisicao(MSG_TERMS)));
            }
            if registro::aceito_em(tx, id, Documento::TermoCienciaRisco, VERSAO_CIENCIA_RISCO)?
                .is_none()
            {
                return Ok(Err(ApiError::requisicao(MSG_RISK)));
            }
            // The limit again, inside the writer's transaction: another reservation may
            // have been confirmed since this one was created.
            if let Err(e) =
                declaracao::verificar_pedido(tx, usuario, &regras.limite, agora, r.centavos)
            {
                return Ok(Err(e));
            }
            let ms = tempo::ms(agora);
            let cap = Capacidade::ler(tx, r.captacao_id, agora)?
                .ok_or_else(|| ApiError::interno("reserva sem captação"))?;
            let recusa = if !cap.aberta(agora) {
                Some(ApiError::requisicao(FECHADA))
            } else if r.centavos > cap.livre() {
                Some(ApiError::new(StatusCode::CONFLICT, MSG_NOT_AVAILABLE))
            } else {
                None
            };
            if let Some(erro) = recusa {
                tx.execute(
                    "UPDATE reservas SET status = 'Cancelado', cancelada_em = ?1, atualizada_em = ?1
                     WHERE id = ?2",
                    params![ms, id],
                )?;
                return Ok(Err(erro));
            }
            let inicio = tempo::ms(reserva::dia_seguinte(agora));
            let desistencia_ate =
                tempo::ms(desistencia::withdrawal_ends(agora, regras.dias_desistencia));
            if r.tipo_pagamento == PARTNER_DEBIT {
                tx.execute(
                    "UPDATE reservas SET status = 'Em análise', confirmada_em = ?1,
                        inicio_rendimento = ?2, desistencia_ate = ?4, atualizada_em = ?1
                     WHERE id = ?3",
                    params![ms, inicio, id, desistencia_ate],
                )?;
            } else {
                let vencimento = tempo::ms(tempo::mais(agora, prazo_pix));
                tx.execute(
                    "UPDATE reservas SET status = 'Aporte pendente', confirmada_em = ?1,
                        pix_vencimento = ?2, inicio_rendimento = ?3, desistencia_ate = ?5,
                        atualizada_em = ?1
                     WHERE id = ?4",
                    params![ms, vencimento, inicio, id, desistencia_ate],
                )?;
            }
            let r: Reserva = reserva::do_investidor(tx, id, usuario)?;
            movimentos::apos_evento(tx, id, agora)?;
            let notificacao = Notificacao::reserva_confirmada(
                r.investimento(),
                &r.oferta.nome,
                r.tipo_pagamento != PARTNER_DEBIT,
            );
            notificacoes::enviar(tx, usuario, &notificacao, agora)?;
            Ok(Ok(resposta::texto(&r.confirmacao_json(agora))?))
        })
        .await?
        .map(Json)
}
