//! `POST /sandbox/reservas/{id}/parcelas/{numero}/pagar` (sandbox only, like the
//! reservation transitions): the issuer pays what is still open of that instalment today.
//! The statement catches up and the investor is told what changed, in the same
//! transaction. Answers the holding, as `GET /v1/investimentos/{urlAmigavel}` would.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use super::posicao::Posicao;
use super::{avisos, json, store};
use crate::domain::dates;
use crate::sandbox::erro::ApiError;
use crate::sandbox::extratores;
use crate::sandbox::reservas::reserva::nao_encontrada;
use crate::sandbox::reservas::transicoes::recusar_outros_sites;
use crate::sandbox::reservas::{movimentos, store as reservas};
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};

pub(crate) const PARCELA_NAO_ENCONTRADA: &str = "Parcela não encontrada.";

pub(super) fn routes() -> Router<Sandbox> {
    Router::new().route(
        "/sandbox/reservas/{id}/parcelas/{numero}/pagar",
        post(pagar),
    )
}

async fn pagar(
    State(s): State<Sandbox>,
    headers: HeaderMap,
    Path((id, numero)): Path<(String, String)>,
) -> Result<JsonExato, ApiError> {
    recusar_outros_sites(&s, &headers)?;
    let id = extratores::parse(&id).ok_or_else(nao_encontrada)?;
    let sem_parcela = || ApiError::new(StatusCode::NOT_FOUND, PARCELA_NAO_ENCONTRADA);
    let numero = extratores::parse(&numero)
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(sem_parcela)?;
    let agora = tempo::agora();
    s.db()
        .write(move |tx| {
            let r = reservas::por_id(tx, id)?;
            let parcela = r
                .parcelas(agora)
                .into_iter()
                .find(|p| p.numero == numero)
                .ok_or_else(sem_parcela)?
                .parcela;
            let centavos = (parcela.valor.max(parcela.pago) * Decimal::ONE_HUNDRED)
                .round()
                .to_i64()
                .ok_or_else(|| ApiError::interno("parcela fora do intervalo"))?;
            let hoje = dates::today_in_sao_paulo(agora);
            store::gravar_pagamento(tx, id, numero, centavos, hoje)?;
            movimentos::apos_evento(tx, id, agora)?;
            avisos::avisar_usuario(tx, r.usuario_id, agora)?;
            let reservas: Vec<_> = reservas::investidas(tx, r.usuario_id)?
                .into_iter()
                .filter(|x| x.captacao_id == r.captacao_id)
                .collect();
            let passos = store::recuperacoes_do_usuario(tx, r.usuario_id)?;
            let posicao = Posicao::nova(reservas, &passos, agora);
            resposta::json(&json::investimento(&posicao).ok_or_else(nao_encontrada)?)
        })
        .await
}
