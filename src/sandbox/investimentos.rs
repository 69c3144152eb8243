//! After the money goes in: each holding (the investor's Pago and Aprovado reservations in
//! one offering) with its situation, instalments and timeline (`GET
//! /v1/investimentos/{urlAmigavel}`), the issuer's updates and their reports, the notices
//! sent to the investor when something changes, and a sandbox-only route that records an
//! instalment's payment.

pub(crate) mod atualizacoes;
pub(crate) mod avisos;
mod carteira;
mod json;
pub(crate) mod modelo;
mod pagar;
pub(crate) mod posicao;
pub(crate) mod store;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::get;

use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::ApiError;
use crate::sandbox::reservas::reserva::Reserva;
use crate::sandbox::reservas::store as reservas;
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};
use posicao::Posicao;

pub(crate) const NAO_ENCONTRADO: &str = "Investimento não encontrado.";

pub(crate) fn routes() -> Router<Sandbox> {
    Router::new()
        .route("/v1/reservas/alocacao/resumida", get(carteira::resumida))
        .route("/v1/reservas/alocacao/detalhada", get(carteira::detalhada))
        .route("/v1/investimentos/{url}", get(por_url))
        .route("/v1/captacoes/{id}/atualizacoes", get(atualizacoes::listar))
        .route(
            "/v1/captacoes/{id}/atualizacoes/{atualizacao}/relatorio",
            get(atualizacoes::relatorio),
        )
        .merge(pagar::routes())
}

/// `GET /v1/investimentos/{urlAmigavel}`: the investor's position in that offering; 404
/// when they hold nothing there (another investor's holding included).
async fn por_url(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    Path(url): Path<String>,
) -> Result<JsonExato, ApiError> {
    investidor
        .read(&sandbox, move |c, usuario| {
            let agora = tempo::agora();
            let nao_encontrado = || ApiError::new(StatusCode::NOT_FOUND, NAO_ENCONTRADO);
            let reservas: Vec<Reserva> = reservas::investidas(c, usuario)?
                .into_iter()
                .filter(|r| r.oferta.url_amigavel == url)
                .collect();
            if reservas.is_empty() {
                return Err(nao_encontrado());
            }
            let passos = store::recuperacoes_do_usuario(c, usuario)?;
            let posicao = Posicao::nova(reservas, &passos, agora);
            resposta::json(&json::investimento(&posicao).ok_or_else(nao_encontrado)?)
        })
        .await
}
