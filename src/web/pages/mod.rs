//! One module per screen: handler and view side by side.

mod auth;
mod home;
mod not_found;
mod visibility;

use axum::Router;
use axum::routing::{get, post};

use super::{AppState, routes};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(routes::HOME, get(home::view_home_get))
        .route(routes::HEALTHZ, get(|| async { "ok" }))
        .route(routes::ENTRAR, get(auth::view_entrar_get))
        .route(routes::AUTENTICACAO, get(auth::view_autenticacao_get))
        .route(routes::SAIR, post(auth::view_sair_post))
        .route(routes::VISIBILIDADE, post(visibility::view_visibilidade_post))
        .fallback(not_found::view_not_found)
}
