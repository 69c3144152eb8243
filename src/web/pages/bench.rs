//! Render hooks for `benches/render.rs` (hidden from the docs, not a public API): the
//! /investir list and the offering detail rendered to HTML as their handlers render them,
//! shell included, from offerings already in memory, so a measurement leaves the platform
//! call out and counts only our server time.

use std::sync::Arc;

use tower_cookies::Cookies;

use super::captacoes::{self, detalhe};
use crate::api::models::{Captacao, CaptacaoResumo, SearchResponse};
use crate::web::session::Jar;
use crate::web::ui::{Page, layout};
use crate::web::{AppState, Ctx};

/// A visitor's request context (no session, no cookies), reused for every render.
pub struct Renderer {
    ctx: Ctx,
}

impl Renderer {
    pub fn new(app: AppState) -> Self {
        let jar = Jar::new(
            Cookies::default(),
            app.cookie_key.clone(),
            app.cfg.secure_cookies(),
        );
        Renderer {
            ctx: Ctx {
                app,
                session: None,
                jar,
                values_hidden: false,
                flash: None,
                here: crate::web::routes::INVESTIR.to_owned(),
                partial: false,
                unread: Default::default(),
            },
        }
    }

    /// `GET /investir` (first page, no filters) with `list` as the platform's answer.
    pub fn list(&self, list: &Arc<SearchResponse<CaptacaoResumo>>) -> String {
        let raw = captacoes::RawQuery::default();
        let (state, _) = captacoes::query::parse(&raw);
        let main = captacoes::view::page(&self.ctx, &state, &raw, Some(list), false, None);
        layout::document(&self.ctx, Page::new("Investir", main).with_islands()).into_string()
    }

    /// `GET /investir/{urlAmigavel}` with `o` as the platform's answer.
    pub fn detail(&self, o: &Captacao) -> String {
        let main = detalhe::detail_markup(&self.ctx, o);
        layout::document(
            &self.ctx,
            Page::new(detalhe::DETAIL_TITLE, main).with_islands(),
        )
        .into_string()
    }
}
