//! One module per screen: handler and view side by side.

mod auth;
mod detalhe;
mod home;
mod investir;
mod not_found;
mod visibility;

use axum::Router;
use axum::routing::{get, post};

use super::{AppState, routes};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(routes::HOME, get(home::view_home_get))
        .route(routes::INVESTIR, get(investir::view_investir_get))
        .route("/investir/{url}", get(detalhe::view_detalhe_get))
        .route("/investir/{url}/documento", get(detalhe::view_documento_get))
        .route("/investir/{url}/simular", get(detalhe::view_simular_get))
        .route("/preview/{id}", get(detalhe::view_preview_get))
        .route(routes::HEALTHZ, get(|| async { "ok" }))
        .route(routes::ENTRAR, get(auth::view_entrar_get))
        .route(routes::AUTENTICACAO, get(auth::view_autenticacao_get))
        .route(routes::SAIR, post(auth::view_sair_post))
        .route(routes::VISIBILIDADE, post(visibility::view_visibilidade_post))
        .fallback(not_found::view_not_found)
}
