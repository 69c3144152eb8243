//! One module per screen: handler and view side by side.

mod alterar_senha;
mod auth;
#[doc(hidden)]
pub mod bench;
mod cadastro;
mod carteira;
mod detalhe;
pub(crate) mod home;
pub(crate) mod investir;
mod not_found;
mod ordem;
mod politica;
mod visibility;

use axum::Router;
use axum::routing::{get, post};

use super::{AppState, routes};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(routes::HOME, get(home::view_home_get))
        .route(routes::INVESTIR, get(investir::view_investir_get))
        .route("/investir/{url}", get(detalhe::view_detalhe_get))
        .route(
            "/investir/{url}/documento",
            get(detalhe::view_documento_get),
        )
        .route("/investir/{url}/simular", get(detalhe::view_simular_get))
        .route(
            "/investir/{url}/ordem",
            get(ordem::view_ordem_get).post(ordem::view_ordem_post),
        )
        .route("/reservas/{id}", get(ordem::view_reserva_get))
        .route(
            "/reservas/{id}/termos",
            get(ordem::view_termos_get).post(ordem::view_termos_post),
        )
        .route(
            "/reservas/{id}/confirmar",
            get(ordem::view_confirmar_get).post(ordem::view_confirmar_post),
        )
        .route(routes::CARTEIRA, get(carteira::view_carteira_get))
        .route("/carteira/alocacao", get(carteira::view_alocacao_get))
        .route(
            "/carteira/alocacao.pdf",
            get(carteira::view_alocacao_pdf_get),
        )
        .route("/carteira/simulador", get(carteira::view_simulador_get))
        .route(
            "/carteira/reservas/{id}/contrato",
            get(carteira::view_contrato_get),
        )
        .route(
            "/carteira/reservas/{id}/documentos/{doc}",
            get(carteira::view_documento_get),
        )
        .route("/preview/{id}", get(detalhe::view_preview_get))
        .route(routes::HEALTHZ, get(|| async { "ok" }))
        .route(
            routes::QUERO_INVESTIR,
            get(cadastro::view_cadastro_get).post(cadastro::view_cadastro_post),
        )
        .route(
            routes::QUERO_INVESTIR_SUCESSO,
            get(cadastro::view_sucesso_get),
        )
        .route(
            routes::POLITICA_PRIVACIDADE,
            get(politica::view_politica_get),
        )
        .route(
            routes::ALTERAR_SENHA,
            get(alterar_senha::view_alterar_senha_get).post(alterar_senha::view_alterar_senha_post),
        )
        .route(routes::ENTRAR, get(auth::view_entrar_get))
        .route(routes::AUTENTICACAO, get(auth::view_autenticacao_get))
        .route(routes::SAIR, post(auth::view_sair_post))
        .route(
            routes::VISIBILIDADE,
            post(visibility::view_visibilidade_post),
        )
        .fallback(not_found::view_not_found)
}
